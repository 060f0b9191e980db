import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { z } from 'zod';
import { roundClientSchema, roundDayOffSchema, roundDayOffStateSchema } from '../../contracts/rounds';
import { apiGet, apiPut, unwrapData } from '../lib/api-client';
import { roundKeys } from './query-keys';

const roundClientsSchema = z.array(roundClientSchema);

/** The clients of a round in its preferred delivery order (Settings > Rounds); read afresh each time. */
export function useRoundClients(roundId: number | null) {
  return useQuery({
    queryKey: roundKeys.clients(roundId),
    queryFn: async ({ signal }) =>
      unwrapData(
        await apiGet(`rounds/${roundId ?? 0}/clients`, undefined, { schema: roundClientsSchema, signal }),
      ),
    enabled: roundId !== null,
    staleTime: 0,
  });
}

const daysOffSchema = z.array(roundDayOffSchema);

/** The account's rounds off on one date (YYYY-MM-DD). */
export function useRoundsOffOnDate(date: string) {
  return useQuery({
    queryKey: roundKeys.daysOff(date),
    queryFn: async ({ signal }) =>
      unwrapData(
        await apiGet('rounds/days_off', { from: date, to: date }, { schema: daysOffSchema, signal }),
      ),
  });
}

/** Marks a round off for a date, or back out; the date's rounds off are read again either way. */
export function useSetRoundDayOff(roundId: number, date: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (isOff: boolean) =>
      unwrapData(
        await apiPut(
          `rounds/${roundId}/days_off/${date}`,
          { is_off: isOff },
          { schema: roundDayOffStateSchema },
        ),
      ),
    onSettled: () => queryClient.invalidateQueries({ queryKey: roundKeys.daysOff(date) }),
  });
}
