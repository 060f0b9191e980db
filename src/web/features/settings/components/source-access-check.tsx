import { Alert, Text } from '@mantine/core';
import type { Tag } from '../../../../contracts/source';

/** The access check's refusal, word for word as users know it. */
export const accessRefusedText = 'Username and password incorrect for the web address.';

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
};

/**
 * The CRM access check: the CRM confirms access when its client tag list has at least one entry; an empty list or
 * any failure means the saved web address, username and password do not work.
 */
export function SourceAccessCheck({ isConfigured, isChecking, tags, errorText }: SourceAccessCheckProps) {
  if (!isConfigured) {
    return <Text c="dimmed">Save the CRM&apos;s web address, username and password to check access.</Text>;
  }
  if (isChecking) return <Text role="status">Checking access to the CRM...</Text>;
  if (errorText === null && tags && tags.length > 0) {
    return (
      <Alert color="teal" role="status">
        {describeAccessConfirmed(tags.length)}
      </Alert>
    );
  }
  return (
    <Alert color="red">
      <Text inherit>{accessRefusedText}</Text>
      {errorText && (
        <Text size="sm" mt={4}>
          {errorText}
        </Text>
      )}
    </Alert>
  );
}
