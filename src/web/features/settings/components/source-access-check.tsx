import { Alert, Text } from '@mantine/core';
import type { SourceFailureKind } from '../../../../contracts/envelope';
import type { Tag } from '../../../../contracts/source';
import { SuccessNotice } from '../../../components/success-notice';

/** The access check's refusal, word for word as users know it. */
export const accessRefusedText = 'Username and password incorrect for the web address.';
/** No answer at all: the CRM is down, the address is wrong or not allowed. The password was not the problem. */
export const unreachableText = 'Could not reach the CRM at that web address.';
/** It answered, but with an error that is not a refusal of the login (a 5xx, a redirect, nonsense). */
export const badAnswerText = 'The CRM at that web address answered with an error.';

/** The headline of a failed check: only a refused login (or an empty tag list) blames the username and password. */
function describeFailure(kind: SourceFailureKind | null): string {
  switch (kind) {
    case 'unreachable':
      return unreachableText;
    case 'bad_answer':
      return badAnswerText;
    case 'refused_login':
    case null:
      return accessRefusedText;
  }
}

export function describeAccessConfirmed(tagCount: number): string {
  return `Access confirmed: the CRM answered with ${tagCount} client ${tagCount === 1 ? 'tag' : 'tags'}.`;
}

type SourceAccessCheckProps = {
  /** False until a web address is saved: there is nothing to check yet. */
  isConfigured: boolean;
  isChecking: boolean;
  /** The client tags of the last check, when it succeeded. */
  tags: Tag[] | undefined;
  /** The server's message when the last check failed (code 7 says why the CRM failed or refused). */
  errorText: string | null;
  /** Why it failed (meta.source_failure), when the server said. */
  failureKind: SourceFailureKind | null;
};

/**
 * The CRM access check: the CRM confirms access when its client tag list has at least one entry. An empty list or
 * a refused login means the username and password do not work for the web address; a CRM that cannot be reached
 * or answers an error says so instead.
 */
export function SourceAccessCheck({
  isConfigured,
  isChecking,
  tags,
  errorText,
  failureKind,
}: SourceAccessCheckProps) {
  if (!isConfigured) {
    return <Text c="dimmed">Save the CRM&apos;s web address, username and password to check access.</Text>;
  }
  if (isChecking) return <Text role="status">Checking access to the CRM...</Text>;
  if (errorText === null && tags && tags.length > 0) {
    return <SuccessNotice>{describeAccessConfirmed(tags.length)}</SuccessNotice>;
  }
  return (
    <Alert color="red">
      <Text inherit>{describeFailure(errorText === null ? null : failureKind)}</Text>
      {errorText && (
        <Text size="sm" mt={4}>
          {errorText}
        </Text>
      )}
    </Alert>
  );
}
