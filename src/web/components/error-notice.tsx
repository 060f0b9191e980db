import { Alert } from '@mantine/core';

type ErrorNoticeProps = {
  /** The server's message (meta.message) or a read that failed; nothing is shown while it is empty. */
  text: string | null | undefined;
  /** Given, the user may dismiss the notice (a refusal of their own action); a failed read stays until it is read again. */
  onDismiss?: () => void;
};

/** An error in a red notice: every screen and dialog shows its errors with this one. */
export function ErrorNotice({ text, onDismiss }: ErrorNoticeProps) {
  if (!text) return null;
  return onDismiss ? (
    <Alert color="red" withCloseButton closeButtonLabel="Dismiss" onClose={onDismiss}>
      {text}
    </Alert>
  ) : (
    <Alert color="red">{text}</Alert>
  );
}
