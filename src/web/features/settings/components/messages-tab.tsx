import { Checkbox, Group, Button, Select, Stack, Text, TextInput, Title } from '@mantine/core';
import { SuccessNotice } from '../../../components/success-notice';
import { useState, type FormEvent } from 'react';
import type {
  MessagingProvider,
  MessagingSettings,
  UpdateMessagingSettingsBody,
} from '../../../../contracts/messages';
import { isSourcePasswordRequired } from '../../../../domain/source-credentials';
import { useMessagingSettings, useUpdateMessagingSettings } from '../../../api/messages';
import { ErrorNotice } from '../../../components/error-notice';
import { PasswordField } from '../../../components/password-field';
import { useTimedNotice } from '../../../components/use-timed-notice';
import { ApiError, describeApiError } from '../../../lib/api-client';
import { settingsSavedText } from './source-settings';
import { MessageTemplatesFields } from './message-templates-fields';
import { SettingsSection } from './settings-section';
import { TestMessageSection } from './test-message-section';

const providerOptions = [
  { value: 'none', label: 'None (nothing is sent)' },
  { value: 'twilio', label: 'Twilio' },
];

/** Settings > Messages (admin only): the SMS and voice provider, quiet hours, templates and a test message. */
export function MessagesTab() {
  const settings = useMessagingSettings();
  return (
    <Stack gap="xl">
      <Title order={2}>Messages</Title>
      {settings.isPending && <Text>Loading...</Text>}
      <ErrorNotice text={settings.error?.message} />
      {settings.data && <MessagingForm settings={settings.data} />}
      {settings.data && <TestMessageSection />}
    </Stack>
  );
}

function MessagingForm({ settings }: { settings: MessagingSettings }) {
  const update = useUpdateMessagingSettings();
  const [provider, setProvider] = useState<MessagingProvider>(settings.provider);
  const [apiUrl, setApiUrl] = useState(settings.api_url);
  const [accountSid, setAccountSid] = useState(settings.account_sid);
  const [authToken, setAuthToken] = useState('');
  const [senderNumber, setSenderNumber] = useState(settings.sender_number);
  const [hasQuietHours, setHasQuietHours] = useState(settings.quiet_hours !== null);
  const [quietFrom, setQuietFrom] = useState(settings.quiet_hours?.from ?? '21:00');
  const [quietTo, setQuietTo] = useState(settings.quiet_hours?.to ?? '08:00');
  const [templates, setTemplates] = useState(settings.templates);
  const [fieldErrors, setFieldErrors] = useState<Partial<Record<string, string>>>({});
  const [errorText, setErrorText] = useState<string | null>(null);
  const savedNotice = useTimedNotice();
  const isTokenRequired = isSourcePasswordRequired(
    { url: settings.api_url, username: settings.account_sid, hasPassword: settings.has_auth_token },
    { url: apiUrl.trim(), username: accountSid.trim() },
  );

  async function save(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (update.isPending) return;
    setErrorText(null);
    setFieldErrors({});
    savedNotice.hide();
    const body: UpdateMessagingSettingsBody = {
      provider,
      api_url: apiUrl.trim(),
      account_sid: accountSid.trim(),
      sender_number: senderNumber.trim(),
      quiet_hours: hasQuietHours ? { from: quietFrom, to: quietTo } : null,
      templates,
      ...(authToken ? { auth_token: authToken } : {}),
    };
    try {
      const saved = await update.mutateAsync(body);
      setAuthToken('');
      setSenderNumber(saved.sender_number);
      savedNotice.show();
    } catch (error) {
      const errors = error instanceof ApiError ? (error.meta.errors ?? []) : [];
      setFieldErrors(Object.fromEntries(errors.map((item) => [item.field, item.message])));
      setErrorText(describeApiError(error));
    }
  }

  return (
    <form onSubmit={save} noValidate aria-label="Messaging settings">
      <Stack gap="xl" maw={640}>
        <SettingsSection title="Provider">
          <Select
            label="Provider"
            name="provider"
            data={providerOptions}
            value={provider}
            allowDeselect={false}
            onChange={(value) => setProvider(value === 'twilio' ? 'twilio' : 'none')}
          />
          {provider === 'twilio' && (
            <>
              <TextInput
                label="API address"
                name="api_url"
                type="url"
                description="Twilio's own is https://api.twilio.com"
                value={apiUrl}
                error={fieldErrors.api_url}
                onChange={(event) => setApiUrl(event.currentTarget.value)}
              />
              <TextInput
                label="Account SID"
                name="account_sid"
                autoComplete="off"
                value={accountSid}
                error={fieldErrors.account_sid}
                onChange={(event) => setAccountSid(event.currentTarget.value)}
              />
              <PasswordField
                label="Auth token"
                name="auth_token"
                autoComplete="new-password"
                required={isTokenRequired || !settings.has_auth_token}
                placeholder={
                  settings.has_auth_token && !isTokenRequired
                    ? 'Leave empty to keep the stored token'
                    : undefined
                }
                description={
                  settings.has_auth_token
                    ? 'A token is stored; it is never shown. Type a new one to replace it.'
                    : 'No token is stored yet.'
                }
                error={fieldErrors.auth_token}
                value={authToken}
                onChange={(event) => setAuthToken(event.currentTarget.value)}
              />
            </>
          )}
          <TextInput
            label="Sender number"
            name="sender_number"
            type="tel"
            description="The number messages come from and replies go to."
            value={senderNumber}
            error={fieldErrors.sender_number}
            onChange={(event) => setSenderNumber(event.currentTarget.value)}
          />
        </SettingsSection>
        <SettingsSection title="Quiet hours">
          <Checkbox
            label="No delivery notices or driver reminders in the quiet hours (welfare messages always go)"
            checked={hasQuietHours}
            onChange={(event) => setHasQuietHours(event.currentTarget.checked)}
          />
          {hasQuietHours && (
            <Group>
              <TextInput
                label="From"
                type="time"
                name="quiet_from"
                value={quietFrom}
                error={fieldErrors['quiet_hours.from']}
                onChange={(event) => setQuietFrom(event.currentTarget.value)}
              />
              <TextInput
                label="To"
                type="time"
                name="quiet_to"
                value={quietTo}
                error={fieldErrors['quiet_hours.to']}
                onChange={(event) => setQuietTo(event.currentTarget.value)}
              />
            </Group>
          )}
        </SettingsSection>
        <SettingsSection title="Templates">
          <MessageTemplatesFields templates={templates} errors={fieldErrors} onChange={setTemplates} />
        </SettingsSection>
        {savedNotice.isShown && <SuccessNotice>{settingsSavedText}</SuccessNotice>}
        <ErrorNotice text={errorText} onDismiss={() => setErrorText(null)} />
        <Group>
          <Button type="submit" loading={update.isPending}>
            Save
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
