import { useMutation, useQuery, useQueryClient, type QueryClient } from '@tanstack/react-query';
import {
  scheduleSchema,
  type CopyScheduleBody,
  type Schedule,
  type UpdateScheduleBody,
} from '../../contracts/meals';
import { apiGet, apiPut, unwrapData } from '../lib/api-client';
import { clientKeys, menuKeys, reportKeys } from './query-keys';
import { refreshQueries } from './refresh-queries';

/**
 * The menu shown for a week (its own, or the menu cycle's); `weekId` is its Monday as DD-MM-YYYY. The menu screen
 * and the client screen's meal choices share this one query.
 */
export function useSchedule(weekId: string) {
  return useQuery({
    queryKey: menuKeys.schedule(weekId),
    queryFn: async ({ signal }) =>
      unwrapData(await apiGet(`meals/schedule/${weekId}`, undefined, { schema: scheduleSchema, signal })),
  });
}

/**
 * A changed menu: the answered week becomes the cached one, and every other week is read again (a menu cycle
 * repeats one week's menu on others). What clients may choose and the reports follow the menu, so they are read
 * again too.
 */
function refreshAfterMenuChange(queryClient: QueryClient, schedule: Schedule) {
  queryClient.setQueryData(menuKeys.schedule(schedule.week_start), schedule);
  return Promise.all([
    queryClient.invalidateQueries({
      queryKey: menuKeys.all,
      predicate: (query) => query.queryKey[2] !== schedule.week_start,
    }),
    refreshQueries(queryClient, [clientKeys.all, reportKeys.all]),
  ]);
}

/** Replaces the week's menu. */
export function useSaveSchedule() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async ({ weekId, body }: { weekId: string; body: UpdateScheduleBody }) =>
      unwrapData(await apiPut(`meals/schedule/${weekId}`, body, { schema: scheduleSchema })),
    onSuccess: (schedule) => void refreshAfterMenuChange(queryClient, schedule),
  });
}

/** Copies the shown menu onto another week; code 6 means that week has a menu and `overwrite` was not set. */
export function useCopySchedule() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (body: CopyScheduleBody) =>
      unwrapData(await apiPut('meals/copy_schedule', body, { schema: scheduleSchema })),
    onSuccess: (schedule) => void refreshAfterMenuChange(queryClient, schedule),
  });
}
