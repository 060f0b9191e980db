import { Button, Group, Stack, TextInput } from '@mantine/core';
import { useState, type FormEvent, type ReactNode } from 'react';
import { normaliseReportDate, type ReportDateMode } from '../report-dates';

type ReportDateFormProps = {
  /** The date shown now (DD-MM-YYYY). */
  date: string;
  mode: ReportDateMode;
  /** Called with the date to show, snapped to its Monday in 'monday' mode. */
  onShow: (date: string) => void;
  /** Called when Show is pressed with a date that is not one, so the report can hide what it showed before. */
  onInvalidDate?: () => void;
  /** More filters under the date, applied by the same Show (the packing list's categories). */
  children?: ReactNode;
};

const descriptions: Record<ReportDateMode, string> = {
  monday: 'DD-MM-YYYY; weeks start on Monday',
  day: 'DD-MM-YYYY',
};

/** The reports' date input plus Show; the input shows the date the report really uses. */
export function ReportDateForm({ date, mode, onShow, onInvalidDate, children }: ReportDateFormProps) {
  const [text, setText] = useState(date);
  const [error, setError] = useState<string | null>(null);

  function show(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const next = normaliseReportDate(text, mode);
    if (!next) {
      setError('Please enter a date as DD-MM-YYYY.');
      onInvalidDate?.();
      return;
    }
    setError(null);
    setText(next);
    onShow(next);
  }

  return (
    <form onSubmit={show} noValidate aria-label="Choose date">
      <Stack gap="sm">
        <Group gap="sm" align="flex-start" wrap="nowrap">
          <TextInput
            label={mode === 'monday' ? 'Week of' : 'Date'}
            description={descriptions[mode]}
            value={text}
            error={error}
            w={260}
            onChange={(event) => setText(event.currentTarget.value)}
          />
          <Button type="submit" mt={46}>
            Show
          </Button>
        </Group>
        {children}
      </Stack>
    </form>
  );
}
