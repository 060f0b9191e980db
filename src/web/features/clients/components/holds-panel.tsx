import {
  Alert,
  Badge,
  Button,
  Checkbox,
  Group,
  Modal,
  Paper,
  Select,
  Stack,
  Table,
  Text,
  TextInput,
  Textarea,
  Title,
  VisuallyHidden,
} from '@mantine/core';
import { useState } from 'react';
import { useForm } from '@mantine/form';
import { useSession } from '../../../lib/session-store';
import { describeApiError } from '../../../lib/api-client';
import { readFieldErrors } from '../../../lib/field-errors';
import { ConfirmDialog } from '../../../components/confirm-dialog';
import { ErrorNotice } from '../../../components/error-notice';
import {
  holdReasonLabels,
  holdReasons,
  type Hold,
  type HoldBody,
  type HoldReason,
} from '../../../../contracts/holds';
import { findCurrentHold, getEndNow } from '../../../../domain/holds';
import { getAccountToday } from '../../../../domain/today';
import { parseDayMonthYear } from '../../../../domain/weeks';
import { useEndHold, useHoldVisits, useHolds, useSaveHold } from '../../../api/holds';
import { FormActions } from '../../../components/form-actions';

/** Today (YYYY-MM-DD) as the server judges holds: the account's. */
function useAccountToday(): string {
  const { account } = useSession();
  return getAccountToday(account?.rounds ?? []);
}

const toSpan = (hold: Hold) => ({
  hold,
  fromDate: parseDayMonthYear(hold.from_date) ?? '',
  toDate: hold.to_date === null ? null : parseDayMonthYear(hold.to_date),
});

/** "On hold until 29-11-2026" (or "On hold" when open-ended) beside the client's name while a hold runs today. */
export function HoldStatus({ clientId }: { clientId: number }) {
  const holds = useHolds(clientId);
  const current = findCurrentHold((holds.data ?? []).map(toSpan), useAccountToday());
  if (!current) return null;
  const text = current.hold.to_date === null ? 'On hold' : `On hold until ${current.hold.to_date}`;
  return (
    <Badge color="violet" size="lg" variant="light" data-testid="hold-status">
      {text} ({holdReasonLabels[current.hold.reason]})
    </Badge>
  );
}

type HoldValues = {
  from_date: string;
  to_date: string;
  isOpenEnded: boolean;
  reason: HoldReason;
  note: string;
};

function HoldFormModal({
  clientId,
  hold,
  onClose,
}: {
  clientId: number;
  hold: Hold | null;
  onClose: () => void;
}) {
  const save = useSaveHold(clientId);
  // Checked by the server on Save; its field errors show on their fields.
  const form = useForm<HoldValues>({
    initialValues: {
      from_date: hold?.from_date ?? '',
      to_date: hold?.to_date ?? '',
      isOpenEnded: hold !== null && hold.to_date === null,
      reason: hold?.reason ?? 'hospital',
      note: hold?.note ?? '',
    },
  });
  const [errorText, setErrorText] = useState<string | null>(null);
  const values = form.getValues();

  const submit = form.onSubmit(async (valid) => {
    const body: HoldBody = {
      from_date: valid.from_date.trim(),
      to_date: valid.isOpenEnded ? null : valid.to_date.trim(),
      reason: valid.reason,
      note: valid.note,
    };
    setErrorText(null);
    try {
      await save.mutateAsync({ id: hold?.id ?? null, body });
      onClose();
    } catch (error) {
      setErrorText(describeApiError(error));
      form.setErrors(readFieldErrors(error));
    }
  });

  const title = hold ? 'Change Hold' : 'Add Hold';
  return (
    <Modal opened onClose={onClose} title={title}>
      <form onSubmit={submit} noValidate aria-label={title}>
        <Stack gap="sm">
          <ErrorNotice text={errorText} />
          <TextInput label="From" placeholder="DD-MM-YYYY" {...form.getInputProps('from_date')} />
          <TextInput
            label="To"
            placeholder="DD-MM-YYYY"
            disabled={values.isOpenEnded}
            {...form.getInputProps('to_date')}
            value={values.isOpenEnded ? '' : values.to_date}
          />
          <Checkbox
            label="Open-ended (no return date yet)"
            {...form.getInputProps('isOpenEnded', { type: 'checkbox' })}
          />
          <Select
            label="Reason"
            data={holdReasons.map((reason) => ({ value: reason, label: holdReasonLabels[reason] }))}
            allowDeselect={false}
            {...form.getInputProps('reason')}
          />
          <Textarea label="Note" {...form.getInputProps('note')} />
          <FormActions onCancel={onClose} submitLabel="Save" isPending={save.isPending} />
        </Stack>
      </form>
    </Modal>
  );
}

