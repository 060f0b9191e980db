import { Modal, NativeSelect, Stack, TextInput, Textarea } from '@mantine/core';
import { schemaResolver, useForm } from '@mantine/form';
import { useState } from 'react';
import {
  attemptChannels,
  attemptResults,
  recordAttemptBodySchema,
  type Alert,
} from '../../../../contracts/alerts';
import { ErrorNotice } from '../../../components/error-notice';
import { ApiError, describeApiError } from '../../../lib/api-client';
import { useRecordAttempt } from '../../../api/alerts';
import { attemptChannelLabels, attemptResultLabels } from '../check-labels';
import { FormActions } from '../../../components/form-actions';

type RecordAttemptModalProps = { alert: Alert; onClose: () => void };

/** Record an attempt: how the office tried to reach someone about the check, whom, and what came of it. */
export function RecordAttemptModal({ alert, onClose }: RecordAttemptModalProps) {
  const record = useRecordAttempt();
  // Checked on Record with the contract's schema, so the words are the server's.
  const form = useForm({
    initialValues: { channel: 'phone', to: alert.client.name, result: 'no_answer', note: '' },
    validate: schemaResolver(recordAttemptBodySchema, { sync: true }),
  });
  const [errorText, setErrorText] = useState<string | null>(null);

  const submit = form.onSubmit(
    (valid) => {
      setErrorText(null);
      record.mutate(
        { id: alert.id, body: recordAttemptBodySchema.parse(valid) },
        {
          onSuccess: onClose,
          onError: (error) => {
            if (error instanceof ApiError && Object.keys(error.fieldErrors).length > 0)
              form.setErrors(error.fieldErrors);
            else setErrorText(describeApiError(error));
          },
        },
      );
    },
    () => setErrorText(null),
  );

  return (
    <Modal opened onClose={onClose} title="Record an attempt">
      <form onSubmit={submit} noValidate aria-label="Record an attempt">
        <Stack gap="sm">
          <NativeSelect
            label="How"
            {...form.getInputProps('channel')}
            data={attemptChannels.map((value) => ({ value, label: attemptChannelLabels[value] }))}
          />
          <TextInput label="Who was tried" required maxLength={200} {...form.getInputProps('to')} />
          <NativeSelect
            label="Result"
            {...form.getInputProps('result')}
            data={attemptResults.map((value) => ({ value, label: attemptResultLabels[value] }))}
          />
          <Textarea
            label="Note (optional)"
            autosize
            minRows={2}
            maxLength={1000}
            {...form.getInputProps('note')}
          />
          <ErrorNotice text={errorText} onDismiss={() => setErrorText(null)} />
          <FormActions onCancel={onClose} submitLabel="Record" isPending={record.isPending} />
        </Stack>
      </form>
    </Modal>
  );
}
