import { Button, Group, NativeSelect, TextInput } from '@mantine/core';
import { useState, type FormEvent } from 'react';
import type { MealCategory } from '../../../../contracts/meals';
import type { MealFilters as Filters, MealStatusFilter } from '../../../api/meals';

const statusOptions: { value: MealStatusFilter; label: string }[] = [
  { value: 'all', label: 'All Statuses' },
  { value: 'active', label: 'Active' },
  { value: 'inactive', label: 'Inactive' },
];

function isStatusFilter(value: string): value is MealStatusFilter {
  return statusOptions.some((option) => option.value === value);
}

type MealFiltersProps = {
  initial: Filters;
  categories: MealCategory[];
  onSearch: (filters: Filters) => void;
};

/** Text search, status and category; the Search button runs the search. */
export function MealFilters({ initial, categories, onSearch }: MealFiltersProps) {
  const [query, setQuery] = useState(initial.query);
  const [status, setStatus] = useState<MealStatusFilter>(initial.status);
  const [category, setCategory] = useState(initial.category);
  const categoryOptions = [
    { value: 'all', label: 'All Categories' },
    ...categories.map((item) => ({ value: item.name, label: item.name })),
  ];
  // A category chosen before a rename or removal stays selectable until changed.
  if (!categoryOptions.some((option) => option.value === category)) {
    categoryOptions.push({ value: category, label: category });
  }

  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    onSearch({ query: query.trim(), status, category });
  }

  return (
    <form onSubmit={submit} aria-label="Meal filters">
      <Group align="flex-end" gap="sm">
        <TextInput
          label="Search"
          placeholder="Name or ingredients"
          value={query}
          onChange={(e) => setQuery(e.currentTarget.value)}
          w={280}
        />
        <NativeSelect
          label="Status"
          data={statusOptions}
          value={status}
          onChange={(e) => {
            const value = e.currentTarget.value;
            if (isStatusFilter(value)) setStatus(value);
          }}
        />
        <NativeSelect
          label="Category"
          data={categoryOptions}
          value={category}
          onChange={(e) => setCategory(e.currentTarget.value)}
        />
        <Button type="submit">Search</Button>
      </Group>
    </form>
  );
}
