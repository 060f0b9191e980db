import { Alert, Button, Group, Modal, Stack, Text } from '@mantine/core';
import { successColor } from '../../../components/success-notice';
import { ErrorNotice } from '../../../components/error-notice';
import { useState } from 'react';
import type { VisitOutcome } from '../../../../contracts/visits';
import { describeApiError } from '../../../lib/api-client';
import { OutcomeLists } from './visit-write-status';
import { useCompleteVisits } from '../../../api/round-visits';

type CompleteModalProps = {
  ids: readonly number[];
  onCompleted: (outcomes: VisitOutcome[], message: string) => void;
  onClose: () => void;
};

type Result = { completed: number; total: number; notDone: VisitOutcome[] };

/** 'Complete Visits': confirms, completes the selected visits, then shows a success view. */
export function CompleteModal({ ids, onCompleted, onClose }: CompleteModalProps) {
  const complete = useCompleteVisits();
  const [errorText, setErrorText] = useState<string | null>(null);
  const [result, setResult] = useState<Result | null>(null);

  async function confirm() {
    setErrorText(null);
    try {
      const { outcomes, message } = await complete.mutateAsync([...ids]);
      const completed = outcomes.filter((outcome) => outcome.is_done).length;
      const notDone = outcomes.filter((outcome) => !outcome.is_done);
      setResult({ completed, total: outcomes.length, notDone });
      onCompleted(outcomes, message);
    } catch (error) {
      setErrorText(describeApiError(error));
    }
  }

  return (
    <Modal
      opened
      onClose={onClose}
      title="Complete Visits"
      // The success view has its own Close button.
      closeButtonProps={{ 'aria-label': 'Close dialog' }}
    >
      {result ? (
        <Stack gap="md">
          <Alert
            color={result.completed === result.total ? successColor : 'gray'}
            role="status"
            title={
              result.completed === result.total ? 'Visits completed' : 'Not every visit is completed yet'
            }
          >
            {`${result.completed} of ${result.total} visits were marked as completed.`}
          </Alert>
          <OutcomeLists outcomes={result.notDone} />
          <Group justify="flex-end">
            <Button onClick={onClose}>Close</Button>
          </Group>
        </Stack>
      ) : (
        <Stack gap="md">
          <Text>{`Mark ${ids.length} selected ${ids.length === 1 ? 'visit' : 'visits'} as completed?`}</Text>
          <ErrorNotice text={errorText} onDismiss={() => setErrorText(null)} />
          <Group justify="flex-end">
            <Button variant="default" onClick={onClose} disabled={complete.isPending}>
              Cancel
            </Button>
            <Button onClick={() => void confirm()} loading={complete.isPending}>
              Complete
            </Button>
          </Group>
        </Stack>
      )}
    </Modal>
  );
}
