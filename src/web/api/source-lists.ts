import { useQuery } from '@tanstack/react-query';
import { z } from 'zod';
import {
  cancelCodeSchema,
  premiumSchema,
  serviceCodeSchema,
  tagSchema,
  type CancelCode,
  type Premium,
  type ServiceCode,
  type Tag,
} from '../../contracts/source';
import { apiGet, unwrapData } from '../lib/api-client';
import { sourceListKeys } from './query-keys';

type SourceListOptions<T> = { path: string; key: string; schema: z.ZodType<T[]>; enabled: boolean };

/**
 * A list read from the CRM with the account's saved settings (admin only). Code 7 means the CRM failed or refused;
 * the error's message says why. Read afresh each time the tab opens: the CRM may have changed meanwhile.
 */
function useSourceList<T>({ path, key, schema, enabled }: SourceListOptions<T>) {
  return useQuery({
    queryKey: sourceListKeys.list(key),
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
