import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { z } from 'zod';
import { publicConfigSchema } from '../../../contracts/public-config';
import { roundDayOffSchema, roundDayOffStateSchema } from '../../../contracts/rounds';
import { apiGet, apiPut, unwrapData } from '../../lib/api-client';

const daysOffSchema = z.array(roundDayOffSchema);

export function buildDaysOffQueryKey(date: string) {
  return ['round-days-off', date] as const;
}

/** The account's rounds off on one date (YYYY-MM-DD). */
export function useRoundsOffOnDate(date: string) {
  return useQuery({
    queryKey: buildDaysOffQueryKey(date),
    queryFn: async ({ signal }) =>
      unwrapData(
        await apiGet('rounds/days_off', { from: date, to: date }, { schema: daysOffSchema, signal }),
      ),
  });
}

/** Marks a round off for a date, or back out; answers the envelope so the switch can show a refusal. */
export function useSetRoundDayOff(roundId: number, date: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (isOff: boolean) =>
      apiPut(`rounds/${roundId}/days_off/${date}`, { is_off: isOff }, { schema: roundDayOffStateSchema }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: buildDaysOffQueryKey(date) }),
  });
}

/** The map tile URL template from the public configuration ('' = no tiles: the map draws on a plain ground). */
export function useRouteMapTileUrl() {
  return useQuery({
    queryKey: ['public-config'],
    queryFn: async () => unwrapData(await apiGet('config', undefined, { schema: publicConfigSchema })),
    staleTime: Infinity,
    select: (config) => config.map_tile_url,
  });
}
