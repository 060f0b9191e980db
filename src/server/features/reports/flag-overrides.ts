import type { AllergenOverrideFlag } from '../../../contracts/allergens';
import type { PackingListReport } from '../../../contracts/reports';

/** The flags (overrides or clashes) by their date (DD-MM-YYYY), in their order. */
export function groupByDate<Flag extends { date: string }>(flags: Flag[]): Map<string, Flag[]> {
  const byDate = new Map<string, Flag[]>();
  for (const flag of flags) byDate.set(flag.date, [...(byDate.get(flag.date) ?? []), flag]);
  return byDate;
}

/** The packing list with each entry of an overridden clash (same client and meal, the list's one day) flagged. */
export function flagPackingOverrides(
  report: PackingListReport,
  flags: AllergenOverrideFlag[],
): PackingListReport {
  if (flags.length === 0) return report;
  const byEntry = new Map(flags.map((flag) => [`${flag.client_id} ${flag.meal_key}`, flag]));
  return {
    ...report,
    rounds: report.rounds.map((round) => ({
      ...round,
      meals: round.meals.map((meal) => ({
        ...meal,
        entries: meal.entries.map((entry) => {
          const flag = byEntry.get(`${entry.client_id} ${meal.key}`);
          return flag
            ? { ...entry, allergen_override: { allergens: flag.allergens, reason: flag.reason } }
            : entry;
        }),
      })),
    })),
  };
}
