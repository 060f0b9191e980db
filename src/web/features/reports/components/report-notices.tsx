import { Alert, Anchor, Text } from '@mantine/core';
import { useState } from 'react';

/** A server error (meta.message) in a red notice the user can dismiss. */
export function ErrorNotice({ text, onDismiss }: { text: string | null; onDismiss: () => void }) {
  if (!text) return null;
  return (
    <Alert color="red" withCloseButton closeButtonLabel="Dismiss" onClose={onDismiss}>
      {text}
    </Alert>
  );
}

/** When a popup blocker stops the print window, the link is offered instead. */
export function BlockedPrintNotice({ url, onDismiss }: { url: string | null; onDismiss: () => void }) {
  if (!url) return null;
  return (
    <Alert color="blue" withCloseButton closeButtonLabel="Dismiss" onClose={onDismiss}>
      The print window was blocked.{' '}
      <Anchor href={url} target="_blank" rel="noreferrer">
        Open the PDF
      </Anchor>
    </Alert>
  );
}

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
