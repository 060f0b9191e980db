import { Checkbox, Group, Button, Select, Stack, Text, TextInput, Title } from '@mantine/core';
import { SuccessNotice } from '../../../components/success-notice';
import { useForm } from '@mantine/form';
import { useState } from 'react';
import type {
  MessageTemplates,
  MessagingProvider,
  MessagingSettings,
  QuietHours,
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

type MessagingValues = {
  provider: MessagingProvider;
  api_url: string;
  account_sid: string;
  auth_token: string;
  sender_number: string;
  has_quiet_hours: boolean;
  quiet_hours: QuietHours;
  templates: MessageTemplates;
};

/** The form's fields are named as the server names them, so its field errors land on their fields. */
function toValues(settings: MessagingSettings): MessagingValues {
  return {
    provider: settings.provider,
    api_url: settings.api_url,
    account_sid: settings.account_sid,
    // Write-only: empty keeps the stored token.
    auth_token: '',
    sender_number: settings.sender_number,
    has_quiet_hours: settings.quiet_hours !== null,
    quiet_hours: settings.quiet_hours ?? { from: '21:00', to: '08:00' },
    templates: settings.templates,
  };
}

function toBody(values: MessagingValues): UpdateMessagingSettingsBody {
  return {
    provider: values.provider,
    api_url: values.api_url.trim(),
    account_sid: values.account_sid.trim(),
    sender_number: values.sender_number.trim(),
    quiet_hours: values.has_quiet_hours ? values.quiet_hours : null,
    templates: values.templates,
    ...(values.auth_token ? { auth_token: values.auth_token } : {}),
  };
}

function MessagingForm({ settings }: { settings: MessagingSettings }) {
  const update = useUpdateMessagingSettings();
  // Checked by the server on Save; its refusals show beside their fields.
  const form = useForm<MessagingValues>({ initialValues: toValues(settings) });
  const [errorText, setErrorText] = useState<string | null>(null);
  const savedNotice = useTimedNotice();
  const values = form.getValues();
  const isTokenRequired = isSourcePasswordRequired(
    { url: settings.api_url, username: settings.account_sid, hasPassword: settings.has_auth_token },
    { url: values.api_url.trim(), username: values.account_sid.trim() },
  );

  const save = form.onSubmit(async (valid) => {
    if (update.isPending) return;
    setErrorText(null);
    form.clearErrors();
    savedNotice.hide();
    try {
      const saved = await update.mutateAsync(toBody(valid));
      form.setFieldValue('auth_token', '');
      form.setFieldValue('sender_number', saved.sender_number);
      savedNotice.show();
    } catch (error) {
      if (error instanceof ApiError) form.setErrors(error.fieldErrors);
      setErrorText(describeApiError(error));
    }
  });

  return (
    <form onSubmit={save} noValidate aria-label="Messaging settings">
      <Stack gap="xl" maw={640}>
        <SettingsSection title="Provider">
          <Select
            label="Provider"
            name="provider"
            data={providerOptions}
            allowDeselect={false}
            {...form.getInputProps('provider')}
            onChange={(value) => form.setFieldValue('provider', value === 'twilio' ? 'twilio' : 'none')}
          />
          {values.provider === 'twilio' && (
            <>
              <TextInput
                label="API address"
                name="api_url"
                type="url"
                description="Twilio's own is https://api.twilio.com"
                {...form.getInputProps('api_url')}
              />
              <TextInput
                label="Account SID"
                name="account_sid"
                autoComplete="off"
                {...form.getInputProps('account_sid')}
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
                {...form.getInputProps('auth_token')}
              />
            </>
          )}
          <TextInput
            label="Sender number"
            name="sender_number"
            type="tel"
            description="The number messages come from and replies go to."
            {...form.getInputProps('sender_number')}
          />
        </SettingsSection>
        <SettingsSection title="Quiet hours">
          <Checkbox
            label="No delivery notices or driver reminders in the quiet hours (welfare messages always go)"
            {...form.getInputProps('has_quiet_hours', { type: 'checkbox' })}
          />
          {values.has_quiet_hours && (
            <Group>
              <TextInput
                label="From"
                type="time"
                name="quiet_from"
                {...form.getInputProps('quiet_hours.from')}
              />
              <TextInput label="To" type="time" name="quiet_to" {...form.getInputProps('quiet_hours.to')} />
            </Group>
          )}
        </SettingsSection>
        <SettingsSection title="Templates">
          <MessageTemplatesFields
            templates={values.templates}
            errors={form.errors}
            onChange={(templates) => form.setFieldValue('templates', templates)}
          />
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
