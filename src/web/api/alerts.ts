import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { z } from 'zod';
import {
  alertCountSchema,
  alertSchema,
  type alertStatuses,
  type RecordAttemptBody,
  type ResolveAlertBody,
} from '../../contracts/alerts';
import { apiGet, apiPost, apiPut, unwrapData } from '../lib/api-client';
import { alertKeys } from './query-keys';

const alertsSchema = z.array(alertSchema);
export type AlertStatus = (typeof alertStatuses)[number];

/** Drivers record outcomes all day: the office's alerts are asked for again this often. */
export const alertsRefreshMs = 30_000;

/** The account's alerts of one status, newest first as the server answers them; asked again every 30 s. */
export function useAlerts(status: AlertStatus) {
  return useQuery({
    queryKey: alertKeys.list(status),
    queryFn: async ({ signal }) =>
      unwrapData(await apiGet('alerts', { status }, { schema: alertsSchema, signal })),
    staleTime: 0,
    refetchInterval: alertsRefreshMs,
  });
}

/** How many alerts are open, for the top menu's badge; asked again every 30 s. */
export function useOpenAlertCount() {
  return useQuery({
    queryKey: alertKeys.count,
    queryFn: async ({ signal }) =>
      unwrapData(await apiGet('alerts/count', undefined, { schema: alertCountSchema, signal })),
    staleTime: 0,
    refetchInterval: alertsRefreshMs,
  });
}

/** POST alerts/{id}/attempts: a person's try to reach someone; the lists are read again. */
export function useRecordAttempt() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async ({ id, body }: { id: number; body: RecordAttemptBody }) =>
      unwrapData(await apiPost(`alerts/${String(id)}/attempts`, body)),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: alertKeys.all }),
  });
}

/** PUT alerts/{id} {status: 'resolved', outcome, note}; afterwards both lists and the menu's count are read again. */
export function useResolveAlert() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async ({ id, body }: { id: number; body: ResolveAlertBody }) =>
      unwrapData(await apiPut(`alerts/${String(id)}`, body)),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: alertKeys.all }),
  });
}
