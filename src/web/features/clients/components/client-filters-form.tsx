import { Button, Group, NativeSelect, TextInput } from '@mantine/core';
import { useState, type FormEvent } from 'react';
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
  const [filter, setFilter] = useState(initial.filter);
  const [round, setRound] = useState(initial.filter_round);
  const [missing, setMissing] = useState(initial.missing_meals);
  const [onHold, setOnHold] = useState(initial.on_hold ?? 'all');
  const roundOptions = [
    { value: 'all', label: 'All Rounds' },
    { value: 'none', label: 'No Round' },
    ...rounds.map((item) => ({ value: String(item.id), label: item.name })),
  ];
  // A round removed since the filter was saved stays visible until changed.
  if (!roundOptions.some((option) => option.value === round)) {
    roundOptions.push({ value: round, label: `Round ${round}` });
  }

  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    onSearch({ filter: filter.trim(), filter_round: round, missing_meals: missing, on_hold: onHold });
  }

  return (
    <form onSubmit={submit} aria-label="Client filters">
      <Group align="flex-end" gap="sm">
        <TextInput
          label="Name"
          placeholder="{name}"
          value={filter}
          maxLength={200}
          onChange={(event) => setFilter(event.currentTarget.value)}
          w={260}
        />
        <NativeSelect
          label="Round"
          data={roundOptions}
          value={round}
          onChange={(event) => setRound(event.currentTarget.value)}
        />
        <NativeSelect
          label="Meal Choices"
          data={mealChoiceOptions}
          value={missing}
          onChange={(event) => setMissing(event.currentTarget.value === 'missing' ? 'missing' : 'all')}
        />
        <NativeSelect
          label="Holds"
          data={holdOptions}
          value={onHold}
          onChange={(event) => setOnHold(event.currentTarget.value === 'on_hold' ? 'on_hold' : 'all')}
        />
        <Button type="submit">Search</Button>
      </Group>
    </form>
  );
}
