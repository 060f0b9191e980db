import { Button, Group, NativeSelect, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
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
  const form = useForm<Filters>({ initialValues: initial });
  const { status, category } = form.getValues();
  const categoryOptions = [
    { value: 'all', label: 'All Categories' },
    ...categories.map((item) => ({ value: item.name, label: item.name })),
  ];
  // A category chosen before a rename or removal stays selectable until changed.
  if (!categoryOptions.some((option) => option.value === category)) {
    categoryOptions.push({ value: category, label: category });
  }

  const submit = form.onSubmit((filters) => onSearch({ ...filters, query: filters.query.trim() }));

  return (
    <form onSubmit={submit} aria-label="Meal filters">
      <Group align="flex-end" gap="sm">
        <TextInput
          label="Search"
          placeholder="Name or ingredients"
          {...form.getInputProps('query')}
          w={280}
        />
        <NativeSelect
          label="Status"
          data={statusOptions}
          value={status}
          onChange={(e) => {
            const value = e.currentTarget.value;
            if (isStatusFilter(value)) form.setFieldValue('status', value);
          }}
        />
        <NativeSelect label="Category" data={categoryOptions} {...form.getInputProps('category')} />
        <Button type="submit">Search</Button>
      </Group>
    </form>
  );
}
