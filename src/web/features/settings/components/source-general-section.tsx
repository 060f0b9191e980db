import { Box, Button, Group, Stack, TextInput } from '@mantine/core';
import { SettingsSection } from './settings-section';
import { useState, type FormEvent } from 'react';
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
import { buildCredentialsBody, isValidSourceUrl, settingsSavedText } from './source-settings';
import { SourceAccessCheck } from './source-access-check';
import { useTimedNotice } from '../../../components/use-timed-notice';
import { SuccessNotice } from '../../../components/success-notice';

const sectionTitle = 'CMS Settings';

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
  const [sourceUrl, setSourceUrl] = useState(account.source_url);
  const [sourceUsername, setSourceUsername] = useState(account.source_username);
  const [sourcePassword, setSourcePassword] = useState('');
  const [errorText, setErrorText] = useState<string | null>(null);
  const savedNotice = useTimedNotice();
  // The check reads the saved settings, so it follows the saved web address, not the one being typed.
  const isConfigured = account.source_url !== '';
  const clientTags = useClientTags(isConfigured);

  const isUrlValid = isValidSourceUrl(sourceUrl);
  const isPending = updateAccount.isPending;
  // The stored password never follows a new address or username (the server refuses that too): type it again.
  const isLinkChanged = isSourcePasswordRequired(
    { url: account.source_url, username: account.source_username, hasPassword: account.has_source_password },
    { url: sourceUrl.trim(), username: sourceUsername.trim() },
  );
  const isPasswordMissing = isLinkChanged && sourcePassword === '';

  async function saveCredentials(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (!isUrlValid || isPasswordMissing || isPending) return;
    setErrorText(null);
    savedNotice.hide();
    try {
      const body = buildCredentialsBody({ sourceUrl, sourceUsername, sourcePassword });
      await updateAccount.mutateAsync({ accountId: account.id, body });
      setSourcePassword('');
      savedNotice.show();
    } catch (error) {
      setErrorText(describeApiError(error));
    }
  }

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
            value={sourceUrl}
            error={isUrlValid ? null : 'Enter a web address starting with https:// or http://'}
            onChange={(e) => setSourceUrl(e.currentTarget.value)}
          />
          <TextInput
            label="Username"
            name="source_username"
            // The CRM's key, not this site's login: keep the browser from filling in the admin's own username.
            autoComplete="off"
            description="For AlayaCare, the API public key."
            value={sourceUsername}
            onChange={(e) => setSourceUsername(e.currentTarget.value)}
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
            error={isPasswordMissing ? reenterSourcePasswordMessage : null}
            value={sourcePassword}
            onChange={(e) => setSourcePassword(e.currentTarget.value)}
          />
          {savedNotice.isShown && <SuccessNotice>{settingsSavedText}</SuccessNotice>}
          <ErrorNotice text={errorText} onDismiss={() => setErrorText(null)} />
          <Group>
            <Button
              type="submit"
              loading={isPending}
              disabled={!isUrlValid || isPasswordMissing || isPending}
            >
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
