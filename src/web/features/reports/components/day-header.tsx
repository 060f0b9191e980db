import { formatDayHeader } from '../report-dates';
import classes from '../reports.module.css';

type DayHeaderProps = {
  date: string;
  /** Marks the first day of a week in the long grids. */
  isWeekStart?: boolean;
  /**
   * Two letters over the day of the month, for grids of 28 to 31 days whose month or week is named elsewhere;
   * otherwise the weekday over day/month.
   */
  isCompact?: boolean;
};

/** A day column's header cell; its accessible name is the full date. */
export function DayHeader({ date, isWeekStart = false, isCompact = false }: DayHeaderProps) {
  const { weekday, day } = formatDayHeader(date);
  const classNames = [isWeekStart ? classes.weekStart : '', isCompact ? classes.dayCell : ''].filter(Boolean);
  return (
    <th scope="col" className={classNames.join(' ') || undefined} aria-label={`${weekday} ${date}`}>
      {isCompact ? weekday.slice(0, 2) : weekday}
      <br />
      {isCompact ? String(Number(date.slice(0, 2))) : day}
    </th>
  );
}
