/** The round timezone choices: the 23 Australia/* zones, in the order users know (docs/product-rules.md). */
export const australianTimezones = [
  'Australia/ACT',
  'Australia/Adelaide',
  'Australia/Brisbane',
  'Australia/Broken_Hill',
  'Australia/Canberra',
  'Australia/Currie',
  'Australia/Darwin',
  'Australia/Eucla',
  'Australia/Hobart',
  'Australia/LHI',
  'Australia/Lindeman',
  'Australia/Lord_Howe',
  'Australia/Melbourne',
  'Australia/North',
  'Australia/NSW',
  'Australia/Perth',
  'Australia/Queensland',
  'Australia/South',
  'Australia/Sydney',
  'Australia/Tasmania',
  'Australia/Victoria',
  'Australia/West',
  'Australia/Yancowinna',
] as const;

export type AustralianTimezone = (typeof australianTimezones)[number];

/** A new round's timezone. */
export const defaultTimezone: AustralianTimezone = 'Australia/Sydney';

export function isAustralianTimezone(value: string): value is AustralianTimezone {
  return (australianTimezones as readonly string[]).includes(value);
}
