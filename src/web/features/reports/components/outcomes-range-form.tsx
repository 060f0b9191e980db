import { Button, Group, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { readOutcomesRange, type OutcomesRange } from '../outcomes-range';

type OutcomesRangeFormProps = {
  /** The range shown now (DD-MM-YYYY). */
  range: OutcomesRange;
  onShow: (range: OutcomesRange) => void;
  /** Called when Show is pressed with a range that is not one, so the report can hide what it showed before. */
  onInvalidRange: () => void;
};

/** What is wrong with each date, by the server's range rule (none for a range the report can show). */
function validateRange({ from, to }: OutcomesRange) {
  const next = readOutcomesRange(from, to);
  return 'errors' in next ? next.errors : {};
}

/** The Delivery Outcomes report's From and To dates plus Show; the inputs show the dates the report uses. */
export function OutcomesRangeForm({ range, onShow, onInvalidRange }: OutcomesRangeFormProps) {
  // Checked on Show.
  const form = useForm<OutcomesRange>({ initialValues: range, validate: validateRange });

  const show = form.onSubmit(({ from, to }) => {
    const next = readOutcomesRange(from, to);
    if ('errors' in next) return;
    form.setValues(next);
    onShow(next);
  }, onInvalidRange);

  return (
    <form onSubmit={show} noValidate aria-label="Choose dates">
      <Group gap="sm" align="flex-start" wrap="nowrap">
        <TextInput label="From" description="DD-MM-YYYY" w={170} {...form.getInputProps('from')} />
        <TextInput label="To" description="DD-MM-YYYY" w={170} {...form.getInputProps('to')} />
        <Button type="submit" mt={46}>
          Show
        </Button>
      </Group>
    </form>
  );
}
