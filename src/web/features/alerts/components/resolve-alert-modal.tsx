import { Alert as Notice, Button, Group, Modal, NativeSelect, Stack, Text, Textarea } from '@mantine/core';
import { useState, type FormEvent } from 'react';
import type { Alert } from '../../../../contracts/alerts';
import { resolveAlertBodySchema } from '../../../../contracts/alerts';
import { formatDayMonthYear } from '../../../../domain/weeks';
import { resolutionOutcomeLabels, resolutionOutcomes } from '../../../../domain/welfare-steps';
import { ApiError, describeApiError } from '../../../lib/api-client';
import { useResolveAlert } from '../../../api/alerts';

type ResolveAlertModalProps = { alert: Alert; onClose: () => void };

/** Resolve: the office says what was found and what was done (both required), so the history tells the next person. */
export function ResolveAlertModal({ alert, onClose }: ResolveAlertModalProps) {
  const resolve = useResolveAlert();
  const [note, setNote] = useState('');
  const [outcome, setOutcome] = useState('');
  const [noteError, setNoteError] = useState<string | null>(null);
  const [outcomeError, setOutcomeError] = useState<string | null>(null);
  const [errorText, setErrorText] = useState<string | null>(null);

  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    setErrorText(null);
    const parsed = resolveAlertBodySchema.safeParse({ status: 'resolved', outcome, note });
    if (!parsed.success) {
      const messageOf = (field: string) =>
        parsed.error.issues.find((issue) => issue.path[0] === field)?.message ?? null;
      setNoteError(messageOf('note'));
      setOutcomeError(messageOf('outcome'));
      return;
    }
    setNoteError(null);
    setOutcomeError(null);
    resolve.mutate(
      { id: alert.id, body: parsed.data },
      {
        onSuccess: onClose,
        onError: (error) => {
          const noteError = error instanceof ApiError ? error.fieldErrors.note : undefined;
          if (noteError) setNoteError(noteError);
          else setErrorText(describeApiError(error));
        },
      },
    );
  }

  return (
    <Modal opened onClose={onClose} title="Resolve Alert">
      <form onSubmit={submit} noValidate aria-label="Resolve alert">
        <Stack gap="sm">
          <Text size="sm">{`${alert.client.name}, ${formatDayMonthYear(alert.date)}`}</Text>
          <NativeSelect
            label="What was found"
            required
            value={outcome}
            error={outcomeError}
            onChange={(event) => setOutcome(event.currentTarget.value)}
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
            value={note}
            error={noteError}
            onChange={(event) => setNote(event.currentTarget.value)}
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
            <Button type="submit" loading={resolve.isPending}>
              Resolve
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
