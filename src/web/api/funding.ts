import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  dexExportSchema,
  dexSettingsSchema,
  funderMonthlyReportSchema,
  fundingCodesSchema,
  fundingProfileSchema,
  monthCloseSchema,
  type DexExportBody,
  type FundingProfileBody,
} from '../../contracts/funding';
import { apiGet, apiPost, apiPut, requestApi, unwrapData } from '../lib/api-client';
import { fundingKeys, reportKeys } from './query-keys';
import { refreshQueries } from './refresh-queries';

export function useFundingProfile(clientId: number) {
  return useQuery({
    queryKey: fundingKeys.profile(clientId),
    queryFn: async ({ signal }) =>
      unwrapData(
        await apiGet(`clients/${String(clientId)}/funding`, undefined, {
          schema: fundingProfileSchema,
          signal,
        }),
      ),
  });
}

/** Saves the profile; a refusal's field errors come with the thrown ApiError. The funder report shows programmes. */
export function useSaveFundingProfile(clientId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (body: FundingProfileBody) =>
      unwrapData(await apiPut(`clients/${String(clientId)}/funding`, body, { schema: fundingProfileSchema })),
    onSuccess: (saved) => {
      queryClient.setQueryData(fundingKeys.profile(clientId), saved);
      return refreshQueries(queryClient, [reportKeys.all]);
    },
  });
}

export function useFundingCodes() {
  return useQuery({
    queryKey: fundingKeys.codes,
    queryFn: async ({ signal }) =>
      unwrapData(await apiGet('funding/codes', undefined, { schema: fundingCodesSchema, signal })),
  });
}

/** `month` MM-YYYY. */
export function useFunderMonthlyReport(month: string) {
  return useQuery({
    queryKey: reportKeys.byDate('funder-monthly', month),
    queryFn: async ({ signal }) =>
      unwrapData(
        await apiGet('reports/funder_monthly', { month }, { schema: funderMonthlyReportSchema, signal }),
      ),
  });
}

/** Close (`reason` null) or open again (with the reason) a month; the month's report is read anew either way. */
export function useMonthClose() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async ({ month, reason }: { month: string; reason: string | null }) =>
      unwrapData(
        reason === null
          ? await apiPost(`months/${month}/close`, undefined, { schema: monthCloseSchema })
          : await requestApi(`months/${month}/close`, {
              method: 'DELETE',
              body: { reason },
              schema: monthCloseSchema,
            }),
      ),
    onSuccess: () => refreshQueries(queryClient, [reportKeys.all]),
  });
}

export function useDexSettings() {
  return useQuery({
    queryKey: fundingKeys.dexSettings,
    queryFn: async ({ signal }) =>
      unwrapData(await apiGet('exports/dex/settings', undefined, { schema: dexSettingsSchema, signal })),
  });
}

export function useDexExport() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (body: DexExportBody) =>
      unwrapData(await apiPost('exports/dex', body, { schema: dexExportSchema })),
    onSuccess: () => refreshQueries(queryClient, [fundingKeys.dexSettings]),
  });
}
