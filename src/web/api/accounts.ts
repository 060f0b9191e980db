import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { accountSchema, type UpdateAccountBody } from '../../contracts/accounts';
import { setAccount } from '../lib/session-store';
import { apiDelete, apiGet, apiPut, unwrapData } from '../lib/api-client';
import { accountKeys, roundKeys, sourceListKeys } from './query-keys';

/**
 * The account (its settings and rounds). Settings reads it as usual; SessionSync reads it once per app load
 * (`isOncePerLoad`) to refresh the session's stored copy, and not at all while `isEnabled` is false.
 */
export function useAccount(
  accountId: number | undefined,
  options: { isEnabled?: boolean; isOncePerLoad?: boolean } = {},
) {
  return useQuery({
    queryKey: accountKeys.detail(accountId),
    queryFn: async ({ signal }) =>
      unwrapData(await apiGet(`accounts/${accountId ?? 0}`, undefined, { schema: accountSchema, signal })),
    enabled: accountId !== undefined && (options.isEnabled ?? true),
    ...(options.isOncePerLoad ? { staleTime: Infinity } : {}),
  });
}

const credentialFields = ['source_system', 'source_url', 'source_username', 'source_password'] as const;

/**
 * A partial account update (Settings tabs). A success puts the answered account in the session store and the
 * cache; when the CRM link changed, the CRM lists are read again (which re-runs the access check); when the rounds
 * changed, the queries of rounds are read again.
 */
export function useUpdateAccount() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async ({ accountId, body }: { accountId: number; body: UpdateAccountBody }) =>
      unwrapData(await apiPut(`accounts/${accountId}`, body, { schema: accountSchema })),
    onSuccess: (account, { accountId, body }) => {
      setAccount(account);
      queryClient.setQueryData(accountKeys.detail(accountId), account);
      if (credentialFields.some((field) => field in body)) {
        void queryClient.invalidateQueries({ queryKey: sourceListKeys.all });
      }
      if ('rounds' in body) void queryClient.invalidateQueries({ queryKey: roundKeys.all });
    },
  });
}

/** Deletes a round (admins); a success reads the account again, whose rounds list the screens show. */
export function useDeleteRound(accountId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (roundId: number) => unwrapData(await apiDelete(`rounds/${roundId}`)),
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: accountKeys.detail(accountId) }),
        queryClient.invalidateQueries({ queryKey: roundKeys.all }),
      ]),
  });
}
