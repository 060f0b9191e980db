import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { z } from 'zod';
import { rosterReminderSchema, rosterUnfilledCountSchema } from '../../contracts/volunteer';
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
const reminderListSchema = z.array(rosterReminderSchema);

/** How often the Drivers badge asks again: slots come within 48 hours as time passes, without any change. */
const unfilledRefreshMs = 60_000;

/** Slots with no driver whose pickup is in the next 48 hours: the top menu's Drivers badge. */
export function useUnfilledSoonCount() {
  return useQuery({
    queryKey: rosterKeys.unfilledCount,
    queryFn: async ({ signal }) =>
      unwrapData(
        await apiGet('roster/unfilled_count', undefined, { schema: rosterUnfilledCountSchema, signal }),
      ),
    refetchInterval: unfilledRefreshMs,
  });
}

/** What was sent about a day's rounds (date DD-MM-YYYY): reminders to drivers and alerts to the office. */
export function useRosterReminders(date: string, options: { enabled?: boolean } = {}) {
  return useQuery({
    queryKey: rosterKeys.reminders(date),
    queryFn: async ({ signal }) =>
      unwrapData(await apiGet('roster/reminders', { date }, { schema: reminderListSchema, signal })),
    enabled: options.enabled ?? true,
  });
}

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
