export type NumberRange = { readonly min: number; readonly max: number };

/** A number box's value as a whole number within the range, or null (empty, a fraction or out of range). */
export function parseWholeNumberInRange(value: string | number, range: NumberRange): number | null {
  const number = typeof value === 'number' ? value : Number(value);
  return value !== '' && Number.isInteger(number) && number >= range.min && number <= range.max
    ? number
    : null;
}

/** The inline message under a number box whose value is outside its range. */
export function describeNumberRange(range: NumberRange, unit: string): string {
  return `Enter a whole number of ${unit} from ${String(range.min)} to ${String(range.max)}.`;
}

/** A form's check of a number box: the range's message, or null when the value is a whole number within it. */
export function findNumberRangeError(
  value: string | number,
  range: NumberRange,
  unit: string,
): string | null {
  return parseWholeNumberInRange(value, range) === null ? describeNumberRange(range, unit) : null;
}
