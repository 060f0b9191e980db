import type { MealChoicesDay } from '../../../../contracts/reports';
import { getDayCellColour, getDayCellStyle } from '../../../../domain/report-rules';
import classes from '../reports.module.css';

/**
 * One day of a client in the meal choices grid: a planned day is red when nothing is chosen and green otherwise;
 * an unplanned day with meals is a red tag; an unplanned day without meals is plain.
 */
export function MealChoiceCell({ day, isWeekStart }: { day: MealChoicesDay; isWeekStart: boolean }) {
  const style = getDayCellStyle(day.planned, day.cnt);
  const colour = getDayCellColour(style);
  const isTag = style === 'unplanned-filled';
  const cellClasses = [
    classes.dayCell,
    isWeekStart ? classes.weekStart : '',
    colour && !isTag ? classes[colour] : '',
  ]
    .filter(Boolean)
    .join(' ');
  return (
    <td className={cellClasses} data-style={style}>
      {isTag ? <span className={classes.redTag}>{day.cnt}</span> : day.cnt}
    </td>
  );
}
