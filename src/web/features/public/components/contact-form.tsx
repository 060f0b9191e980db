import { Button, Stack, Textarea, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { useState } from 'react';
import { isValidContactMessage } from '../../../../domain/validation';
import { useSendContactMessage } from '../../../api/contact';
import { ErrorNotice } from '../../../components/error-notice';
import { SuccessNotice } from '../../../components/success-notice';

const messageRequiredText = 'Please enter a message before sending.';
const successText = 'Thank you for your message. We will get back to you as soon as possible.';
const failureText = 'There was an error sending your message. Please try again later.';

type Notice = { kind: 'success' | 'error'; text: string };

export function ContactForm() {
  // Checked on Send; the refusal clears as the message is typed.
  const form = useForm({
    initialValues: { name: '', email: '', message: '' },
    validate: { message: (message) => (isValidContactMessage(message) ? null : messageRequiredText) },
  });
  const [notice, setNotice] = useState<Notice | null>(null);
  const sendMessage = useSendContactMessage();

  const submitMessage = form.onSubmit(async (values) => {
    setNotice(null);
    try {
      await sendMessage.mutateAsync(values);
      form.reset();
      setNotice({ kind: 'success', text: successText });
    } catch {
      setNotice({ kind: 'error', text: failureText });
    }
  });

  return (
    <form onSubmit={submitMessage} noValidate aria-label="Contact form">
      <Stack gap="sm" maw={560}>
        <TextInput label="Name" name="name" autoComplete="name" {...form.getInputProps('name')} />
        <TextInput
          label="Email"
          name="email"
          type="email"
          autoComplete="email"
          description="Not required, but without it we cannot reply to you."
          {...form.getInputProps('email')}
        />
        <Textarea
          label="Message"
          name="message"
          required
          autosize
          minRows={4}
          maxLength={5000}
          {...form.getInputProps('message')}
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
