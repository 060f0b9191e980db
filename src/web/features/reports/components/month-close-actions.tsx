import { Button, Group, Modal, Stack, Text, Textarea } from '@mantine/core';
import { ErrorNotice } from '../../../components/error-notice';
import { useState } from 'react';
import type { MonthClose } from '../../../../contracts/funding';
import { useMonthClose } from '../../../api/funding';
import { ApiError, describeApiError } from '../../../lib/api-client';

/** Close month (with a confirmation) or Re-open (with the reason), for the month shown. */
export function MonthCloseActions({ close }: { close: MonthClose }) {
  const [isOpen, setIsOpen] = useState(false);
  return (
    <>
      <Button variant={close.is_closed ? 'default' : 'filled'} onClick={() => setIsOpen(true)}>
        {close.is_closed ? 'Re-open Month' : 'Close Month'}
      </Button>
      {isOpen && <MonthCloseModal close={close} onClose={() => setIsOpen(false)} />}
    </>
  );
}

function MonthCloseModal({ close, onClose }: { close: MonthClose; onClose: () => void }) {
  const monthClose = useMonthClose();
  const [reason, setReason] = useState('');
  const [reasonError, setReasonError] = useState<string | undefined>(undefined);
  const [errorText, setErrorText] = useState<string | null>(null);
  const isReopening = close.is_closed;

  async function confirm() {
    setErrorText(null);
    if (isReopening && reason.trim() === '') {
      setReasonError('Say why the month is opened again.');
      return;
    }
    try {
      await monthClose.mutateAsync({ month: close.month, reason: isReopening ? reason.trim() : null });
      onClose();
    } catch (error) {
      setErrorText(describeApiError(error));
      setReasonError(error instanceof ApiError ? error.fieldErrors['body.reason'] : undefined);
    }
  }

  return (
    <Modal opened onClose={onClose} title={isReopening ? `Re-open ${close.month}` : `Close ${close.month}`}>
      <Stack gap="sm">
        <ErrorNotice text={errorText} />
        {isReopening ? (
          <>
            <Text>
              The month&apos;s figures will follow the visits and meals again, so its report and DEX export
              may change. The reason is kept in the audit log.
            </Text>
            <Textarea
              label="Reason"
              required
              value={reason}
              error={reasonError}
              maxLength={500}
              onChange={(event) => setReason(event.currentTarget.value)}
            />
          </>
        ) : (
          <Text>
            Closing freezes each client&apos;s meals ordered, delivered and held in {close.month}: the report
            and the DEX export of this month will not change afterwards, whatever is changed later.
          </Text>
        )}
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose}>
            Cancel
          </Button>
          <Button onClick={() => void confirm()} loading={monthClose.isPending}>
            {isReopening ? 'Re-open Month' : 'Close Month'}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
