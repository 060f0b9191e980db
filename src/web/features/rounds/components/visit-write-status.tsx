import { Alert, Badge, Button, Group, Modal, Stack, Text, Tooltip } from '@mantine/core';
import { useState } from 'react';
import type { SourceWrite } from '../../../../contracts/source-writes';
import type { VisitOutcome } from '../../../../contracts/visits';
import { describeApiError } from '../../../lib/api-client';
import { useDropSourceWrite, useRetrySourceWrite, useVisitSourceWrites } from '../../../api/source-writes';

const kindNames: Record<SourceWrite['kind'], string> = {
  visit_times: 'New times',
  visit_complete: 'Completion',
  visit_premiums: 'Meal premiums',
  visit_note: 'Driver note',
  visit_cancel: 'Client hold',
};

function PendingBadge({ write }: { write: SourceWrite }) {
  const reason = write.message || 'Being sent now.';
  return (
    <Tooltip label={`${kindNames[write.kind]}: ${reason}`} withArrow multiline maw={320}>
      <Badge
        size="xs"
        color="yellow.6"
        variant="filled"
        // White on yellow is unreadable: the text takes a dark colour against the light background.
        autoContrast
        tabIndex={0}
        aria-label={`Waiting for the CRM: ${reason}`}
      >
        Waiting for the CRM
      </Badge>
    </Tooltip>
  );
}

function FailedWrite({ write }: { write: SourceWrite }) {
  const retry = useRetrySourceWrite();
  const drop = useDropSourceWrite();
  const [isConfirmingDrop, setIsConfirmingDrop] = useState(false);
  const errorText = retry.error || drop.error ? describeApiError(retry.error ?? drop.error) : null;
  return (
    <Stack gap={2} mt={2}>
      <Group gap={4} wrap="nowrap">
        <Badge size="xs" color="red.8" variant="filled">
          Not in the CRM
        </Badge>
        <Text size="xs" c="red.9">{`${kindNames[write.kind]} refused.`}</Text>
      </Group>
      <Text size="xs">{write.message}</Text>
      <Group gap={4}>
        <Button
          size="compact-xs"
          variant="default"
          loading={retry.isPending}
          onClick={() => retry.mutate(write.id)}
        >
          Retry
        </Button>
        <Button size="compact-xs" variant="subtle" color="red" onClick={() => setIsConfirmingDrop(true)}>
          Drop
        </Button>
      </Group>
      {errorText && (
        <Text size="xs" c="red.9" role="alert">
          {errorText}
        </Text>
      )}
      {isConfirmingDrop && (
        <Modal opened onClose={() => setIsConfirmingDrop(false)} title="Drop this change?">
          <Stack gap="md">
            <Text size="sm">
              {`${kindNames[write.kind]} for ${write.client_name} on ${write.date} will not be sent to the CRM.`}
            </Text>
            <Group justify="flex-end">
              <Button variant="default" onClick={() => setIsConfirmingDrop(false)}>
                Cancel
              </Button>
              <Button
                color="red"
                loading={drop.isPending}
                onClick={() => drop.mutate(write.id, { onSettled: () => setIsConfirmingDrop(false) })}
              >
                Drop
              </Button>
            </Group>
          </Stack>
        </Modal>
      )}
    </Stack>
  );
}

/** What a visit's changes are waiting for: the CRM's confirmation, or the user after the CRM refused them. */
export function VisitWriteStatus({ visitId }: { visitId: number }) {
  const writes = useVisitSourceWrites(visitId);
  if (writes.length === 0) return null;
  return (
    <Stack gap={2}>
      {writes.map((write) =>
        write.status === 'pending' ? (
          <Group key={write.id} gap={4}>
            <PendingBadge write={write} />
          </Group>
        ) : (
          <FailedWrite key={write.id} write={write} />
        ),
      )}
    </Stack>
  );
}

const outcomeGroups = [
  { status: 'pending', colour: 'yellow', title: 'Waiting for the care-management system' },
  { status: 'failed', colour: 'red', title: 'Refused by the care-management system' },
] as const;

/** The visits of a publish or complete that the CRM has not confirmed: waiting for it, or refused by it. */
export function OutcomeLists({ outcomes }: { outcomes: readonly VisitOutcome[] }) {
  return outcomeGroups.map(({ status, colour, title }) => {
    const group = outcomes.filter((outcome) => outcome.status === status);
    if (group.length === 0) return null;
    return (
      <Alert key={status} color={colour} title={title}>
        <Stack gap={4}>
          {group.map((outcome) => (
            <Text key={outcome.id} size="sm">
              {outcome.message}
            </Text>
          ))}
        </Stack>
      </Alert>
    );
  });
}
