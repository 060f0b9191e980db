import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { z } from 'zod';
import { accountSchema, type Account, type UpdateAccountBody } from '../../../contracts/accounts';
import { mealCategorySchema } from '../../../contracts/meals';
import { roundClientSchema } from '../../../contracts/rounds';
import {
  routeAutomationPreviewSchema,
  routeAutomationRunSchema,
  type RouteAutomationRun,
} from '../../../contracts/route-automation';
import {
  cancelCodeSchema,
  premiumSchema,
  serviceCodeSchema,
  tagSchema,
  type CancelCode,
  type Premium,
  type ServiceCode,
  type Tag,
} from '../../../contracts/source';
import {
  resetSentResultSchema,
  userSchema,
  type CreateUserBody,
  type UpdateUserBody,
  type User,
} from '../../../contracts/users';
import { setAccount } from '../../app/session-store';
import {
  apiDelete,
  apiGet,
  apiPost,
  apiPut,
  isSuccess,
  unwrapData,
  type ApiResponse,
} from '../../lib/api-client';

export const usersQueryKey = ['users'] as const;
const usersSchema = z.array(userSchema);

async function fetchUsers(signal: AbortSignal): Promise<User[]> {
  return unwrapData(await apiGet('users', undefined, { schema: usersSchema, signal }));
}

export function useUsers() {
  return useQuery({ queryKey: usersQueryKey, queryFn: ({ signal }) => fetchUsers(signal) });
}

/** Mutations answer with the envelope so dialogs can show meta.message; a success refreshes the users list. */
function useUserMutation<Variables, T>(call: (variables: Variables) => Promise<ApiResponse<T>>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: call,
    onSuccess: (response) => {
      // Not awaited: the dialog shows its success notice at once while the list refreshes behind it.
      if (isSuccess(response)) void queryClient.invalidateQueries({ queryKey: usersQueryKey });
    },
  });
}

export function useCreateUser() {
  return useUserMutation((body: CreateUserBody) => apiPost('users', body, { schema: userSchema }));
}

export function useUpdateUser() {
  return useUserMutation(({ id, body }: { id: number; body: UpdateUserBody }) =>
    apiPut(`users/${id}`, body, { schema: userSchema }),
  );
}

export function useDeleteUser() {
  return useUserMutation((id: number) => apiDelete(`users/${id}`));
}

export function useSendPasswordReset() {
  return useUserMutation((id: number) =>
    apiPost(`users/${id}/reset`, undefined, { schema: resetSentResultSchema }),
  );
}

/** The same key SessionSync refreshes the session's account under, so both share one cached answer. */
export function buildAccountQueryKey(accountId: number | undefined) {
  return ['account', accountId] as const;
}

async function fetchAccount(accountId: number, signal: AbortSignal): Promise<Account> {
  return unwrapData(await apiGet(`accounts/${accountId}`, undefined, { schema: accountSchema, signal }));
}

export function useAccount(accountId: number | undefined) {
  return useQuery({
    queryKey: buildAccountQueryKey(accountId),
    queryFn: ({ signal }) => fetchAccount(accountId ?? 0, signal),
    enabled: accountId !== undefined,
  });
}

/** Deletes a round (admins); a success reads the account again, whose rounds list the screens show. */
export function useDeleteRound(accountId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (roundId: number) => apiDelete(`rounds/${roundId}`),
    onSuccess: async (response) => {
      if (isSuccess(response))
        await queryClient.invalidateQueries({ queryKey: buildAccountQueryKey(accountId) });
    },
  });
}

/** Every list read from the CRM lives under this key: a change of the CRM link re-reads them all. */
export const sourceListsQueryKey = ['source-lists'] as const;
const credentialFields = ['source_system', 'source_url', 'source_username', 'source_password'] as const;

/**
 * A partial account update (Settings tabs). A success puts the answered account in the session store and the
 * cache; when the CRM link changed, the CRM lists are read again, which re-runs the access check.
 */
export function useUpdateAccount() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ accountId, body }: { accountId: number; body: UpdateAccountBody }) =>
      apiPut(`accounts/${accountId}`, body, { schema: accountSchema }),
    onSuccess: (response, { accountId, body }) => {
      if (!isSuccess(response) || !response.data) return;
      setAccount(response.data);
      queryClient.setQueryData(buildAccountQueryKey(accountId), response.data);
      if (credentialFields.some((field) => field in body)) {
        void queryClient.invalidateQueries({ queryKey: sourceListsQueryKey });
      }
    },
  });
}

