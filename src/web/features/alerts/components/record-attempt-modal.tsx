import {
  Alert as Notice,
  Button,
  Group,
  Modal,
  NativeSelect,
  Stack,
  TextInput,
  Textarea,
} from '@mantine/core';
import { useState, type FormEvent } from 'react';
import {
  attemptChannels,
  attemptResults,
  recordAttemptBodySchema,
  type Alert,
} from '../../../../contracts/alerts';
import { ApiError, describeApiError } from '../../../lib/api-client';
import { useRecordAttempt } from '../../../api/alerts';
import { attemptChannelLabels, attemptResultLabels } from '../check-labels';

type RecordAttemptModalProps = { alert: Alert; onClose: () => void };
type Field = 'channel' | 'to' | 'result' | 'note';
type FieldErrors = Partial<Record<Field, string>>;

/** Record an attempt: how the office tried to reach someone about the check, whom, and what came of it. */
export function RecordAttemptModal({ alert, onClose }: RecordAttemptModalProps) {
  const record = useRecordAttempt();
  const [form, setForm] = useState({
    channel: 'phone',
    to: alert.client.name,
    result: 'no_answer',
    note: '',
  });
  const [errors, setErrors] = useState<FieldErrors>({});
  const [errorText, setErrorText] = useState<string | null>(null);
  const change = (field: Field) => (value: string) => setForm((current) => ({ ...current, [field]: value }));

  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    setErrorText(null);
    const parsed = recordAttemptBodySchema.safeParse(form);
    if (!parsed.success) {
      const found: FieldErrors = {};
      for (const issue of parsed.error.issues) found[issue.path[0] as Field] ??= issue.message;
      setErrors(found);
      return;
    }
    setErrors({});
    record.mutate(
      { id: alert.id, body: parsed.data },
      {
        onSuccess: onClose,
        onError: (error) => {
          if (error instanceof ApiError && Object.keys(error.fieldErrors).length > 0)
            setErrors(error.fieldErrors);
          else setErrorText(describeApiError(error));
        },
      },
    );
  }

  return (
    <Modal opened onClose={onClose} title="Record an attempt">
      <form onSubmit={submit} noValidate aria-label="Record an attempt">
        <Stack gap="sm">
          <NativeSelect
            label="How"
            value={form.channel}
            error={errors.channel}
            onChange={(event) => change('channel')(event.currentTarget.value)}
            data={attemptChannels.map((value) => ({ value, label: attemptChannelLabels[value] }))}
          />
          <TextInput
            label="Who was tried"
            required
            maxLength={200}
            value={form.to}
            error={errors.to}
            onChange={(event) => change('to')(event.currentTarget.value)}
          />
          <NativeSelect
            label="Result"
            value={form.result}
            error={errors.result}
            onChange={(event) => change('result')(event.currentTarget.value)}
            data={attemptResults.map((value) => ({ value, label: attemptResultLabels[value] }))}
          />
          <Textarea
            label="Note (optional)"
            autosize
            minRows={2}
            maxLength={1000}
            value={form.note}
            error={errors.note}
            onChange={(event) => change('note')(event.currentTarget.value)}
          />
          {errorText && (
            <Notice color="red" withCloseButton closeButtonLabel="Dismiss" onClose={() => setErrorText(null)}>
              {errorText}
            </Notice>
          )}
          <Group justify="flex-end" gap="sm">
            <Button variant="default" onClick={onClose}>
              Cancel
            </Button>
            <Button type="submit" loading={record.isPending}>
              Record
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
