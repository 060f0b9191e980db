import { Button, Group, Modal, Stack, Text, type MantineColor } from '@mantine/core';
import { useState, type ReactNode } from 'react';
import { describeApiError } from '../lib/api-client';
import { ErrorNotice } from './error-notice';
import { SuccessNotice } from './success-notice';
import { useCloseAfterSuccess, type DialogCloseDelay } from './use-close-after-success';

type ConfirmDialogProps = {
  title: string;
  /** What is asked, with what the change does. */
  question: ReactNode;
  confirmLabel: string;
  cancelLabel?: string;
  confirmColor?: MantineColor;
  isPending: boolean;
  /** Makes the change; a refusal is shown in the dialog, which stays open. */
  runAction: () => Promise<unknown>;
  /** Said once the change went through, the dialog closing `closeDelay` later; without it the dialog closes at once. */
  success?: { text: string; closeDelay: DialogCloseDelay };
  onClose: () => void;
};

/** Asks before a change ("Delete the round X?"), makes it, then says how it went. */
export function ConfirmDialog(props: ConfirmDialogProps) {
  const { success, onClose } = props;
  const [hasSucceeded, setHasSucceeded] = useState(false);
  const [errorText, setErrorText] = useState<string | null>(null);
  useCloseAfterSuccess(hasSucceeded, success?.closeDelay ?? 'saved', onClose);

  async function confirm() {
    setErrorText(null);
    try {
      await props.runAction();
      if (success) setHasSucceeded(true);
      else onClose();
    } catch (error) {
      setErrorText(describeApiError(error));
    }
  }

  return (
    <Modal opened onClose={onClose} title={props.title}>
      <Stack gap="md">
        {typeof props.question === 'string' ? <Text>{props.question}</Text> : props.question}
        {hasSucceeded && success && <SuccessNotice>{success.text}</SuccessNotice>}
        <ErrorNotice text={errorText} onDismiss={() => setErrorText(null)} />
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose}>
            {props.cancelLabel ?? 'Cancel'}
          </Button>
          <Button
            color={props.confirmColor}
            onClick={() => void confirm()}
            loading={props.isPending}
            disabled={hasSucceeded}
          >
            {props.confirmLabel}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
