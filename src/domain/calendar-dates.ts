/**
 * Which calendar dates the product accepts. A date outside this range is a typing slip or an attack, never a
 * delivery day, and refusing it keeps impossible instants away from the CRM and the database.
 */
export const minCalendarYear = 2000;
export const maxCalendarYear = 2100;

const isoDatePattern = /^(\d{4})-(\d{2})-(\d{2})$/;

function isLeapYear(year: number): boolean {
  return (year % 4 === 0 && year % 100 !== 0) || year % 400 === 0;
}

function getDaysInMonth(year: number, month: number): number {
  if (month === 2) return isLeapYear(year) ? 29 : 28;
  return [4, 6, 9, 11].includes(month) ? 30 : 31;
}

/** A day that exists in the calendar (no 31 February, 29 February only in leap years) within the accepted years. */
export function isRealCalendarDate(year: number, month: number, day: number): boolean {
  if (![year, month, day].every(Number.isInteger)) return false;
  if (year < minCalendarYear || year > maxCalendarYear || month < 1 || month > 12) return false;
  return day >= 1 && day <= getDaysInMonth(year, month);
}

/** YYYY-MM-DD as given when it is a real date in range, else null. */
export function parseIsoDate(value: string): string | null {
  const match = isoDatePattern.exec(value);
  if (!match) return null;
  return isRealCalendarDate(Number(match[1]), Number(match[2]), Number(match[3])) ? value : null;
}
