import { Button, Group, NativeSelect, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import type { Round } from '../../../../contracts/accounts';
import type { ClientFilters } from '../client-filters-store';

type ClientFiltersFormProps = {
  initial: ClientFilters;
  rounds: Round[];
  onSearch: (filters: ClientFilters) => void;
};

const mealChoiceOptions = [
  { value: 'all', label: 'All Meal Choices' },
  { value: 'missing', label: 'Missing Meal Choices' },
];

/** Holds kept here pause a client's meals; 'On Hold' is the CRM's status (the list's Status tag), named apart. */
const holdOptions = [
  { value: 'all', label: 'All Clients' },
  { value: 'on_hold', label: 'Paused (hold)' },
];

/** Name, round, meal-choice and hold filters; the Search button runs the search. */
export function ClientFiltersForm({ initial, rounds, onSearch }: ClientFiltersFormProps) {
  const form = useForm<ClientFilters>({
    initialValues: {
      filter: initial.filter,
      filter_round: initial.filter_round,
      missing_meals: initial.missing_meals,
      on_hold: initial.on_hold ?? 'all',
    },
  });
  const round = form.getValues().filter_round;
  const roundOptions = [
    { value: 'all', label: 'All Rounds' },
    { value: 'none', label: 'No Round' },
    ...rounds.map((item) => ({ value: String(item.id), label: item.name })),
  ];
  // A round removed since the filter was saved stays visible until changed.
  if (!roundOptions.some((option) => option.value === round)) {
    roundOptions.push({ value: round, label: `Round ${round}` });
  }

  const submit = form.onSubmit((filters) => onSearch({ ...filters, filter: filters.filter.trim() }));

  return (
    <form onSubmit={submit} aria-label="Client filters">
      <Group align="flex-end" gap="sm">
        <TextInput
          label="Name"
          placeholder="{name}"
          maxLength={200}
          w={260}
          {...form.getInputProps('filter')}
        />
        <NativeSelect label="Round" data={roundOptions} {...form.getInputProps('filter_round')} />
        <NativeSelect
          label="Meal Choices"
          data={mealChoiceOptions}
          {...form.getInputProps('missing_meals')}
        />
        <NativeSelect label="Holds" data={holdOptions} {...form.getInputProps('on_hold')} />
        <Button type="submit">Search</Button>
      </Group>
    </form>
  );
}
