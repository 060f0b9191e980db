import { Alert, Button, Group, TextInput } from '@mantine/core';
import { useState, type FormEvent } from 'react';
import { useSendTestMessage } from '../../../api/messages';
import { ErrorNotice } from '../../../components/error-notice';
import { describeApiError } from '../../../lib/api-client';
import { SettingsSection } from './settings-section';

/** "Send a test message": queues one SMS to a number typed in, through the saved settings. */
export function TestMessageSection() {
  const send = useSendTestMessage();
  const [to, setTo] = useState('');
  const [sentTo, setSentTo] = useState<string | null>(null);
  const [errorText, setErrorText] = useState<string | null>(null);

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (!to.trim() || send.isPending) return;
    setErrorText(null);
    setSentTo(null);
    try {
      const message = await send.mutateAsync(to.trim());
      setSentTo(message.to);
    } catch (error) {
      setErrorText(describeApiError(error));
    }
  }

  return (
    <SettingsSection title="Test message">
      <form onSubmit={submit} noValidate aria-label="Test message">
        <Group align="flex-end" maw={560}>
          <TextInput
            label="Phone number"
            name="test_to"
            type="tel"
            autoComplete="off"
            description="Sent with the saved settings."
            value={to}
            onChange={(event) => setTo(event.currentTarget.value)}
            style={{ flexGrow: 1 }}
          />
          <Button type="submit" loading={send.isPending} disabled={!to.trim()}>
            Send a test message
          </Button>
        </Group>
      </form>
      {sentTo && (
        <Alert color="teal" role="status" maw={560}>
          Test message queued to {sentTo}.
        </Alert>
      )}
      <ErrorNotice text={errorText} onDismiss={() => setErrorText(null)} />
    </SettingsSection>
  );
}
