import { Modal, NativeSelect, Stack, Text, Textarea } from '@mantine/core';
import { schemaResolver, useForm } from '@mantine/form';
import { useState } from 'react';
import type { Alert } from '../../../../contracts/alerts';
import { resolveAlertBodySchema } from '../../../../contracts/alerts';
import { formatDayMonthYear } from '../../../../domain/weeks';
import { resolutionOutcomeLabels, resolutionOutcomes } from '../../../../domain/welfare-steps';
import { ErrorNotice } from '../../../components/error-notice';
import { ApiError, describeApiError } from '../../../lib/api-client';
import { useResolveAlert } from '../../../api/alerts';
import { FormActions } from '../../../components/form-actions';

type ResolveAlertModalProps = { alert: Alert; onClose: () => void };

/** The fields the office fills; the body's status is always 'resolved'. */
const resolveFieldsSchema = resolveAlertBodySchema.omit({ status: true });

/** Resolve: the office says what was found and what was done (both required), so the history tells the next person. */
export function ResolveAlertModal({ alert, onClose }: ResolveAlertModalProps) {
  const resolve = useResolveAlert();
  // Checked on Resolve with the contract's schema, so the words are the server's.
  const form = useForm({
    initialValues: { outcome: '', note: '' },
    validate: schemaResolver(resolveFieldsSchema, { sync: true }),
  });
  const [errorText, setErrorText] = useState<string | null>(null);

  const submit = form.onSubmit(
    (valid) => {
      setErrorText(null);
      const body = resolveAlertBodySchema.parse({ status: 'resolved', ...valid });
      resolve.mutate(
        { id: alert.id, body },
        {
          onSuccess: onClose,
          onError: (error) => {
            const noteError = error instanceof ApiError ? error.fieldErrors.note : undefined;
            if (noteError) form.setFieldError('note', noteError);
            else setErrorText(describeApiError(error));
          },
        },
      );
    },
    () => setErrorText(null),
  );

  return (
    <Modal opened onClose={onClose} title="Resolve Alert">
      <form onSubmit={submit} noValidate aria-label="Resolve alert">
        <Stack gap="sm">
          <Text size="sm">{`${alert.client.name}, ${formatDayMonthYear(alert.date)}`}</Text>
          <NativeSelect
            label="What was found"
            required
            {...form.getInputProps('outcome')}
            data={[
              { value: '', label: 'Choose…' },
              ...resolutionOutcomes.map((value) => ({ value, label: resolutionOutcomeLabels[value] })),
            ]}
          />
          <Textarea
            label="What was done"
            description="Required: for example who called the client and what they found."
            required
            autosize
            minRows={3}
            maxLength={1000}
            {...form.getInputProps('note')}
          />
          <ErrorNotice text={errorText} onDismiss={() => setErrorText(null)} />
          <FormActions onCancel={onClose} submitLabel="Resolve" isPending={resolve.isPending} />
        </Stack>
      </form>
    </Modal>
  );
}
