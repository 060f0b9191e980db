import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  driverLinkRevokedSchema,
  driverLinkSchema,
  driverLinkStatusSchema,
  type DriverLinkEmailBody,
} from '../../contracts/driver';
import { apiGet, apiPost, requestApi, unwrapData } from '../lib/api-client';
import { driverLinkKeys } from './query-keys';

/** Whether the round's day has a working driver link (the link itself cannot be shown again). */
export function useDriverLinkStatus(roundId: number, date: string) {
  return useQuery({
    queryKey: driverLinkKeys.status(roundId, date),
    queryFn: async ({ signal }) =>
      unwrapData(
        await apiGet(
          `rounds/${String(roundId)}/driver_link`,
          { date },
          { schema: driverLinkStatusSchema, signal },
        ),
      ),
    staleTime: 0,
  });
}

/** Every driver link call changes what the day has: its status is read again afterwards. */
function useLinkMutation<Variables, Data>(
  roundId: number,
  date: string,
  call: (variables: Variables) => Promise<Data>,
) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: call,
    onSettled: () => queryClient.invalidateQueries({ queryKey: driverLinkKeys.status(roundId, date) }),
  });
}

export function useCreateDriverLink(roundId: number, date: string) {
  return useLinkMutation(roundId, date, async () =>
    unwrapData(
      await apiPost(`rounds/${String(roundId)}/driver_link`, { date }, { schema: driverLinkSchema }),
    ),
  );
}

/** A new link mailed to the driver; `message` says when the mail could not go out yet (it is sent later). */
export function useEmailDriverLink(roundId: number, date: string) {
  return useLinkMutation(roundId, date, async (to: string) => {
    const body: DriverLinkEmailBody = { date, to };
    const response = await apiPost(`rounds/${String(roundId)}/driver_link/email`, body, {
      schema: driverLinkSchema,
    });
    return { link: unwrapData(response), message: response.meta.message };
  });
}

export function useRevokeDriverLinks(roundId: number, date: string) {
  return useLinkMutation(roundId, date, async () =>
    unwrapData(
      await requestApi(`rounds/${String(roundId)}/driver_link`, {
        method: 'DELETE',
        query: { date },
        schema: driverLinkRevokedSchema,
      }),
    ),
  );
}
