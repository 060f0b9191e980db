import { Button, Checkbox, Group, Select, Stack, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { useState } from 'react';
import { getWeekdayName } from '../../../../domain/calendar-names';
import { ErrorNotice } from '../../../components/error-notice';
import { describeApiError } from '../../../lib/api-client';
import { useSession } from '../../../lib/session-store';
import { useAddPattern } from '../../../api/roster';
import { readFieldErrors } from '../../../lib/field-errors';

const weekOfMonthOptions = [
  { value: '', label: 'Every matching week' },
  ...['1st', '2nd', '3rd', '4th', '5th'].map((label, index) => ({
    value: String(index + 1),
    label: `The ${label} of the month`,
  })),
];
const everyWeeksOptions = [1, 2, 3, 4, 5, 6, 7, 8].map((weeks) => ({
  value: String(weeks),
  label: weeks === 1 ? 'Every week' : `Every ${String(weeks)} weeks`,
}));

/** The body's fields as the inputs hold them, named as the server names its field errors. */
type PatternValues = {
  driver_id: string;
  round_id: string;
  weekdays: number[];
  every_weeks: string;
  week_of_month: string;
  starts: string;
  ends: string;
};

/** A new recurring pattern for a driver (chosen here, or fixed by the driver's dialog). */
export function PatternForm(props: {
  driverId: number | null;
  drivers?: { value: string; label: string }[];
  onDone?: () => void;
}) {
  const { account } = useSession();
  const add = useAddPattern();
  const rounds = account?.rounds ?? [];
  // Checked by the server alone, which names the fields it refuses. The selects always hold a choice
  // (`allowDeselect` off), so no field is ever null.
  const form = useForm<PatternValues>({
    initialValues: {
      driver_id: props.driverId === null ? '' : String(props.driverId),
      round_id: rounds[0] ? String(rounds[0].id) : '',
      weekdays: [],
      every_weeks: '1',
      week_of_month: '',
      starts: '',
      ends: '',
    },
  });
  const [message, setMessage] = useState('');
  const { weekdays } = form.getValues();

  function toggleDay(day: number, isOn: boolean) {
    form.setFieldValue(
      'weekdays',
      isOn ? [...weekdays, day].sort() : weekdays.filter((other) => other !== day),
    );
  }

  async function submit(values: PatternValues) {
    try {
      await add.mutateAsync({
        driver_id: Number(values.driver_id),
        round_id: Number(values.round_id),
        weekdays: values.weekdays,
        every_weeks: Number(values.every_weeks),
        starts: values.starts.trim(),
        ends: values.ends.trim() === '' ? null : values.ends.trim(),
        week_of_month: values.week_of_month === '' ? null : Number(values.week_of_month),
      });
      // The driver, round and repeat stay for the next pattern; its days and dates start again.
      form.setValues({ weekdays: [], starts: '', ends: '' });
      form.clearErrors();
      setMessage('');
      props.onDone?.();
    } catch (error) {
      setMessage(describeApiError(error));
      form.setErrors(readFieldErrors(error));
    }
  }

  return (
    <Stack gap="xs">
      <ErrorNotice text={message} />
      <Group align="flex-end" gap="xs">
        {props.drivers && (
          <Select
            label="Driver"
            data={props.drivers}
            {...form.getInputProps('driver_id')}
            allowDeselect={false}
            w={200}
          />
        )}
        <Select
          label="Round"
          data={rounds.map((round) => ({ value: String(round.id), label: round.name }))}
          {...form.getInputProps('round_id')}
          allowDeselect={false}
          w={180}
        />
        <Select
          label="Repeats"
          data={everyWeeksOptions}
          {...form.getInputProps('every_weeks')}
          allowDeselect={false}
          w={150}
        />
        <Select
          label="Week of the month"
          data={weekOfMonthOptions}
          {...form.getInputProps('week_of_month')}
          allowDeselect={false}
          w={200}
        />
      </Group>
      <Checkbox.Group label="Weekdays" error={form.errors.weekdays}>
        <Group gap="sm" mt={4}>
          {[1, 2, 3, 4, 5, 6, 7].map((day) => (
            <Checkbox
              key={day}
              label={getWeekdayName(day - 1, 'short')}
              aria-label={getWeekdayName(day - 1)}
              checked={weekdays.includes(day)}
              onChange={(event) => toggleDay(day, event.currentTarget.checked)}
            />
          ))}
        </Group>
      </Checkbox.Group>
      <Group align="flex-end" gap="xs">
        <TextInput label="Starts" placeholder="DD-MM-YYYY" w={130} {...form.getInputProps('starts')} />
        <TextInput label="Ends (optional)" placeholder="DD-MM-YYYY" w={140} {...form.getInputProps('ends')} />
        <Button variant="default" loading={add.isPending} onClick={() => void submit(form.getValues())}>
          Add Pattern
        </Button>
      </Group>
    </Stack>
  );
}
