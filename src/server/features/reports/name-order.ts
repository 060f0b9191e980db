// The order of String.prototype.localeCompare, with one collator for every sort.
const compareText = new Intl.Collator().compare;

/**
 * The order of every report's rows (clients, rounds): by name, then by id, since two clients or rounds may share a
 * name and a report must list them the same way on every call.
 */
export function compareNames(a: { name: string; id: number }, b: { name: string; id: number }): number {
  return compareText(a.name, b.name) || a.id - b.id;
}