type SourceListOptions<T> = { path: string; key: string; schema: z.ZodType<T[]>; enabled: boolean };

/**
 * A list read from the CRM with the account's saved settings (admin only). Code 7 means the CRM failed or refused;
 * the error's message says why. Read afresh each time the tab opens: the CRM may have changed meanwhile.
 */
function useSourceList<T>({ path, key, schema, enabled }: SourceListOptions<T>) {
  return useQuery({
    queryKey: [...sourceListsQueryKey, key],
    queryFn: async ({ signal }) => unwrapData(await apiGet(path, undefined, { schema, signal })),
    enabled,
    staleTime: 0,
  });
}

const tagsSchema = z.array(tagSchema);

/** The CRM's client tags; also the access check of Settings > CMS Integration. */
export function useClientTags(enabled: boolean) {
  return useSourceList<Tag>({ path: 'tags', key: 'client-tags', schema: tagsSchema, enabled });
}

export function useVisitTags(enabled: boolean) {
  return useSourceList<Tag>({ path: 'visits/tags', key: 'visit-tags', schema: tagsSchema, enabled });
}

export function useServiceCodes(enabled: boolean) {
  const schema = z.array(serviceCodeSchema);
  return useSourceList<ServiceCode>({ path: 'service_codes', key: 'service-codes', schema, enabled });
}

export function useCancelCodes(enabled: boolean) {
  const schema = z.array(cancelCodeSchema);
  return useSourceList<CancelCode>({ path: 'cancel_codes', key: 'cancel-codes', schema, enabled });
}

export function usePremiums(enabled: boolean) {
  const schema = z.array(premiumSchema);
  return useSourceList<Premium>({ path: 'premiums', key: 'premiums', schema, enabled });
}

const mealCategoriesSchema = z.array(mealCategorySchema);

/** The account's meal categories: the care-management section picks a premium for each. */
export function useMealCategories() {
  return useQuery({
    queryKey: ['meal-categories'],
    queryFn: async ({ signal }) =>
      unwrapData(await apiGet('meals/categories', undefined, { schema: mealCategoriesSchema, signal })),
  });
}

const roundClientsSchema = z.array(roundClientSchema);

/** The clients of a round in its preferred delivery order (Settings > Rounds); read afresh each time. */
export function useRoundClients(roundId: number | null) {
  return useQuery({
    queryKey: ['round-clients', roundId],
    queryFn: async ({ signal }) =>
      unwrapData(
        await apiGet(`rounds/${roundId ?? 0}/clients`, undefined, { schema: roundClientsSchema, signal }),
      ),
    enabled: roundId !== null,
    staleTime: 0,
  });
}

const routeAutomationRunsQueryKey = ['route-automation-runs'] as const;
const runsSchema = z.array(routeAutomationRunSchema);

/** The last route automation runs (Settings > Routes); polled while one is still running. */
export function useRouteAutomationRuns() {
  return useQuery({
    queryKey: routeAutomationRunsQueryKey,
    queryFn: async ({ signal }) =>
      unwrapData(await apiGet('route_automation/runs', undefined, { schema: runsSchema, signal })),
    refetchInterval: (query) => (query.state.data?.some((run) => run.status === 'running') ? 2000 : false),
  });
}

/**
 * What 'Run now' would change (its confirmation), worked out afresh each time the dialog opens: never cached, and
 * given up when the dialog closes first.
 */
export function useRouteAutomationPreview() {
  return useQuery({
    queryKey: ['route-automation-preview'],
    queryFn: async ({ signal }) =>
      unwrapData(
        await apiPost('route_automation/preview', undefined, {
          schema: routeAutomationPreviewSchema,
          signal,
        }),
      ),
    gcTime: 0,
    staleTime: 0,
    retry: false,
    refetchOnWindowFocus: false,
  });
}

/** 'Run now': starts a run, answered with it still going; the runs list is read again either way. */
export function useRunRouteAutomation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (): Promise<ApiResponse<RouteAutomationRun>> =>
      apiPost('route_automation/run', undefined, { schema: routeAutomationRunSchema }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: routeAutomationRunsQueryKey }),
  });
}
