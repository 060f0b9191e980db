import { Button, Stack, Textarea, TextInput } from '@mantine/core';
import { useState, type FormEvent } from 'react';
import { isValidContactMessage } from '../../../../domain/validation';
import { useSendContactMessage } from '../../../api/contact';
import { ErrorNotice } from '../../../components/error-notice';
import { SuccessNotice } from '../../../components/success-notice';

const messageRequiredText = 'Please enter a message before sending.';
const successText = 'Thank you for your message. We will get back to you as soon as possible.';
const failureText = 'There was an error sending your message. Please try again later.';

type Notice = { kind: 'success' | 'error'; text: string };

/**
 * The landing page's contact form. Its two fields stay in plain state: `@mantine/form` (about 6 kB gzipped) would
 * push the landing page over its first-load budget (180 kB, e2e/first-load.spec.ts).
 */
export function ContactForm() {
  const [name, setName] = useState('');
  const [email, setEmail] = useState('');
  const [message, setMessage] = useState('');
  const [messageError, setMessageError] = useState<string | null>(null);
  const [notice, setNotice] = useState<Notice | null>(null);
  const sendMessage = useSendContactMessage();

  async function submitMessage(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (!isValidContactMessage(message)) {
      setMessageError(messageRequiredText);
      return;
    }
    setNotice(null);
    try {
      await sendMessage.mutateAsync({ name, email, message });
      setName('');
      setEmail('');
      setMessage('');
      setNotice({ kind: 'success', text: successText });
    } catch {
      setNotice({ kind: 'error', text: failureText });
    }
  }

  return (
    <form onSubmit={submitMessage} noValidate aria-label="Contact form">
      <Stack gap="sm" maw={560}>
        <TextInput label="Name" name="name" autoComplete="name" value={name} onChange={(e) => setName(e.currentTarget.value)} />
        <TextInput
          label="Email"
          name="email"
          type="email"
          autoComplete="email"
          description="Not required, but without it we cannot reply to you."
          value={email}
          onChange={(e) => setEmail(e.currentTarget.value)}
        />
        <Textarea
          label="Message"
          name="message"
          required
          autosize
          minRows={4}
          maxLength={5000}
          value={message}
          error={messageError}
          onChange={(e) => {
            setMessage(e.currentTarget.value);
            setMessageError(null);
          }}
        />
        {notice?.kind === 'success' && (
          <SuccessNotice onDismiss={() => setNotice(null)}>{notice.text}</SuccessNotice>
        )}
        <ErrorNotice text={notice?.kind === 'error' ? notice.text : null} onDismiss={() => setNotice(null)} />
        <div>
          <Button type="submit" loading={sendMessage.isPending}>
            Send Message
          </Button>
        </div>
      </Stack>
    </form>
  );
}
