import { Button, Group, TextInput } from '@mantine/core';
import { useState, type FormEvent } from 'react';
import { readOutcomesRange, type OutcomesRange, type RangeErrors } from '../outcomes-range';

type OutcomesRangeFormProps = {
  /** The range shown now (DD-MM-YYYY). */
  range: OutcomesRange;
  onShow: (range: OutcomesRange) => void;
  /** Called when Show is pressed with a range that is not one, so the report can hide what it showed before. */
  onInvalidRange: () => void;
};

/** The Delivery Outcomes report's From and To dates plus Show; the inputs show the dates the report uses. */
export function OutcomesRangeForm({ range, onShow, onInvalidRange }: OutcomesRangeFormProps) {
  const [from, setFrom] = useState(range.from);
  const [to, setTo] = useState(range.to);
  const [errors, setErrors] = useState<RangeErrors>({});

  function show(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const next = readOutcomesRange(from, to);
    if ('errors' in next) {
      setErrors(next.errors);
      onInvalidRange();
      return;
    }
    setErrors({});
    setFrom(next.from);
    setTo(next.to);
    onShow(next);
  }

  return (
    <form onSubmit={show} noValidate aria-label="Choose dates">
      <Group gap="sm" align="flex-start" wrap="nowrap">
        <TextInput
          label="From"
          description="DD-MM-YYYY"
          value={from}
          error={errors.from}
          w={170}
          onChange={(event) => setFrom(event.currentTarget.value)}
        />
        <TextInput
          label="To"
          description="DD-MM-YYYY"
          value={to}
          error={errors.to}
          w={170}
          onChange={(event) => setTo(event.currentTarget.value)}
        />
        <Button type="submit" mt={46}>
          Show
        </Button>
      </Group>
    </form>
  );
}
