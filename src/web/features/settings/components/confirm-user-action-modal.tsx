import { Alert, Button, Group, Modal, Stack, Text } from '@mantine/core';
import { useState } from 'react';
import { describeApiError } from '../../../lib/api-client';
import { ErrorNotice } from '../../../components/error-notice';
import { useCloseAfterSuccess } from '../../../components/use-close-after-success';

type ConfirmUserActionModalProps = {
  title: string;
  question: string;
  confirmLabel: string;
  confirmColor?: string;
  successText: string;
  closeDelayMs: number;
  isPending: boolean;
  runAction: () => Promise<unknown>;
  onClose: () => void;
};

/** Asks before deleting a user or sending a password reset, then reports the outcome. */
export function ConfirmUserActionModal(props: ConfirmUserActionModalProps) {
  const {
    title,
    question,
    confirmLabel,
    confirmColor,
    successText,
    closeDelayMs,
    isPending,
    runAction,
    onClose,
  } = props;
  const [hasSucceeded, setHasSucceeded] = useState(false);
  const [errorText, setErrorText] = useState<string | null>(null);
  useCloseAfterSuccess(hasSucceeded, closeDelayMs, onClose);

  async function confirmAction() {
    setErrorText(null);
    try {
      await runAction();
      setHasSucceeded(true);
    } catch (error) {
      setErrorText(describeApiError(error));
    }
  }

  return (
    <Modal opened onClose={onClose} title={title} closeButtonProps={{ 'aria-label': 'Close' }}>
      <Stack gap="md">
        <Text>{question}</Text>
        {hasSucceeded && <Alert color="teal">{successText}</Alert>}
        <ErrorNotice text={errorText} onDismiss={() => setErrorText(null)} />
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose}>
            Cancel
          </Button>
          <Button color={confirmColor} onClick={confirmAction} loading={isPending} disabled={hasSucceeded}>
            {confirmLabel}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
