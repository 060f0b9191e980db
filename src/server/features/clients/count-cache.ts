/** How many filter combinations are remembered before the cache starts afresh. */
const maxEntries = 2_000;

/**
 * The clients list's totals per filter combination. Counting the whole account (the missing-meals test above
 * all) costs far more than reading a page, and every page of a search needs the same total, so a total is kept
 * with the version of the account's clients it was counted at (see readListVersion) and counted again once that
 * version changes. The version comes from the database, so several app servers stay right too.
 */
export function createCountCache() {
  const entries = new Map<string, { version: string; total: number }>();
  return {
    async read(key: string, version: string, countNow: () => Promise<number>): Promise<number> {
      const cached = entries.get(key);
      if (cached?.version === version) return cached.total;
      const total = await countNow();
      if (entries.size >= maxEntries) entries.clear();
      entries.set(key, { version, total });
      return total;
    },
  };
}
export type CountCache = ReturnType<typeof createCountCache>;
