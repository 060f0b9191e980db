import { Box, Button, Group, Stack, TextInput } from '@mantine/core';
import { SettingsSection } from './settings-section';
import { useFormCheckedAsTyped } from '../../../lib/use-form-checked-as-typed';
import { useState } from 'react';
import type { Account } from '../../../../contracts/accounts';
import {
  isSourcePasswordRequired,
  reenterSourcePasswordMessage,
} from '../../../../domain/source-credentials';
import { PasswordField } from '../../../components/password-field';
import { ApiError, describeApiError } from '../../../lib/api-client';
import { useUpdateAccount } from '../../../api/accounts';
import { useClientTags } from '../../../api/source-lists';
import { ErrorNotice } from '../../../components/error-notice';
import { buildCredentialsBody, isValidSourceUrl, type SourceCredentialsForm } from './source-settings';
import { SavedBanner } from './saved-banner';
import { SourceAccessCheck } from './source-access-check';
import { useTimedNotice } from '../../../components/use-timed-notice';

const sectionTitle = 'CRM Settings';

function describePasswordField(hasStoredPassword: boolean, isLinkChanged: boolean): string {
  if (isLinkChanged)
    return 'The stored password is only used with the saved address and username. For AlayaCare, the API private key.';
  return hasStoredPassword
    ? 'A password is stored; it is never shown. Leave this empty to keep it, or type a new one. For AlayaCare, the API private key.'
    : 'No password is stored yet. For AlayaCare, the API private key.';
}

/** The source system (CRM) link: web address, username and the write-only password, then the access check. */
export function SourceGeneralSection({ account }: { account: Account }) {
  const updateAccount = useUpdateAccount();
  // The stored password never follows a new address or username (the server refuses that too): type it again.
  const changesLink = (values: SourceCredentialsForm) =>
    isSourcePasswordRequired(
      {
        url: account.source_url,
        username: account.source_username,
        hasPassword: account.has_source_password,
      },
      { url: values.sourceUrl.trim(), username: values.sourceUsername.trim() },
    );
  const validate = (values: SourceCredentialsForm) => ({
    sourceUrl: isValidSourceUrl(values.sourceUrl)
      ? null
      : 'Enter a web address starting with https:// or http://',
    sourcePassword: changesLink(values) && values.sourcePassword === '' ? reenterSourcePasswordMessage : null,
  });
  const initialValues: SourceCredentialsForm = {
    sourceUrl: account.source_url,
    sourceUsername: account.source_username,
    sourcePassword: '',
  };
  const form = useFormCheckedAsTyped(initialValues, validate);
  // A new address or username may ask for the password again.
  form.watch('sourceUrl', () => form.validateField('sourcePassword'));
  form.watch('sourceUsername', () => form.validateField('sourcePassword'));
  const [errorText, setErrorText] = useState<string | null>(null);
  const savedNotice = useTimedNotice();
  // The check reads the saved settings, so it follows the saved web address, not the one being typed.
  const isConfigured = account.source_url !== '';
  const clientTags = useClientTags(isConfigured);
  const isPending = updateAccount.isPending;
  const isLinkChanged = changesLink(form.getValues());

  const saveCredentials = form.onSubmit(async (valid) => {
    if (isPending) return;
    setErrorText(null);
    savedNotice.hide();
    try {
      await updateAccount.mutateAsync({ accountId: account.id, body: buildCredentialsBody(valid) });
      form.setFieldValue('sourcePassword', '');
      // Saved, the typed address and username are the stored ones: nothing is left to type again.
      form.clearErrors();
      savedNotice.show();
    } catch (error) {
      setErrorText(describeApiError(error));
    }
  });

  return (
    <SettingsSection title={sectionTitle}>
      <form onSubmit={saveCredentials} noValidate aria-label={sectionTitle}>
        <Stack gap="md" maw={560}>
          <TextInput
            label="Source URL"
            type="url"
            name="source_url"
            autoComplete="url"
            description="The web address of the CRM, such as https://yourservice.alayacare.com"
            {...form.getInputProps('sourceUrl')}
          />
          <TextInput
            label="Username"
            name="source_username"
            // The CRM's key, not this site's login: keep the browser from filling in the admin's own username.
            autoComplete="off"
            description="For AlayaCare, the API public key."
            {...form.getInputProps('sourceUsername')}
          />
          <PasswordField
            label="Password"
            name="source_password"
            autoComplete="new-password"
            required={isLinkChanged}
            placeholder={
              account.has_source_password && !isLinkChanged
                ? 'Leave empty to keep the stored password'
                : undefined
            }
            description={describePasswordField(account.has_source_password, isLinkChanged)}
            {...form.getInputProps('sourcePassword')}
          />
          <SavedBanner isShown={savedNotice.isShown} />
          <ErrorNotice text={errorText} onDismiss={() => setErrorText(null)} />
          <Group>
            <Button type="submit" loading={isPending} disabled={!form.isValid() || isPending}>
              Save
            </Button>
          </Group>
        </Stack>
      </form>
      <Box maw={560}>
        <SourceAccessCheck
          isConfigured={isConfigured}
          isChecking={clientTags.isFetching}
          tags={clientTags.data}
          errorText={clientTags.isError ? clientTags.error.message : null}
          failureKind={
            clientTags.error instanceof ApiError ? (clientTags.error.meta.source_failure ?? null) : null
          }
        />
      </Box>
    </SettingsSection>
  );
}
