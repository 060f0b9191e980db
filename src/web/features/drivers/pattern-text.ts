import type { RosterPattern } from '../../../contracts/drivers';
import { getWeekdayName } from '../../../domain/calendar-names';

const ordinals = ['1st', '2nd', '3rd', '4th', '5th'];

/** "Mondays and Thursdays, every 2 weeks, from 02-11-2026" or "The 2nd Tuesday of the month, from ...". */
export function describePattern(pattern: RosterPattern): string {
  const days = pattern.weekdays.map((day) => getWeekdayName(day - 1));
  const listed =
    days.length > 1 ? `${days.slice(0, -1).join(', ')} and ${days.at(-1) ?? ''}` : (days[0] ?? '');
  const when =
    pattern.week_of_month === null
      ? `${listed.replace(/day\b/g, 'days')}${pattern.every_weeks > 1 ? `, every ${String(pattern.every_weeks)} weeks` : ''}`
      : `The ${ordinals[pattern.week_of_month - 1] ?? ''} ${listed} of the month`;
  const span = pattern.ends ? `from ${pattern.starts} to ${pattern.ends}` : `from ${pattern.starts}`;
  return `${when}, ${span}`;
}
