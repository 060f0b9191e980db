import { Text } from '@mantine/core';
import { useState } from 'react';
import { ErrorNotice } from '../../../components/error-notice';

type LoadStateProps = { isPending: boolean; error: Error | null };

/**
 * 'Loading...' until a report's data arrives; a failed load shows its message in a dismissible
 * red notice instead, so the screen never stays on Loading...
 */
export function LoadState({ isPending, error }: LoadStateProps) {
  const [dismissed, setDismissed] = useState<Error | null>(null);
  if (error) {
    return error === dismissed ? null : (
      <ErrorNotice text={error.message} onDismiss={() => setDismissed(error)} />
    );
  }
  return isPending ? <Text>Loading...</Text> : null;
}
