import { Button, Group, TextInput } from '@mantine/core';
import { useState, type FormEvent } from 'react';
import { weekIdOf } from '../../domain/weeks';

export const invalidWeekDateText = 'Please enter a date as DD-MM-YYYY.';

type WeekPickerProps = {
  /** The week shown: its Monday as DD-MM-YYYY. */
  weekId: string;
  onWeekChange: (weekId: string) => void;
  /** Asked before leaving the week shown (unsaved changes); false keeps it. */
  confirmLeave?: () => boolean;
};

/** 'Week of' a typed date, snapped to its Monday on Show (the weekly menu, a client's meal choices). */
export function WeekPicker({ weekId, onWeekChange, confirmLeave }: WeekPickerProps) {
  const [dateText, setDateText] = useState(weekId);
  const [dateError, setDateError] = useState<string | null>(null);

  function showWeek(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const snapped = weekIdOf(dateText.trim());
    if (!snapped) {
      setDateError(invalidWeekDateText);
      return;
    }
    setDateError(null);
    if (snapped !== weekId && confirmLeave && !confirmLeave()) {
      setDateText(weekId);
      return;
    }
    setDateText(snapped);
    onWeekChange(snapped);
  }

  return (
    <form onSubmit={showWeek} noValidate aria-label="Choose week">
      <Group gap="sm" align="flex-start">
        <TextInput
          label="Week of"
          description="DD-MM-YYYY, shown from its Monday"
          value={dateText}
          error={dateError}
          onChange={(event) => setDateText(event.currentTarget.value)}
        />
        <Button type="submit" mt={46}>
          Show
        </Button>
      </Group>
    </form>
  );
}
