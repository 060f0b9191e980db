import { Button, Group, List, Stack, Text, TextInput } from '@mantine/core';
import { ErrorNotice } from '../../../components/error-notice';
import { useForm } from '@mantine/form';
import { useState } from 'react';
import { describeApiError } from '../../../lib/api-client';
import { useAddTimeOff, useDeleteTimeOff, useTimeOff } from '../../../api/drivers';
import { readFieldErrors } from '../../../lib/field-errors';

/** The form starts blank, and again after each span added; named as the body's fields. */
const blankTimeOff = { from_date: '', to_date: '', note: '' };

/** A driver's time off (DD-MM-YYYY ranges): listed, added and removed. */
export function DriverTimeOff({ driverId }: { driverId: number }) {
  const timeOff = useTimeOff(driverId);
  const add = useAddTimeOff(driverId);
  const remove = useDeleteTimeOff(driverId);
  // Checked by the server alone, whose field errors land on their inputs.
  const form = useForm({ initialValues: blankTimeOff });
  const [message, setMessage] = useState('');

  async function submit({ from_date, to_date, note }: typeof blankTimeOff) {
    try {
      await add.mutateAsync({ from_date: from_date.trim(), to_date: to_date.trim(), note });
      form.reset();
      setMessage('');
    } catch (error) {
      setMessage(describeApiError(error));
      form.setErrors(readFieldErrors(error));
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
        <TextInput label="Away from" placeholder="DD-MM-YYYY" w={130} {...form.getInputProps('from_date')} />
        <TextInput label="Away to" placeholder="DD-MM-YYYY" w={130} {...form.getInputProps('to_date')} />
        <TextInput label="Note" w={160} {...form.getInputProps('note')} />
        <Button variant="default" loading={add.isPending} onClick={() => void submit(form.getValues())}>
          Add Time Off
        </Button>
      </Group>
    </Stack>
  );
}
