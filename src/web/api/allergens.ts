import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { z } from 'zod';
import {
  allergenClashSchema,
  allergenSchema,
  type Allergen,
  type CreateAllergenBody,
  type RenameAllergenBody,
} from '../../contracts/allergens';
import { apiDelete, apiGet, apiPost, apiPut, unwrapData, type ApiResponse } from '../lib/api-client';
import { allergenKeys, clientKeys, mealKeys, menuKeys, reportKeys } from './query-keys';
import { refreshQueries } from './refresh-queries';

const allergensSchema = z.array(allergenSchema);
const clashesSchema = z.array(allergenClashSchema);

/** The account's allergens (Settings > Meals), used by the meal editor, the client screen and the reports. */
export function useAllergens() {
  return useQuery({
    queryKey: allergenKeys.list,
    queryFn: async ({ signal }) =>
      unwrapData(await apiGet('allergens', undefined, { schema: allergensSchema, signal })),
  });
}

/** Every choice from today on whose meal contains one of the client's allergies and is not overridden. */
export function useAllergenClashes() {
  return useQuery({
    queryKey: allergenKeys.clashes,
    queryFn: async ({ signal }) =>
      unwrapData(await apiGet('allergens/clashes', undefined, { schema: clashesSchema, signal })),
  });
}

/**
 * Changes answer the full list; a rename or removal is carried into meals and clients (and so their clashes and
 * the reports' flags), so those are read again too.
 */
function useAllergenMutation<Variables>(call: (variables: Variables) => Promise<ApiResponse<Allergen[]>>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (variables: Variables) => unwrapData(await call(variables)),
    onSuccess: (allergens) => {
      queryClient.setQueryData(allergenKeys.list, allergens);
      void refreshQueries(queryClient, [
        allergenKeys.clashes,
        mealKeys.all,
        menuKeys.all,
        clientKeys.all,
        reportKeys.all,
      ]);
    },
  });
}

export function useCreateAllergen() {
  return useAllergenMutation((body: CreateAllergenBody) =>
    apiPost('allergens', body, { schema: allergensSchema }),
  );
}

export function useRenameAllergen() {
  return useAllergenMutation(({ key, ...body }: RenameAllergenBody & { key: string }) =>
    apiPut(`allergens/${encodeURIComponent(key)}`, body, { schema: allergensSchema }),
  );
}

export function useRemoveAllergen() {
  return useAllergenMutation((key: string) =>
    apiDelete(`allergens/${encodeURIComponent(key)}`, { schema: allergensSchema }),
  );
}
