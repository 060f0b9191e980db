import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  volunteerLinkRevokedSchema,
  volunteerLinkSchema,
  volunteerLinkStatusSchema,
} from '../../contracts/volunteer';
import { apiDelete, apiGet, apiPost, unwrapData } from '../lib/api-client';
import { driverKeys } from './query-keys';

/** Whether the driver has a working personal link (the link itself is shown only when made). */
export function useVolunteerLinkStatus(driverId: number, options: { enabled?: boolean } = {}) {
  return useQuery({
    queryKey: driverKeys.link(driverId),
    queryFn: async ({ signal }) =>
      unwrapData(
        await apiGet(`drivers/${String(driverId)}/link`, undefined, {
          schema: volunteerLinkStatusSchema,
          signal,
        }),
      ),
    enabled: options.enabled ?? true,
  });
}

/** Every link call changes whether the driver has one: the status is read again afterwards. */
function useLinkMutation<T>(driverId: number, call: () => Promise<T>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: call,
    onSettled: () => queryClient.invalidateQueries({ queryKey: driverKeys.link(driverId) }),
  });
}

/** A new personal link, mailed or texted to the driver; `message` says how it went. */
export function useSendVolunteerLink(driverId: number) {
  return useLinkMutation(driverId, async () => {
    const response = await apiPost(`drivers/${String(driverId)}/link`, undefined, {
      schema: volunteerLinkSchema,
    });
    return { link: unwrapData(response), message: response.meta.message };
  });
}

export function useRevokeVolunteerLink(driverId: number) {
  return useLinkMutation(driverId, async () =>
    unwrapData(await apiDelete(`drivers/${String(driverId)}/link`, { schema: volunteerLinkRevokedSchema })),
  );
}
