import { Button, Group, List, Stack, Text, TextInput } from '@mantine/core';
import { ErrorNotice } from '../../../components/error-notice';
import { useState } from 'react';
import { describeApiError } from '../../../lib/api-client';
import { useAddTimeOff, useDeleteTimeOff, useTimeOff } from '../../../api/drivers';
import { readFieldErrors } from '../../../lib/field-errors';

/** A driver's time off (DD-MM-YYYY ranges): listed, added and removed. */
export function DriverTimeOff({ driverId }: { driverId: number }) {
  const timeOff = useTimeOff(driverId);
  const add = useAddTimeOff(driverId);
  const remove = useDeleteTimeOff(driverId);
  const [form, setForm] = useState({ from: '', to: '', note: '' });
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [message, setMessage] = useState('');

  async function submit() {
    try {
      await add.mutateAsync({ from_date: form.from.trim(), to_date: form.to.trim(), note: form.note });
      setForm({ from: '', to: '', note: '' });
      setErrors({});
      setMessage('');
    } catch (error) {
      setMessage(describeApiError(error));
      setErrors(readFieldErrors(error));
    }
  }

  return (
    <Stack gap="xs">
      {timeOff.isPending && <Text size="sm">Loading...</Text>}
      {timeOff.data?.length === 0 && <Text size="sm">No time off.</Text>}
      {timeOff.data && timeOff.data.length > 0 && (
        <List size="sm" aria-label="Time off">
          {timeOff.data.map((entry) => (
            <List.Item key={entry.id}>
              <Group gap="xs">
                <Text size="sm">
                  {entry.from_date} to {entry.to_date}
                  {entry.note && ` (${entry.note})`}
                </Text>
                <Button
                  size="compact-xs"
                  variant="subtle"
                  color="red"
                  onClick={() => remove.mutate(entry.id)}
                >
                  Remove
                </Button>
              </Group>
            </List.Item>
          ))}
        </List>
      )}
      <ErrorNotice text={message} />
      <Group align="flex-end" gap="xs">
        <TextInput
          label="Away from"
          placeholder="DD-MM-YYYY"
          w={130}
          value={form.from}
          error={errors.from_date}
          onChange={(event) => setForm({ ...form, from: event.currentTarget.value })}
        />
        <TextInput
          label="Away to"
          placeholder="DD-MM-YYYY"
          w={130}
          value={form.to}
          error={errors.to_date}
          onChange={(event) => setForm({ ...form, to: event.currentTarget.value })}
        />
        <TextInput
          label="Note"
          w={160}
          value={form.note}
          onChange={(event) => setForm({ ...form, note: event.currentTarget.value })}
        />
        <Button variant="default" loading={add.isPending} onClick={() => void submit()}>
          Add Time Off
        </Button>
      </Group>
    </Stack>
  );
}
