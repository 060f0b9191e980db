import type { QueryClient, QueryKey } from '@tanstack/react-query';

/** Marks every query under each key stale and reads the shown ones again; resolves when those reads are done. */
export async function refreshQueries(queryClient: QueryClient, keys: readonly QueryKey[]): Promise<void> {
  await Promise.all(keys.map((queryKey) => queryClient.invalidateQueries({ queryKey })));
}
