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
import { useForm } from '@mantine/form';
import { useState } from 'react';
import type { Driver, DriverBody } from '../../../../contracts/drivers';
import { describeApiError } from '../../../lib/api-client';
import { useSession } from '../../../lib/session-store';
import { useSaveDriver } from '../../../api/drivers';
import { readFieldErrors } from '../../../lib/field-errors';
import { DriverPatterns } from './driver-patterns';
import { DriverTimeOff } from './driver-time-off';

/** The body's fields, so the server's field errors land on their inputs; the rounds as the select holds them. */
type DriverValues = Omit<Required<DriverBody>, 'round_ids'> & { round_ids: string[] };

/** Add or edit a driver; an existing driver's dialog also holds their patterns and time off. */
export function DriverDialog({ driver, onClose }: { driver: Driver | null; onClose: () => void }) {
  const { account } = useSession();
  const save = useSaveDriver();
  // Checked by the server alone, which names the fields it refuses.
  const form = useForm<DriverValues>({
    initialValues: {
      name: driver?.name ?? '',
      phone: driver?.phone ?? '',
      email: driver?.email ?? '',
      notes: driver?.notes ?? '',
      round_ids: (driver?.round_ids ?? []).map(String),
      is_active: driver?.is_active ?? true,
    },
  });
  const [message, setMessage] = useState('');
  const roundOptions = (account?.rounds ?? []).map((round) => ({
    value: String(round.id),
    label: round.name,
  }));

  async function submit(values: DriverValues) {
    const body: DriverBody = { ...values, round_ids: values.round_ids.map(Number) };
    try {
      await save.mutateAsync({ id: driver?.id ?? null, body });
      onClose();
    } catch (error) {
      setMessage(describeApiError(error));
      form.setErrors(readFieldErrors(error));
    }
  }

  return (
    <Modal opened onClose={onClose} title={driver ? `Edit ${driver.name}` : 'Add Driver'} size="lg">
      <Stack gap="sm">
        <ErrorNotice text={message} />
        <TextInput label="Name" required {...form.getInputProps('name')} />
        <TextInput
          label="Mobile phone"
          required
          placeholder="0412 345 678"
          {...form.getInputProps('phone')}
        />
        <TextInput label="Email" type="email" {...form.getInputProps('email')} />
        <MultiSelect
          label="Rounds they know"
          data={roundOptions}
          {...form.getInputProps('round_ids')}
          clearable
        />
        <Textarea label="Notes" autosize minRows={2} {...form.getInputProps('notes')} />
        <Checkbox label="Active" {...form.getInputProps('is_active', { type: 'checkbox' })} />
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose}>
            Cancel
          </Button>
          <Button loading={save.isPending} onClick={() => void submit(form.getValues())}>
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
