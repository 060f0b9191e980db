import { Button, Modal, Stack, Text, Textarea } from '@mantine/core';
import { useForm } from '@mantine/form';
import { useState } from 'react';
import type { MonthClose } from '../../../../contracts/funding';
import { useMonthClose } from '../../../api/funding';
import { ConfirmDialog } from '../../../components/confirm-dialog';
import { ErrorNotice } from '../../../components/error-notice';
import { ApiError, describeApiError } from '../../../lib/api-client';
import { FormActions } from '../../../components/form-actions';

/** Close month (with a confirmation) or Re-open (with the reason), for the month shown. */
export function MonthCloseActions({ close }: { close: MonthClose }) {
  const [isOpen, setIsOpen] = useState(false);
  const onClose = () => setIsOpen(false);
  return (
    <>
      <Button variant={close.is_closed ? 'default' : 'filled'} onClick={() => setIsOpen(true)}>
        {close.is_closed ? 'Re-open Month' : 'Close Month'}
      </Button>
      {isOpen && close.is_closed && <ReopenMonthModal month={close.month} onClose={onClose} />}
      {isOpen && !close.is_closed && <CloseMonthDialog month={close.month} onClose={onClose} />}
    </>
  );
}

function CloseMonthDialog({ month, onClose }: { month: string; onClose: () => void }) {
  const monthClose = useMonthClose();
  return (
    <ConfirmDialog
      title={`Close ${month}`}
      question={`Closing freezes each client's meals ordered, delivered and held in ${month}: the report and the DEX export of this month will not change afterwards, whatever is changed later.`}
      confirmLabel="Close Month"
      isPending={monthClose.isPending}
      runAction={() => monthClose.mutateAsync({ month, reason: null })}
      onClose={onClose}
    />
  );
}

function ReopenMonthModal({ month, onClose }: { month: string; onClose: () => void }) {
  const monthClose = useMonthClose();
  // Checked on Re-open: the reason is kept in the audit log.
  const form = useForm({
    initialValues: { reason: '' },
    validate: { reason: (reason) => (reason.trim() === '' ? 'Say why the month is opened again.' : null) },
  });
  const [errorText, setErrorText] = useState<string | null>(null);

  const reopen = form.onSubmit(
    async ({ reason }) => {
      setErrorText(null);
      try {
        await monthClose.mutateAsync({ month, reason: reason.trim() });
        onClose();
      } catch (error) {
        setErrorText(describeApiError(error));
        const reasonError = error instanceof ApiError ? error.fieldErrors['body.reason'] : undefined;
        if (reasonError) form.setFieldError('reason', reasonError);
      }
    },
    () => setErrorText(null),
  );

  return (
    <Modal opened onClose={onClose} title={`Re-open ${month}`}>
      <form onSubmit={reopen} noValidate>
        <Stack gap="sm">
          <ErrorNotice text={errorText} />
          <Text>
            The month&apos;s figures will follow the visits and meals again, so its report and DEX export may
            change. The reason is kept in the audit log.
          </Text>
          <Textarea label="Reason" required maxLength={500} {...form.getInputProps('reason')} />
          <FormActions onCancel={onClose} submitLabel="Re-open Month" isPending={monthClose.isPending} />
        </Stack>
      </form>
    </Modal>
  );
}
