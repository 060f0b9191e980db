/*
 * The funder reports' months and fees. A month is written MM-YYYY on the wire (as the screens show it); a
 * month is over when its last day is before the account's today, and only then may it be closed: a month still
 * running would freeze figures that are about to change.
 */

export type FunderMonth = {
  /** MM-YYYY. */
  label: string;
  /** YYYY-MM-01. */
  first: string;
  /** The month's last day, YYYY-MM-DD. */
  last: string;
};

const monthPattern = /^(0[1-9]|1[0-2])-(\d{4})$/;

/** The month of MM-YYYY (years 2000 to 2100, as every date the product takes), or null. */
export function parseFunderMonth(label: string): FunderMonth | null {
  const match = monthPattern.exec(label);
  if (!match) return null;
  const month = Number(match[1]);
  const year = Number(match[2]);
  if (year < 2000 || year > 2100) return null;
  const days = new Date(Date.UTC(year, month, 0)).getUTCDate();
  const prefix = `${String(year)}-${String(month).padStart(2, '0')}`;
  return { label, first: `${prefix}-01`, last: `${prefix}-${String(days)}` };
}

/** MM-YYYY of the month holding a YYYY-MM-DD date. */
export function getFunderMonthOf(date: string): string {
  return `${date.slice(5, 7)}-${date.slice(0, 4)}`;
}

/** The month before the one holding `today` (YYYY-MM-DD): the one a service reports by the 14th. */
export function getPreviousFunderMonth(today: string): string {
  const year = Number(today.slice(0, 4));
  const month = Number(today.slice(5, 7));
  return month === 1 ? `12-${String(year - 1)}` : `${String(month - 1).padStart(2, '0')}-${String(year)}`;
}

/** The `count` months (MM-YYYY) up to the one holding `today`, latest first: the months a screen offers. */
export function listFunderMonths(today: string, count: number): string[] {
  const months: string[] = [getFunderMonthOf(today)];
  while (months.length < count)
    months.push(getPreviousFunderMonth(toMonthStart(months[months.length - 1] ?? '')));
  return months;
}

/** YYYY-MM-01 of MM-YYYY. */
function toMonthStart(label: string): string {
  return `${label.slice(3)}-${label.slice(0, 2)}-01`;
}

/** Is the month over on `today` (YYYY-MM-DD, the account's)? Its last day is before today. */
export function isFunderMonthOver(month: FunderMonth, today: string): boolean {
  return month.last < today;
}

/** The fee a client is charged for meals: the meals delivered times the fee per meal, in cents. */
export function getFeeTotalCents(delivered: number, feePerMealCents: number): number {
  return delivered * feePerMealCents;
}

/** Cents as a decimal amount of dollars, e.g. 1250 -> '12.50' (DEX's FeesCharged). */
export function formatCentsAsDollars(cents: number): string {
  return `${String(Math.trunc(cents / 100))}.${String(cents % 100).padStart(2, '0')}`;
}

/** A fee as the reports show it, e.g. 1250 -> '$12.50'. */
export function formatFee(cents: number): string {
  return `$${formatCentsAsDollars(cents)}`;
}

/**
 * A birth date DD-MM-YYYY as YYYY-MM-DD, or null: a real day from 1900 on and not after `today` (YYYY-MM-DD).
 * Delivery dates are checked elsewhere against a narrower range; birth dates reach further back.
 */
export function parseBirthDate(value: string, today: string): string | null {
  const match = /^(\d{2})-(\d{2})-(\d{4})$/.exec(value);
  if (!match) return null;
  const [, day = '', month = '', year = ''] = match;
  const monthNumber = Number(month);
  const days = new Date(Date.UTC(Number(year), monthNumber, 0)).getUTCDate();
  const isReal = Number(year) >= 1900 && monthNumber >= 1 && monthNumber <= 12 && Number(day) >= 1;
  const iso = `${year}-${month}-${day}`;
  return isReal && Number(day) <= days && iso <= today ? iso : null;
}
