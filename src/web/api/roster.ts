import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { z } from 'zod';
import {
  rosterPatternDeleteResultSchema,
  rosterPatternSchema,
  rosterSchema,
  rosterSlotSchema,
  rosterSuggestionsSchema,
  type RosterPatternBody,
} from '../../contracts/drivers';
import { apiDelete, apiGet, apiPost, apiPut, unwrapData } from '../lib/api-client';
import { rosterKeys } from './query-keys';
import { refreshQueries } from './refresh-queries';

const patternListSchema = z.array(rosterPatternSchema);

/** The slots from `from` to `to` (DD-MM-YYYY, at most 62 days). */
export function useRoster(from: string, to: string, options: { enabled?: boolean } = {}) {
  return useQuery({
    queryKey: rosterKeys.slots(from, to),
    queryFn: async ({ signal }) =>
      unwrapData(await apiGet('roster', { from, to }, { schema: rosterSchema, signal })),
    enabled: options.enabled ?? true,
  });
}

export function useRosterPatterns() {
  return useQuery({
    queryKey: rosterKeys.patterns,
    queryFn: async ({ signal }) =>
      unwrapData(await apiGet('roster/patterns', undefined, { schema: patternListSchema, signal })),
  });
}

/** Drivers who could take the slot (date DD-MM-YYYY), best first with reasons. */
export function useRosterSuggestions(roundId: number, date: string) {
  return useQuery({
    queryKey: rosterKeys.suggestions(roundId, date),
    queryFn: async ({ signal }) =>
      unwrapData(
        await apiGet(`roster/${String(roundId)}/${date}/suggestions`, undefined, {
          schema: rosterSuggestionsSchema,
          signal,
        }),
      ),
  });
}

function useRosterMutation<Variables, T>(call: (variables: Variables) => Promise<T>) {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: call, onSuccess: () => refreshQueries(queryClient, [rosterKeys.all]) });
}

/** Puts a driver on a round's day (DD-MM-YYYY), or none (left unfilled). */
export function useAssignSlot() {
  return useRosterMutation(
    async ({ roundId, date, driverId }: { roundId: number; date: string; driverId: number | null }) =>
      unwrapData(
        await apiPut(
          `roster/${String(roundId)}/${date}`,
          { driver_id: driverId },
          { schema: rosterSlotSchema },
        ),
      ),
  );
}

export function useAddPattern() {
  return useRosterMutation(async (body: RosterPatternBody) =>
    unwrapData(await apiPost('roster/patterns', body, { schema: rosterPatternSchema })),
  );
}

export function useDeletePattern() {
  return useRosterMutation(async (id: number) =>
    unwrapData(await apiDelete(`roster/patterns/${String(id)}`, { schema: rosterPatternDeleteResultSchema })),
  );
}
