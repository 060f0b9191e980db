import { Stack, Table } from '@mantine/core';
import type { MealDayState } from '../../../../contracts/clients';
import type { Label } from '../../../../contracts/meals';
import { findClashingAllergens } from '../../../../domain/allergen-clash';
import { isMealSuitable } from '../../../../domain/meal-suitability';
import { readCard, type CardChange, type GridRow, type WeekDraft } from '../meal-selection-model';
import { WeekGridHead, type DayNote } from '../../../components/week-grid-head';
import { getWeekdayName } from '../../../../domain/calendar-names';
import { describePausedDayNote, pausedDayBackgrounds, readPausedDay } from '../day-state';
import { MealCard } from './meal-card';

type MealSelectionGridProps = {
  rows: GridRow[];
  dates: string[];
  /** Why a day's meals do not count (on hold, or cancelled in the CRM), by date. */
  dayStates: MealDayState[];
  draft: WeekDraft;
  clientLabels: string[];
  clientAllergies: string[];
  labels: Label[];
  onChange: (date: string, mealKey: string, change: CardChange) => void;
  onEditComment: (date: string, mealKey: string) => void;
  onRequestOverride: (date: string, mealKey: string) => void;
};

/** The note of each date whose meals do not count, looking as the clients list's strip marks such a day. */
function buildDayNotes(dates: string[], dayStates: MealDayState[]): (DayNote | null)[] {
  return dates.map((date) => {
    const state = dayStates.find((candidate) => candidate.date === date);
    const paused = state ? readPausedDay(state) : null;
    return paused
      ? {
          text: describePausedDayNote(paused),
          kind: paused.kind,
          background: pausedDayBackgrounds[paused.kind],
        }
      : null;
  });
}

/**
 * Days of the week as columns, meal categories as rows; each cell holds the day's meal cards. A day whose meals do
 * not count is hatched, with why under its date.
 */
export function MealSelectionGrid(props: MealSelectionGridProps) {
  const { rows, dates, draft, clientLabels, clientAllergies, labels, onChange, onEditComment } = props;
  const notes = buildDayNotes(dates, props.dayStates);
  return (
    <Table withTableBorder withColumnBorders layout="fixed" aria-label="Client meal choices">
      <WeekGridHead dates={dates} categoryWidth={100} notes={notes} />
      <Table.Tbody>
        {rows.map((row) => (
          <Table.Tr key={row.key || row.name}>
            <Table.Th scope="row" style={{ verticalAlign: 'top' }}>
              {row.name}
            </Table.Th>
            {dates.map((date, index) => {
              const meals = row.cells[index] ?? [];
              return (
                <Table.Td
                  key={date}
                  style={{ verticalAlign: 'top', padding: 4, background: notes[index]?.background }}
                >
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
