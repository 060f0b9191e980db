import { useMutation, useQuery, useQueryClient, type QueryClient } from '@tanstack/react-query';
import { z } from 'zod';
import { sourceWriteOutcomeSchema, sourceWriteSchema, type SourceWrite } from '../../contracts/source-writes';
import { apiDelete, apiGet, apiPost, unwrapData } from '../lib/api-client';
import { roundVisitKeys, sourceWriteKeys } from './query-keys';

/** While a change waits for the CRM, the list is read again this often, so its badge turns to done by itself. */
const pendingRefetchMs = 10_000;

/** Retrying or dropping a change makes or undoes it on the visit: the rounds panels read their visits again. */
async function refreshAfterUserAction(queryClient: QueryClient) {
  await Promise.all([
    queryClient.invalidateQueries({ queryKey: sourceWriteKeys.all }),
    queryClient.invalidateQueries({ queryKey: roundVisitKeys.all }),
  ]);
}

/** The account's changes the CRM has not confirmed: one query shared by every visit row on the screen. */
export function useSourceWrites() {
  return useQuery({
    queryKey: sourceWriteKeys.all,
    queryFn: async ({ signal }): Promise<SourceWrite[]> =>
      unwrapData(await apiGet('source_writes', undefined, { schema: z.array(sourceWriteSchema), signal })),
    refetchInterval: (query) =>
      query.state.data?.some((write) => write.status === 'pending') ? pendingRefetchMs : false,
  });
}

/** The changes of one visit that the CRM has not confirmed. */
export function useVisitSourceWrites(visitId: number): SourceWrite[] {
  const { data } = useSourceWrites();
  return data?.filter((write) => write.visit_id === visitId) ?? [];
}

export function useRetrySourceWrite() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (id: number) =>
      unwrapData(await apiPost(`source_writes/${id}/retry`, {}, { schema: sourceWriteOutcomeSchema })),
    onSettled: () => refreshAfterUserAction(queryClient),
  });
}

export function useDropSourceWrite() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (id: number) => unwrapData(await apiDelete(`source_writes/${id}`)),
    onSettled: () => refreshAfterUserAction(queryClient),
  });
}
