/**
 * Who could take an open slot, best first, and why in words. Drivers on time off that day are left out (they
 * cannot be put on the slot). The order: those who know the round, then those free that day (not driving another
 * round), then those who drove this round lately, then those who drive fewer days in the slot's month (spread the
 * load), then by name.
 */
export type SuggestionCandidate = {
  id: number;
  name: string;
  knowsRound: boolean;
  /** The last day (YYYY-MM-DD) they drove this round lately, or null. */
  lastDroveRound: string | null;
  /** The other round they drive that day, by name, or null. */
  otherRound: string | null;
  /** Days they drive in the slot's month. */
  daysThisMonth: number;
  isOnTimeOff: boolean;
};

export type RankedSuggestion = SuggestionCandidate & { reasons: string[] };

/** How a date reads in a reason: DD-MM-YYYY. */
function formatDay(date: string): string {
  const [year, month, day] = date.split('-');
  return `${String(day)}-${String(month)}-${String(year)}`;
}

/** The reasons for one candidate, in the ranking's order. */
export function describeSuggestion(
  candidate: SuggestionCandidate,
  roundName: string,
  monthName: string,
): string[] {
  const days = candidate.daysThisMonth;
  return [
    candidate.knowsRound ? `Knows ${roundName}` : `Does not know ${roundName} yet`,
    candidate.otherRound === null ? 'Free that day' : `Already drives ${candidate.otherRound} that day`,
    ...(candidate.lastDroveRound === null
      ? []
      : [`Drove ${roundName} on ${formatDay(candidate.lastDroveRound)}`]),
    'Not on time off',
    days === 0
      ? `No days yet in ${monthName}`
      : `Drives ${String(days)} ${days === 1 ? 'day' : 'days'} in ${monthName}`,
  ];
}

function compare(a: SuggestionCandidate, b: SuggestionCandidate): number {
  return (
    Number(b.knowsRound) - Number(a.knowsRound) ||
    Number(a.otherRound !== null) - Number(b.otherRound !== null) ||
    (b.lastDroveRound ?? '').localeCompare(a.lastDroveRound ?? '') ||
    a.daysThisMonth - b.daysThisMonth ||
    a.name.localeCompare(b.name) ||
    a.id - b.id
  );
}

/** The candidates not on time off, best first, each with its reasons. */
export function rankSuggestions(
  candidates: readonly SuggestionCandidate[],
  roundName: string,
  monthName: string,
): RankedSuggestion[] {
  return candidates
    .filter((candidate) => !candidate.isOnTimeOff)
    .sort(compare)
    .map((candidate) => ({ ...candidate, reasons: describeSuggestion(candidate, roundName, monthName) }));
}
