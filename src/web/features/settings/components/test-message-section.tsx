import { Box, Button, Group, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { useState } from 'react';
import { useSendTestMessage } from '../../../api/messages';
import { ErrorNotice } from '../../../components/error-notice';
import { SuccessNotice } from '../../../components/success-notice';
import { describeApiError } from '../../../lib/api-client';
import { SettingsSection } from './settings-section';

/** "Send a test message": queues one SMS to a number typed in, through the saved settings. */
export function TestMessageSection() {
  const send = useSendTestMessage();
  const form = useForm({ initialValues: { to: '' } });
  const [sentTo, setSentTo] = useState<string | null>(null);
  const [errorText, setErrorText] = useState<string | null>(null);
  const to = form.getValues().to.trim();

  const submit = form.onSubmit(async () => {
    if (!to || send.isPending) return;
    setErrorText(null);
    setSentTo(null);
    try {
      const message = await send.mutateAsync(to);
      setSentTo(message.to);
    } catch (error) {
      setErrorText(describeApiError(error));
    }
  });

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
            {...form.getInputProps('to')}
            style={{ flexGrow: 1 }}
          />
          <Button type="submit" loading={send.isPending} disabled={!to}>
            Send a test message
          </Button>
        </Group>
      </form>
      {sentTo && (
        <Box maw={560}>
          <SuccessNotice>Test message queued to {sentTo}.</SuccessNotice>
        </Box>
      )}
      <ErrorNotice text={errorText} onDismiss={() => setErrorText(null)} />
    </SettingsSection>
  );
}
