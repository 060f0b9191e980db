import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { z } from 'zod';
import {
  driverDeleteResultSchema,
  driverSchema,
  timeOffSchema,
  type DriverBody,
  type TimeOffBody,
} from '../../contracts/drivers';
import { apiDelete, apiGet, apiPost, apiPut, unwrapData } from '../lib/api-client';
import { driverKeys, rosterKeys } from './query-keys';
import { refreshQueries } from './refresh-queries';

const driverListSchema = z.array(driverSchema);
const timeOffListSchema = z.array(timeOffSchema);

export function useDrivers() {
  return useQuery({
    queryKey: driverKeys.all,
    queryFn: async ({ signal }) =>
      unwrapData(await apiGet('drivers', undefined, { schema: driverListSchema, signal })),
  });
}

/** A driver change may change the roster too (a deactivated driver's days become gaps). */
function useDriverMutation<Variables, T>(call: (variables: Variables) => Promise<T>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: call,
    onSuccess: () => refreshQueries(queryClient, [driverKeys.all, rosterKeys.all]),
  });
}

/** Add (no id) or change a driver; a refusal's field errors come with the thrown ApiError. */
export function useSaveDriver() {
  return useDriverMutation(async ({ id, body }: { id: number | null; body: DriverBody }) =>
    unwrapData(
      id === null
        ? await apiPost('drivers', body, { schema: driverSchema })
        : await apiPut(`drivers/${String(id)}`, body, { schema: driverSchema }),
    ),
  );
}

/** Deactivates the driver (removed for real when never on the roster). */
export function useDeleteDriver() {
  return useDriverMutation(async (id: number) =>
    unwrapData(await apiDelete(`drivers/${String(id)}`, { schema: driverDeleteResultSchema })),
  );
}

export function useTimeOff(driverId: number) {
  return useQuery({
    queryKey: driverKeys.timeOff(driverId),
    queryFn: async ({ signal }) =>
      unwrapData(
        await apiGet(`drivers/${String(driverId)}/time_off`, undefined, {
          schema: timeOffListSchema,
          signal,
        }),
      ),
  });
}

export function useAddTimeOff(driverId: number) {
  return useDriverMutation(async (body: TimeOffBody) =>
    unwrapData(await apiPost(`drivers/${String(driverId)}/time_off`, body, { schema: timeOffSchema })),
  );
}

export function useDeleteTimeOff(driverId: number) {
  return useDriverMutation(async (timeOffId: number) =>
    unwrapData(
      await apiDelete(`drivers/${String(driverId)}/time_off/${String(timeOffId)}`, { schema: timeOffSchema }),
    ),
  );
}
