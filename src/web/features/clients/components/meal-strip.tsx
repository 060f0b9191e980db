import { VisuallyHidden } from '@mantine/core';
import type { MealStripDay } from '../../../../contracts/clients';
import { getWeekdayName } from '../../../../domain/calendar-names';
import { isMissingMealDay } from '../../../../domain/meal-days';
import { parseDayMonthYear } from '../../../../domain/weeks';
import { describePausedDay, pausedDayBackgrounds, readPausedDay, type PausedDay } from '../day-state';

function describeDay(day: MealStripDay, index: number, isMissing: boolean, paused: PausedDay | null): string {
  const meals = day.count === 1 ? '1 meal' : `${String(day.count)} meals`;
  const notCounted = paused ? `, ${describePausedDay(paused)}: not counted` : '';
  return `${getWeekdayName(index, 'short')} ${day.date}: ${meals}${isMissing ? ', missing' : ''}${notCounted}`;
}

function backgroundOf(day: MealStripDay, isMissing: boolean, paused: PausedDay | null): string {
  // A held day is never missing; a cancelled one may be (the Missing Meal Choices rule), and red says so first.
  if (isMissing) return 'var(--mantine-color-red-9)';
  if (paused) return pausedDayBackgrounds[paused.kind];
  return day.count > 0 ? 'var(--mantine-color-green-1)' : 'var(--mantine-color-gray-1)';
}

/**
 * The two-week strip (7 plus 7) of meal counts per day; planned days without meals are marked red, days the
 * client is on hold are hatched violet and days whose CRM visits are all cancelled hatched grey (their meals do
 * not count; the reason is in the tooltip).
 */
export function MealStrip({ days, planDow }: { days: MealStripDay[]; planDow: readonly number[] }) {
  const weeks = [days.slice(0, 7), days.slice(7, 14)];
  return (
    <div>
      <VisuallyHidden>Meals per day for two weeks</VisuallyHidden>
      {weeks.map((week, weekIndex) => (
        <ul
          key={weekIndex}
          aria-label={weekIndex === 0 ? 'This week' : 'Next week'}
          style={{ display: 'flex', gap: 2, listStyle: 'none', margin: 0, marginBottom: 2, padding: 0 }}
        >
          {week.map((day, index) => {
            const iso = parseDayMonthYear(day.date);
            const paused = readPausedDay(day);
            const isMissing =
              iso !== null && isMissingMealDay(planDow, iso, day.count, day.hold_reason !== null);
            const label = describeDay(day, index, isMissing, paused);
            return (
              <li
                key={day.date}
                aria-label={label}
                title={label}
                data-missing={isMissing}
                data-paused={paused?.kind}
                style={{
                  width: 20,
                  height: 20,
                  lineHeight: '20px',
                  textAlign: 'center',
                  fontSize: 11,
                  borderRadius: 3,
                  fontWeight: day.count > 0 ? 700 : 400,
                  color: isMissing ? '#ffffff' : '#212529',
                  background: backgroundOf(day, isMissing, paused),
                  textDecoration: paused ? 'line-through' : 'none',
                }}
              >
                {day.count}
              </li>
            );
          })}
        </ul>
      ))}
    </div>
  );
}
