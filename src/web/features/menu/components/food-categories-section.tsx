import { ActionIcon, Button, Group, Stack, Text, TextInput, Title } from '@mantine/core';
import { ErrorNotice } from '../../../components/error-notice';
import { useState } from 'react';
import { nameLimits, type MealCategory } from '../../../../contracts/meals';
import { describeApiError } from '../../../lib/api-client';
import { findTextLimitError } from '../../../lib/text-limit';
import { useAddCategory, useRenameCategory, useReorderCategories } from '../../../api/meal-categories';

function moveKey(keys: string[], index: number, step: -1 | 1): string[] {
  const next = [...keys];
  const [moved] = next.splice(index, 1);
  if (moved !== undefined) next.splice(index + step, 0, moved);
  return next;
}

function CategoryRow({
  category,
  index,
  count,
  isBusy,
  onRename,
  onMove,
}: {
  category: MealCategory;
  index: number;
  count: number;
  isBusy: boolean;
  onRename: (name: string) => void;
  onMove: (step: -1 | 1) => void;
}) {
  const [name, setName] = useState(category.name);
  const nameError = findTextLimitError(name.trim(), nameLimits.category);
  const isChanged = name.trim() !== category.name && name.trim() !== '' && nameError === null;
  return (
    <Group gap="xs" component="li" wrap="nowrap">
      <TextInput
        aria-label={`Name of the category ${category.name}`}
        value={name}
        onChange={(event) => setName(event.currentTarget.value)}
        error={nameError}
        w={220}
      />
      <Button
        size="xs"
        variant="default"
        disabled={!isChanged || isBusy}
        onClick={() => onRename(name.trim())}
      >
        Rename
      </Button>
      <ActionIcon
        variant="default"
        aria-label={`Move ${category.name} up`}
        disabled={index === 0 || isBusy}
        onClick={() => onMove(-1)}
      >
        ↑
      </ActionIcon>
      <ActionIcon
        variant="default"
        aria-label={`Move ${category.name} down`}
        disabled={index === count - 1 || isBusy}
        onClick={() => onMove(1)}
      >
        ↓
      </ActionIcon>
    </Group>
  );
}

/** The food categories: the rows of the menu grid, added, renamed and put in order here. */
export function FoodCategoriesSection({ categories }: { categories: MealCategory[] }) {
  const addCategory = useAddCategory();
  const renameCategory = useRenameCategory();
  const reorderCategories = useReorderCategories();
  const [error, setError] = useState<string | null>(null);
  const isBusy = addCategory.isPending || renameCategory.isPending || reorderCategories.isPending;

  async function run(call: () => Promise<unknown>) {
    setError(null);
    try {
      await call();
    } catch (failure) {
      setError(describeApiError(failure));
    }
  }

  const keys = categories.map((category) => category.key);
  return (
    <Stack gap="xs" component="section" aria-label="Food categories">
      <Group justify="space-between" maw={520}>
        <Title order={2}>Food Categories</Title>
        <Button
          size="xs"
          loading={addCategory.isPending}
          onClick={() => void run(() => addCategory.mutateAsync())}
        >
          Add Category
        </Button>
      </Group>
      <ErrorNotice text={error} onDismiss={() => setError(null)} />
      {categories.length === 0 ? (
        <Text>No food categories yet.</Text>
      ) : (
        <Stack gap="xs" component="ol" style={{ listStyle: 'none', padding: 0, margin: 0 }}>
          {categories.map((category, index) => (
            <CategoryRow
              key={`${category.key}:${category.name}`}
              category={category}
              index={index}
              count={categories.length}
              isBusy={isBusy}
              onRename={(name) => void run(() => renameCategory.mutateAsync({ key: category.key, name }))}
              onMove={(step) =>
                void run(() => reorderCategories.mutateAsync({ keys: moveKey(keys, index, step) }))
              }
            />
          ))}
        </Stack>
      )}
    </Stack>
  );
}
