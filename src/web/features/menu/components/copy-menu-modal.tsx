import { Alert, Button, Modal, Stack, Text, TextInput } from '@mantine/core';
import { SuccessNotice } from '../../../components/success-notice';
import { useForm } from '@mantine/form';
import { useState } from 'react';
import { ErrorCode } from '../../../../contracts/envelope';
import { dayMonthYearSchema } from '../../../../contracts/common';
import { ApiError } from '../../../lib/api-client';
import { ErrorNotice } from '../../../components/error-notice';
import { useCloseAfterSuccess } from '../../../components/use-close-after-success';
import { useCopySchedule } from '../../../api/menu';
import { FormActions } from '../../../components/form-actions';

export const invalidCopyDateText = 'Please select a valid date.';

/** A network failure of the copy reads 'Unexpected error..' (word for word as users know it), then its text. */
function describeFailure(text: string): string {
  return `Unexpected error..${text ? ` ${text}` : ''}`;
}

type CopyMenuModalProps = { fromWeekId: string; onClose: () => void };

/** Copies the menu shown for `fromWeekId` onto the week of a chosen date; replacing a menu needs a confirmation. */
export function CopyMenuModal({ fromWeekId, onClose }: CopyMenuModalProps) {
  const copySchedule = useCopySchedule();
  const [conflictText, setConflictText] = useState<string | null>(null);
  // Typed DD-MM-YYYY like every other date of the app, checked on Copy, and sent as typed.
  const form = useForm({
    initialValues: { date: '' },
    validate: {
      date: (date) => (dayMonthYearSchema.safeParse(date.trim()).success ? null : invalidCopyDateText),
    },
    // Another date is another question: the offer to replace a week's menu was about the last one.
    onValuesChange: () => setConflictText(null),
  });
  const [errorText, setErrorText] = useState<string | null>(null);
  const [copiedWeek, setCopiedWeek] = useState<string | null>(null);
  useCloseAfterSuccess(copiedWeek !== null, 'sent', onClose);

  async function copyMenu(toDate: string, overwrite: boolean) {
    setErrorText(null);
    setConflictText(null);
    try {
      const copied = await copySchedule.mutateAsync({
        from_date: fromWeekId,
        to_date: toDate,
        ...(overwrite ? { overwrite: true } : {}),
      });
      setCopiedWeek(copied.week_start);
    } catch (error) {
      if (!(error instanceof ApiError)) setErrorText(describeFailure(String(error)));
      else if (error.code === ErrorCode.conflict) setConflictText(error.meta.message);
      else if (error.code === ErrorCode.unexpected) setErrorText(describeFailure(error.meta.message));
      else setErrorText(error.message);
    }
  }

  const submitCopy = form.onSubmit(({ date }) => {
    if (copySchedule.isPending || copiedWeek !== null) return;
    void copyMenu(date.trim(), false);
  });

  return (
    <Modal opened onClose={onClose} title="Copy Menu">
      <form onSubmit={submitCopy} noValidate aria-label="Copy Menu">
        <Stack gap="md">
          <Text>Copy this menu to another week</Text>
          <TextInput
            label="Date"
            description="Any day of the week to copy to, DD-MM-YYYY."
            placeholder="DD-MM-YYYY"
            data-autofocus
            {...form.getInputProps('date')}
          />
          {copiedWeek !== null && (
            <SuccessNotice>{`Menu copied to the week of ${copiedWeek}.`}</SuccessNotice>
          )}
          {conflictText !== null && (
            <Alert color="orange" title="That week already has a menu">
              <Stack gap="xs" align="flex-start">
                <Text size="sm">{conflictText}</Text>
                <Button
                  color="red"
                  size="xs"
                  loading={copySchedule.isPending}
                  onClick={() => void copyMenu(form.getValues().date.trim(), true)}
                >
                  Replace that week&apos;s menu
                </Button>
              </Stack>
            </Alert>
          )}
          <ErrorNotice text={errorText} onDismiss={() => setErrorText(null)} />
          <FormActions
            onCancel={onClose}
            submitLabel="Copy"
            isPending={copySchedule.isPending}
            isDisabled={copiedWeek !== null}
          />
        </Stack>
      </form>
    </Modal>
  );
}
