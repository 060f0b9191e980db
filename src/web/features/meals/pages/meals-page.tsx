import { Alert, Button, Group, Pagination, Stack, Text, Title } from '@mantine/core';
import { useState } from 'react';
import type { Meal } from '../../../../contracts/meals';
import { useMeals, type MealFilters as Filters } from '../../../api/meals';
import { MealEditModal } from '../components/meal-edit-modal';
import { MealFilters } from '../components/meal-filters';
import { MealsTable } from '../components/meals-table';

const noFilters: Filters = { query: '', status: 'all', category: 'all' };

/** The meal catalogue: filters, a paged table, Add Item and the Edit Menu Item dialog. */
export function MealsPage() {
  const [filters, setFilters] = useState<Filters>(noFilters);
  const [page, setPage] = useState(1);
  const meals = useMeals({ ...filters, page });
  // 'new' is the Add Menu Item dialog, which creates the meal only on Save.
  const [editing, setEditing] = useState<Meal | 'new' | null>(null);

  const data = meals.data;
  const pageMax = data?.meta.page_max ?? 1;

  return (
    <Stack gap="md">
      <Group justify="space-between">
        <Title order={1}>Meals</Title>
        <Button onClick={() => setEditing('new')}>Add Item</Button>
      </Group>
      <MealFilters
        initial={filters}
        categories={data?.categories ?? []}
        onSearch={(next) => {
          setFilters(next);
          setPage(1);
        }}
      />
      {meals.isPending && <Text>Loading...</Text>}
      {meals.isError && <Alert color="red">{meals.error.message}</Alert>}
      {data && (
        <>
          <MealsTable meals={data.meals} labels={data.labels} onEdit={setEditing} />
          <Group justify="space-between">
            <Text size="sm">
              {data.meta.record_total === undefined ? '' : `${String(data.meta.record_total)} meals`}
            </Text>
            {pageMax > 1 && (
              <Pagination
                total={pageMax}
                value={Math.min(page, pageMax)}
                onChange={setPage}
                aria-label="Meals pages"
                getControlProps={(control) => ({ 'aria-label': `${control} page` })}
                getItemProps={(item) => ({ 'aria-label': `Page ${String(item)}` })}
              />
            )}
          </Group>
        </>
      )}
      {editing && (
        <MealEditModal
          key={editing === 'new' ? 'new' : editing.key}
          meal={editing === 'new' ? null : editing}
          categories={data?.categories ?? []}
          labels={data?.labels ?? []}
          onClose={() => setEditing(null)}
        />
      )}
    </Stack>
  );
}
