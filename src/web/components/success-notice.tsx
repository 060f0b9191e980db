import { Alert } from '@mantine/core';
import type { ReactNode } from 'react';

/** The one colour of a success: notices, and a badge or a summary that says all went well. */
export const successColor = 'teal';

type SuccessNoticeProps = { children: ReactNode; title?: string; onDismiss?: () => void };

/** A change that went through, said in a notice screen readers announce politely. */
export function SuccessNotice({ children, title, onDismiss }: SuccessNoticeProps) {
  return (
    <Alert
      color={successColor}
      role="status"
      title={title}
      withCloseButton={onDismiss !== undefined}
      closeButtonLabel="Dismiss"
      onClose={onDismiss}
    >
      {children}
    </Alert>
  );
}
