import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { welfareReportSchema, welfareSettingsSchema, type WelfareSettings } from '../../contracts/welfare';
import { apiGet, apiPut, unwrapAnswer, unwrapData } from '../lib/api-client';
import { welfareKeys } from './query-keys';

/** GET settings/welfare: the account's no-response procedure. */
export function useWelfareSettings() {
  return useQuery({
    queryKey: welfareKeys.settings,
    queryFn: async ({ signal }) =>
      unwrapData(await apiGet('settings/welfare', undefined, { schema: welfareSettingsSchema, signal })),
  });
}

/** PUT settings/welfare (admin); answers the saved settings (phones in E.164) and the server's message. */
export function useSaveWelfareSettings() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (body: WelfareSettings) =>
      unwrapAnswer(await apiPut('settings/welfare', body, { schema: welfareSettingsSchema })),
    onSuccess: ({ data }) => queryClient.setQueryData(welfareKeys.settings, data),
  });
}

/** GET reports/welfare?month=MM-YYYY. */
export function useWelfareReport(month: string) {
  return useQuery({
    queryKey: welfareKeys.report(month),
    queryFn: async ({ signal }) =>
      unwrapData(await apiGet('reports/welfare', { month }, { schema: welfareReportSchema, signal })),
  });
}
