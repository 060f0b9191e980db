/** How many answers one cache remembers before it starts afresh. */
const maxEntries = 2_000;

/**
 * Answers of the clients list (totals per filter combination, pages) kept with the version of the account's
 * list data they were read at (see readListVersion) and read again once that version changes. Counting the
 * whole account (the missing-meals test above all) costs far more than answering from memory, and a busy office
 * asks for the same pages over and over. The version comes from the database, so several app servers stay right.
 */
export function createVersionedCache<Value>() {
  const entries = new Map<string, { version: string; value: Value }>();
  return {
    async read(key: string, version: string, readNow: () => Promise<Value>): Promise<Value> {
      const cached = entries.get(key);
      if (cached?.version === version) return cached.value;
      const value = await readNow();
      if (entries.size >= maxEntries) entries.clear();
      entries.set(key, { version, value });
      return value;
    },
  };
}
