import { Alert } from '@mantine/core';

/** A server error (meta.message) in a red notice the user can dismiss. */
export function ErrorNotice({ text, onDismiss }: { text: string | null; onDismiss: () => void }) {
  if (!text) return null;
  return (
    <Alert color="red" withCloseButton closeButtonLabel="Dismiss" onClose={onDismiss}>
      {text}
    </Alert>
  );
}
