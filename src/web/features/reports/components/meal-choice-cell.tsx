import type { MealChoicesDay } from '../../../../contracts/reports';
import { getDayCellColour, getDayCellStyle } from '../../../../domain/report-rules';
import classes from '../reports.module.css';

/**
 * One day of a client in the meal choices grid: a planned day is red when nothing is chosen and green otherwise;
 * an unplanned day with meals is a red tag; an unplanned day without meals is plain. A day the client is on hold
 * is plain and marked "On hold" (never a problem day: nothing is delivered then).
 */
export function MealChoiceCell({ day, isWeekStart }: { day: MealChoicesDay; isWeekStart: boolean }) {
  const style = getDayCellStyle(day.planned, day.cnt);
  const colour = day.held ? null : getDayCellColour(style);
  const isTag = !day.held && style === 'unplanned-filled';
  const cellClasses = [
    classes.dayCell,
    isWeekStart ? classes.weekStart : '',
    colour && !isTag ? classes[colour] : '',
  ]
    .filter(Boolean)
    .join(' ');
  return (
    <td
      className={cellClasses}
      data-style={day.held ? 'held' : style}
      title={day.held ? 'On hold' : undefined}
      style={day.held ? { color: 'var(--mantine-color-violet-7)', fontStyle: 'italic' } : undefined}
    >
      {isTag ? <span className={classes.redTag}>{day.cnt}</span> : day.cnt}
    </td>
  );
}
