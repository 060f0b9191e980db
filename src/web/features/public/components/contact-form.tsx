import { Alert, Button, Stack, Textarea, TextInput } from '@mantine/core';
import { useState, type FormEvent } from 'react';
import { isValidContactMessage } from '../../../../domain/validation';
import { useSendContactMessage } from '../../../api/contact';

const messageRequiredText = 'Please enter a message before sending.';
const successText = 'Thank you for your message. We will get back to you as soon as possible.';
const failureText = 'There was an error sending your message. Please try again later.';

type Notice = { kind: 'success' | 'error'; text: string };

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
        {notice && (
          <Alert
            color={notice.kind === 'success' ? 'teal' : 'red'}
            withCloseButton
            closeButtonLabel="Dismiss"
            onClose={() => setNotice(null)}
          >
            {notice.text}
          </Alert>
        )}
        <div>
          <Button type="submit" loading={sendMessage.isPending}>
            Send Message
          </Button>
        </div>
      </Stack>
    </form>
  );
}
