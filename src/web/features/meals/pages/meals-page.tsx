import { Button, Group, Pagination, Stack, Text, Title } from '@mantine/core';
import { useState } from 'react';
import type { Meal } from '../../../../contracts/meals';
import { useCreateMeal, useMeals, type MealFilters as Filters } from '../../../api/meals';
import { ErrorNotice } from '../../../components/error-notice';
import { describeApiError } from '../../../lib/api-client';
import { MealEditModal } from '../components/meal-edit-modal';
import { MealFilters } from '../components/meal-filters';
import { MealsTable } from '../components/meals-table';

const noFilters: Filters = { query: '', status: 'all', category: 'all' };

/** The meal catalogue: filters, a paged table, Add Item and the Edit Menu Item dialog. */
export function MealsPage() {
  const [filters, setFilters] = useState<Filters>(noFilters);
  const [page, setPage] = useState(1);
  const meals = useMeals({ ...filters, page });
  const [editing, setEditing] = useState<Meal | null>(null);
  const createMeal = useCreateMeal();
  const [addError, setAddError] = useState<string | null>(null);

  const data = meals.data;

  /** Add Item creates 'New Meal' (active, Hot; the server's defaults) at once and opens it to be edited. */
  async function addItem() {
    setAddError(null);
    try {
      setEditing(await createMeal.mutateAsync({}));
    } catch (error) {
      setAddError(`Failed to add a meal: ${describeApiError(error)}`);
    }
  }
  const pageMax = data?.meta.page_max ?? 1;

  return (
    <Stack gap="md">
      <Group justify="space-between">
        <Title order={1}>Meals</Title>
        <Button onClick={() => void addItem()} loading={createMeal.isPending}>
          Add Item
        </Button>
      </Group>
      <ErrorNotice text={addError} onDismiss={() => setAddError(null)} />
      <MealFilters
        initial={filters}
        categories={data?.categories ?? []}
        onSearch={(next) => {
          setFilters(next);
          setPage(1);
        }}
      />
      {meals.isPending && <Text>Loading...</Text>}
      <ErrorNotice text={meals.error?.message} />
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
          key={editing.key}
          meal={editing}
          categories={data?.categories ?? []}
          labels={data?.labels ?? []}
          onClose={() => setEditing(null)}
        />
      )}
    </Stack>
  );
}
