import {
  Button,
  Checkbox,
  Divider,
  Group,
  Modal,
  MultiSelect,
  Stack,
  Textarea,
  TextInput,
} from '@mantine/core';
import { ErrorNotice } from '../../../components/error-notice';
import { useState } from 'react';
import type { Driver, DriverBody } from '../../../../contracts/drivers';
import { describeApiError } from '../../../lib/api-client';
import { useSession } from '../../../lib/session-store';
import { useSaveDriver } from '../../../api/drivers';
import { readFieldErrors } from '../../../lib/field-errors';
import { DriverPatterns } from './driver-patterns';
import { DriverTimeOff } from './driver-time-off';

type Form = {
  name: string;
  phone: string;
  email: string;
  notes: string;
  roundIds: string[];
  isActive: boolean;
};

/** Add or edit a driver; an existing driver's dialog also holds their patterns and time off. */
export function DriverDialog({ driver, onClose }: { driver: Driver | null; onClose: () => void }) {
  const { account } = useSession();
  const save = useSaveDriver();
  const [form, setForm] = useState<Form>({
    name: driver?.name ?? '',
    phone: driver?.phone ?? '',
    email: driver?.email ?? '',
    notes: driver?.notes ?? '',
    roundIds: (driver?.round_ids ?? []).map(String),
    isActive: driver?.is_active ?? true,
  });
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [message, setMessage] = useState('');
  const roundOptions = (account?.rounds ?? []).map((round) => ({
    value: String(round.id),
    label: round.name,
  }));

  async function submit() {
    const body: DriverBody = {
      name: form.name,
      phone: form.phone,
      email: form.email,
      notes: form.notes,
      round_ids: form.roundIds.map(Number),
      is_active: form.isActive,
    };
    try {
      await save.mutateAsync({ id: driver?.id ?? null, body });
      onClose();
    } catch (error) {
      setMessage(describeApiError(error));
      setErrors(readFieldErrors(error));
    }
  }

  return (
    <Modal opened onClose={onClose} title={driver ? `Edit ${driver.name}` : 'Add Driver'} size="lg">
      <Stack gap="sm">
        <ErrorNotice text={message} />
        <TextInput
          label="Name"
          required
          value={form.name}
          error={errors.name}
          onChange={(event) => setForm({ ...form, name: event.currentTarget.value })}
        />
        <TextInput
          label="Mobile phone"
          required
          placeholder="0412 345 678"
          value={form.phone}
          error={errors.phone}
          onChange={(event) => setForm({ ...form, phone: event.currentTarget.value })}
        />
        <TextInput
          label="Email"
          type="email"
          value={form.email}
          error={errors.email}
          onChange={(event) => setForm({ ...form, email: event.currentTarget.value })}
        />
        <MultiSelect
          label="Rounds they know"
          data={roundOptions}
          value={form.roundIds}
          error={errors.round_ids}
          onChange={(roundIds) => setForm({ ...form, roundIds })}
          clearable
        />
        <Textarea
          label="Notes"
          autosize
          minRows={2}
          value={form.notes}
          error={errors.notes}
          onChange={(event) => setForm({ ...form, notes: event.currentTarget.value })}
        />
        <Checkbox
          label="Active"
          checked={form.isActive}
          onChange={(event) => setForm({ ...form, isActive: event.currentTarget.checked })}
        />
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose}>
            Cancel
          </Button>
          <Button loading={save.isPending} onClick={() => void submit()}>
            {driver ? 'Save Driver' : 'Add Driver'}
          </Button>
        </Group>
        {driver && (
          <>
            <Divider label="Patterns" labelPosition="left" />
            <DriverPatterns driver={driver} />
            <Divider label="Time off" labelPosition="left" />
            <DriverTimeOff driverId={driver.id} />
          </>
        )}
      </Stack>
    </Modal>
  );
}
