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
