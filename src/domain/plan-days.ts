import { weekdayNames, type WeekdayName } from './calendar-names';

export type PlanDay = {
  /** M T W T F S S. */
  letter: string;
  /** The full weekday name, for accessible text. */
  name: WeekdayName;
  /** The plan marks this weekday as a delivery day (flag 1). */
  isEnabled: boolean;
};

/** The plan's seven days, Monday first, from its flags (1 = delivery day; anything else or absent is off). */
export function listPlanDays(planDow: readonly number[]): PlanDay[] {
  return weekdayNames.map((name, index) => ({
    letter: name.charAt(0),
    name,
    isEnabled: planDow[index] === 1,
  }));
}

/** Seven flags, Monday first, with one weekday (0 = Monday) switched on or off; missing flags become 0. */
export function setPlanDay(planDow: readonly number[], index: number, isEnabled: boolean): (0 | 1)[] {
  return weekdayNames.map((_, day) => {
    if (day === index) return isEnabled ? 1 : 0;
    return planDow[day] === 1 ? 1 : 0;
  });
}

/** The plan as seven letters, Monday first: the day's letter for a delivery day, '-' otherwise ('MTW-F--'). */
export function formatPlanLetters(planDow: readonly number[]): string {
  return listPlanDays(planDow)
    .map((day) => (day.isEnabled ? day.letter : '-'))
    .join('');
}

/**
 * Seven flags from seven letters ('MTW-F--', any case): each place holds its day's letter (a delivery day) or '-'.
 * Null for anything else, so 'TMW-F--' or 'MTWF' is refused rather than read some other way.
 */
export function parsePlanLetters(text: string): (0 | 1)[] | null {
  const letters = text.trim().toUpperCase();
  const days = listPlanDays([]);
  if (letters.length !== days.length) return null;
  const flags = days.map((day, index) => {
    const letter = letters.charAt(index);
    if (letter === day.letter) return 1;
    return letter === '-' ? 0 : null;
  });
  return flags.every((flag) => flag !== null) ? (flags as (0 | 1)[]) : null;
}