function EndHoldDialog({ clientId, hold, onClose }: { clientId: number; hold: Hold; onClose: () => void }) {
  const end = useEndHold(clientId);
  return (
    <ConfirmDialog
      title="End Hold"
      question={`End the hold from ${hold.from_date} now? The client's meals count again from today, and their visits from today on are put back in the CRM. A hold that has not begun yet is removed.`}
      cancelLabel="Keep Hold"
      confirmLabel="End Now"
      confirmColor="red"
      isPending={end.isPending}
      runAction={() => end.mutateAsync(hold.id)}
      onClose={onClose}
    />
  );
}

/** Visits the CRM has not confirmed: a refused one needs someone to act in the CRM. */
function HoldVisitsNotice({ clientId }: { clientId: number }) {
  const visits = useHoldVisits(clientId);
  if (!visits.data) return null;
  const refused = visits.data.visits.filter((visit) => visit.status === 'failed');
  const waiting = visits.data.visits.length - refused.length;
  return (
    <Stack gap="xs">
      {!visits.data.is_cancel_code_set && (
        <Alert color="yellow">
          No cancel code is chosen in Settings &gt; CMS Integration, so visits on hold days are not cancelled
          in the CRM.
        </Alert>
      )}
      {refused.length > 0 && (
        <Alert color="red" title="Visits that need attention in the CRM">
          {refused.map((visit) => (
            <Text key={visit.visit_id} size="sm">
              {visit.date}: the CRM refused to {visit.action === 'cancel' ? 'cancel' : 'restore'} this visit.{' '}
              {visit.message}
            </Text>
          ))}
        </Alert>
      )}
      {waiting > 0 && (
        <Text size="sm" c="dimmed">
          {waiting === 1 ? '1 visit change is' : `${String(waiting)} visit changes are`} waiting to be sent to
          the CRM.
        </Text>
      )}
    </Stack>
  );
}

/** The client screen's Holds panel: the client's holds, with Add, Change and End now. */
export function HoldsPanel({ clientId }: { clientId: number }) {
  const holds = useHolds(clientId);
  const today = useAccountToday();
  const [editing, setEditing] = useState<Hold | 'new' | null>(null);
  const [ending, setEnding] = useState<Hold | null>(null);
  return (
    <Paper withBorder p="sm" radius="sm" component="section" aria-labelledby="client-holds-title">
      <Group justify="space-between" mb="xs">
        <Title order={2} size="h4" id="client-holds-title">
          Holds
        </Title>
        <Button size="xs" onClick={() => setEditing('new')}>
          Add Hold
        </Button>
      </Group>
      <Stack gap="xs">
        <ErrorNotice text={holds.error?.message} />
        {holds.data?.length === 0 && <Text size="sm">No holds.</Text>}
        {holds.data && holds.data.length > 0 && (
          <Table>
            <Table.Thead>
              <Table.Tr>
                <Table.Th>From</Table.Th>
                <Table.Th>To</Table.Th>
                <Table.Th>Reason</Table.Th>
                <Table.Th>Note</Table.Th>
                <Table.Th>
                  <VisuallyHidden>Actions</VisuallyHidden>
                </Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {holds.data.map((hold) => (
                <Table.Tr key={hold.id}>
                  <Table.Td>{hold.from_date}</Table.Td>
                  <Table.Td>{hold.to_date ?? 'Open-ended'}</Table.Td>
                  <Table.Td>{holdReasonLabels[hold.reason]}</Table.Td>
                  <Table.Td>{hold.note}</Table.Td>
                  <Table.Td>
                    <Group gap="xs" wrap="nowrap">
                      <Button size="compact-xs" variant="default" onClick={() => setEditing(hold)}>
                        Change
                      </Button>
                      {/* A hold already over has nothing left to end. */}
                      {getEndNow(toSpan(hold), today).kind !== 'over' && (
                        <Button size="compact-xs" color="red" variant="light" onClick={() => setEnding(hold)}>
                          End Now
                        </Button>
                      )}
                    </Group>
                  </Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        )}
        <HoldVisitsNotice clientId={clientId} />
      </Stack>
      {editing !== null && (
        <HoldFormModal
          clientId={clientId}
          hold={editing === 'new' ? null : editing}
          onClose={() => setEditing(null)}
        />
      )}
      {ending && <EndHoldDialog clientId={clientId} hold={ending} onClose={() => setEnding(null)} />}
    </Paper>
  );
}
