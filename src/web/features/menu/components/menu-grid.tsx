import { ActionIcon, Group, NativeSelect, Paper, Stack, Table, Text } from '@mantine/core';
import type { Label, Meal, MealCategory, Schedule } from '../../../../contracts/meals';
import { LabelTag } from '../../../components/label-tag';
import { WeekGridHead } from '../../../components/week-grid-head';
import { getWeekdayName } from '../../../../domain/calendar-names';
import { listScheduleDays, type MenuChange } from '../menu-model';

type MenuGridProps = {
  schedule: Schedule;
  categories: MealCategory[];
  activeMeals: Meal[];
  labels: Label[];
  isSaving: boolean;
  onChange: (change: MenuChange) => void;
};

/** Days as columns, meal categories as rows; each cell lists its meals and offers the category's active meals. */
export function MenuGrid({ schedule, categories, activeMeals, labels, isSaving, onChange }: MenuGridProps) {
  const days = listScheduleDays(schedule);
  const colourByName = new Map(labels.map((label) => [label.name, label.colour]));

  return (
    <Table withTableBorder withColumnBorders layout="fixed" aria-label="Weekly menu">
      <WeekGridHead dates={days} categoryWidth={140} />
      <Table.Tbody>
        {categories.map((category) => {
          const offered = activeMeals.filter((meal) => meal.category === category.name);
          return (
            <Table.Tr key={category.key}>
              <Table.Th scope="row">{category.name}</Table.Th>
              {days.map((date, index) => {
                const dayName = getWeekdayName(index);
                const meals = schedule.days[date]?.[category.name] ?? [];
                const shownKeys = new Set(meals.map((meal) => meal.key));
                const choices = offered.filter((meal) => !shownKeys.has(meal.key));
                return (
                  <Table.Td key={date} style={{ verticalAlign: 'top' }}>
                    <Stack gap={6}>
                      {meals.map((meal, position) => (
                        <Paper key={`${meal.key}-${position}`} withBorder p={6} radius="sm">
                          <Group gap={4} justify="space-between" wrap="nowrap" align="flex-start">
                            <Text size="sm">{meal.description}</Text>
                            <ActionIcon
                              variant="default"
                              size="sm"
                              aria-label={`Remove ${meal.description} from ${dayName}`}
                              disabled={isSaving}
                              onClick={() =>
                                onChange({ kind: 'remove', date, category: category.name, index: position })
                              }
                            >
                              -
                            </ActionIcon>
                          </Group>
                          {meal.labels.length > 0 && (
                            <Group gap={4} mt={4}>
                              {meal.labels.map((name) => (
                                <LabelTag key={name} size="xs" name={name} colour={colourByName.get(name)} />
                              ))}
                            </Group>
                          )}
                        </Paper>
                      ))}
                      <NativeSelect
                        size="xs"
                        aria-label={`Add ${category.name} meal on ${dayName}`}
                        value=""
                        disabled={isSaving || choices.length === 0}
                        data={[
                          { value: '', label: choices.length === 0 ? 'No meals to add' : 'Add meal...' },
                          ...choices.map((meal) => ({ value: meal.key, label: meal.description })),
                        ]}
                        onChange={(event) => {
                          const mealKey = event.currentTarget.value;
                          if (mealKey) onChange({ kind: 'add', date, category: category.name, mealKey });
                        }}
                      />
                    </Stack>
                  </Table.Td>
                );
              })}
            </Table.Tr>
          );
        })}
      </Table.Tbody>
    </Table>
  );
}
