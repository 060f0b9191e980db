import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { z } from 'zod';
import { roundAutomationPreviewSchema, roundAutomationRunSchema } from '../../contracts/round-automation';
import { apiGet, apiPost, unwrapData } from '../lib/api-client';
import { roundAutomationKeys } from './query-keys';

const runsSchema = z.array(roundAutomationRunSchema);
/** While a run is going, the runs list is asked for again this often. */
const runningPollMs = 2000;

/** The last round automation runs (Settings > Routes); polled while one is still running. */
export function useRoundAutomationRuns() {
  return useQuery({
    queryKey: roundAutomationKeys.runs,
    queryFn: async ({ signal }) =>
      unwrapData(await apiGet('route_automation/runs', undefined, { schema: runsSchema, signal })),
    refetchInterval: (query) =>
      query.state.data?.some((run) => run.status === 'running') ? runningPollMs : false,
  });
}

/**
 * What 'Run now' would change (its confirmation), worked out afresh each time the dialog opens: never cached, and
 * given up when the dialog closes first.
 */
export function useRoundAutomationPreview() {
  return useQuery({
    queryKey: roundAutomationKeys.preview,
    queryFn: async ({ signal }) =>
      unwrapData(
        await apiPost('route_automation/preview', undefined, {
          schema: roundAutomationPreviewSchema,
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
export function useRunRoundAutomation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async () =>
      unwrapData(await apiPost('route_automation/run', undefined, { schema: roundAutomationRunSchema })),
    onSettled: () => queryClient.invalidateQueries({ queryKey: roundAutomationKeys.runs }),
  });
}
