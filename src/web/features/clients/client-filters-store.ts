import { z } from 'zod';
import { getFilters, setFilters } from '../../lib/session-store';

/** The session store's key for the clients list's filters, saved whenever they change. */
export const clientsFiltersKey = 'clients';

const clientFiltersSchema = z.object({
  filter: z.string().max(200),
  /** 'all', 'none' or a round id. */
  filter_round: z.string().regex(/^(all|none|\d{1,9})$/),
  missing_meals: z.enum(['all', 'missing']),
  /** 'on_hold': only clients on hold on some day of the strip (absent in filters saved before holds). */
  on_hold: z.enum(['all', 'on_hold']).optional(),
});
export type ClientFilters = z.infer<typeof clientFiltersSchema>;

const savedListSchema = clientFiltersSchema.extend({ page: z.number().int().min(1).max(100_000) });
export type SavedClientList = z.infer<typeof savedListSchema>;

export const noClientFilters: ClientFilters = { filter: '', filter_round: 'all', missing_meals: 'all' };

/** The saved filters and page; anything unreadable (an older shape, a hand-edited store) starts afresh. */
export function readSavedClientList(): SavedClientList {
  const parsed = savedListSchema.safeParse(getFilters(clientsFiltersKey));
  return parsed.success ? parsed.data : { ...noClientFilters, page: 1 };
}

export function saveClientList(list: SavedClientList): void {
  setFilters(clientsFiltersKey, list);
}
