import { Stack, Table } from '@mantine/core';
import type { Label } from '../../../../contracts/meals';
import { findClashingAllergens } from '../../../../domain/allergen-clash';
import { isMealSuitable } from '../../../../domain/meal-suitability';
import { readCard, type CardChange, type GridRow, type WeekDraft } from '../meal-selection-model';
import { WeekGridHead } from '../../../components/week-grid-head';
import { getWeekdayName } from '../../../../domain/calendar-names';
import { MealCard } from './meal-card';

type MealSelectionGridProps = {
  rows: GridRow[];
  dates: string[];
  draft: WeekDraft;
  clientLabels: string[];
  clientAllergies: string[];
  labels: Label[];
  onChange: (date: string, mealKey: string, change: CardChange) => void;
  onEditComment: (date: string, mealKey: string) => void;
  onRequestOverride: (date: string, mealKey: string) => void;
};

/** Days of the week as columns, meal categories as rows; each cell holds the day's meal cards. */
export function MealSelectionGrid(props: MealSelectionGridProps) {
  const { rows, dates, draft, clientLabels, clientAllergies, labels, onChange, onEditComment } = props;
  return (
    <Table withTableBorder withColumnBorders layout="fixed" aria-label="Client meal choices">
      <WeekGridHead dates={dates} categoryWidth={100} />
      <Table.Tbody>
        {rows.map((row) => (
          <Table.Tr key={row.key || row.name}>
            <Table.Th scope="row" style={{ verticalAlign: 'top' }}>
              {row.name}
            </Table.Th>
            {dates.map((date, index) => {
              const meals = row.cells[index] ?? [];
              return (
                <Table.Td key={date} style={{ verticalAlign: 'top', padding: 4 }}>
                  <Stack gap={4}>
                    {meals.map((meal) => (
                      <MealCard
                        key={meal.key}
                        date={date}
                        meal={meal}
                        card={readCard(draft, date, meal)}
                        isSuitable={isMealSuitable(clientLabels, meal.labels)}
                        dayName={getWeekdayName(index)}
                        labels={labels}
                        clashing={findClashingAllergens(meal.allergens, clientAllergies)}
                        onChange={onChange}
                        onEditComment={onEditComment}
                        onRequestOverride={props.onRequestOverride}
                      />
                    ))}
                  </Stack>
                </Table.Td>
              );
            })}
          </Table.Tr>
        ))}
      </Table.Tbody>
    </Table>
  );
}
