import { Alert, Button, Checkbox, Group, Select, Stack, TextInput } from '@mantine/core';
import { useState } from 'react';
import { getWeekdayName } from '../../../../domain/calendar-names';
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

/** A new recurring pattern for a driver (chosen here, or fixed by the driver's dialog). */
export function PatternForm(props: {
  driverId: number | null;
  drivers?: { value: string; label: string }[];
  onDone?: () => void;
}) {
  const { account } = useSession();
  const add = useAddPattern();
  const rounds = account?.rounds ?? [];
  const [form, setForm] = useState({
    driverId: props.driverId === null ? '' : String(props.driverId),
    roundId: rounds[0] ? String(rounds[0].id) : '',
    weekdays: [] as number[],
    everyWeeks: '1',
    weekOfMonth: '',
    starts: '',
    ends: '',
  });
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [message, setMessage] = useState('');

  function toggleDay(day: number, isOn: boolean) {
    const weekdays = isOn ? [...form.weekdays, day].sort() : form.weekdays.filter((other) => other !== day);
    setForm({ ...form, weekdays });
  }

  async function submit() {
    try {
      await add.mutateAsync({
        driver_id: Number(form.driverId),
        round_id: Number(form.roundId),
        weekdays: form.weekdays,
        every_weeks: Number(form.everyWeeks),
        starts: form.starts.trim(),
        ends: form.ends.trim() === '' ? null : form.ends.trim(),
        week_of_month: form.weekOfMonth === '' ? null : Number(form.weekOfMonth),
      });
      setForm({ ...form, weekdays: [], starts: '', ends: '' });
      setErrors({});
      setMessage('');
      props.onDone?.();
    } catch (error) {
      setMessage(describeApiError(error));
      setErrors(readFieldErrors(error));
    }
  }

  return (
    <Stack gap="xs">
      {message && (
        <Alert color="red" role="alert">
          {message}
        </Alert>
      )}
      <Group align="flex-end" gap="xs">
        {props.drivers && (
          <Select
            label="Driver"
            data={props.drivers}
            value={form.driverId}
            error={errors.driver_id}
            onChange={(value) => setForm({ ...form, driverId: value ?? '' })}
            w={200}
          />
        )}
        <Select
          label="Round"
          data={rounds.map((round) => ({ value: String(round.id), label: round.name }))}
          value={form.roundId}
          error={errors.round_id}
          onChange={(value) => setForm({ ...form, roundId: value ?? '' })}
          w={180}
        />
        <Select
          label="Repeats"
          data={everyWeeksOptions}
          value={form.everyWeeks}
          error={errors.every_weeks}
          onChange={(value) => setForm({ ...form, everyWeeks: value ?? '1' })}
          w={150}
        />
        <Select
          label="Week of the month"
          data={weekOfMonthOptions}
          value={form.weekOfMonth}
          onChange={(value) => setForm({ ...form, weekOfMonth: value ?? '' })}
          w={200}
        />
      </Group>
      <Checkbox.Group label="Weekdays" error={errors.weekdays}>
        <Group gap="sm" mt={4}>
          {[1, 2, 3, 4, 5, 6, 7].map((day) => (
            <Checkbox
              key={day}
              label={getWeekdayName(day - 1, 'short')}
              aria-label={getWeekdayName(day - 1)}
              checked={form.weekdays.includes(day)}
              onChange={(event) => toggleDay(day, event.currentTarget.checked)}
            />
          ))}
        </Group>
      </Checkbox.Group>
      <Group align="flex-end" gap="xs">
        <TextInput
          label="Starts"
          placeholder="DD-MM-YYYY"
          w={130}
          value={form.starts}
          error={errors.starts}
          onChange={(event) => setForm({ ...form, starts: event.currentTarget.value })}
        />
        <TextInput
          label="Ends (optional)"
          placeholder="DD-MM-YYYY"
          w={140}
          value={form.ends}
          error={errors.ends}
          onChange={(event) => setForm({ ...form, ends: event.currentTarget.value })}
        />
        <Button variant="default" loading={add.isPending} onClick={() => void submit()}>
          Add Pattern
        </Button>
      </Group>
    </Stack>
  );
}
