import { useMutation, useQuery } from '@tanstack/react-query';
import type { ContactBody } from '../../../contracts/contact';
import { publicConfigSchema, type PublicConfig } from '../../../contracts/public-config';
import { apiGet, apiPost, unwrapData } from '../../lib/api-client';

export const publicConfigQueryKey = ['public-config'] as const;

async function fetchPublicConfig(): Promise<PublicConfig> {
  return unwrapData(await apiGet('config', undefined, { schema: publicConfigSchema }));
}

/** Footer and about-page settings; they change only with a server restart, so they are fetched once. */
export function usePublicConfig() {
  return useQuery({ queryKey: publicConfigQueryKey, queryFn: fetchPublicConfig, staleTime: Infinity });
}

export function useSendContactMessage() {
  return useMutation({ mutationFn: (body: ContactBody) => apiPost('contact', body) });
}
