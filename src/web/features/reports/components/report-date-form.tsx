import { Button, Group, Stack, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import type { ReactNode } from 'react';
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
  // Checked on Show.
  const form = useForm({
    initialValues: { text: date },
    validate: {
      text: (text) => (normaliseReportDate(text, mode) ? null : 'Please enter a date as DD-MM-YYYY.'),
    },
  });

  const show = form.onSubmit(
    ({ text }) => {
      const next = normaliseReportDate(text, mode);
      if (!next) return;
      form.setFieldValue('text', next);
      onShow(next);
    },
    () => onInvalidDate?.(),
  );

  return (
    <form onSubmit={show} noValidate aria-label="Choose date">
      <Stack gap="sm">
        <Group gap="sm" align="flex-start" wrap="nowrap">
          <TextInput
            label={mode === 'monday' ? 'Week of' : 'Date'}
            description={descriptions[mode]}
            w={260}
            {...form.getInputProps('text')}
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
