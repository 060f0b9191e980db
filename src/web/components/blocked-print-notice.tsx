import { Alert, Anchor } from '@mantine/core';

type BlockedPrintNoticeProps = {
  url: string | null;
  /** What the link says: 'Open the PDF' unless the screen names the document. */
  linkText?: string;
  /** Without it the notice stays until its dialog closes. */
  onDismiss?: () => void;
};

/** When a popup blocker stops the print window, the link is offered instead. */
export function BlockedPrintNotice({ url, linkText = 'Open the PDF', onDismiss }: BlockedPrintNoticeProps) {
  if (!url) return null;
  return (
    <Alert
      color="blue"
      withCloseButton={onDismiss !== undefined}
      closeButtonLabel="Dismiss"
      {...(onDismiss ? { onClose: onDismiss } : {})}
    >
      The print window was blocked.{' '}
      <Anchor href={url} target="_blank" rel="noreferrer">
        {linkText}
      </Anchor>
    </Alert>
  );
}
