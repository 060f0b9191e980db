import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { z } from 'zod';
import {
  allergenClashSchema,
  allergenSchema,
  type Allergen,
  type CreateAllergenBody,
  type RenameAllergenBody,
} from '../../contracts/allergens';
import { apiDelete, apiGet, apiPost, apiPut, isSuccess, unwrapData } from './api-client';
import { mealsQueryKey } from './meal-labels-api';

/**
 * The account's allergens are managed in Settings > Meals and used by the meal editor, the client screen and the
 * reports: their queries live here so that no feature imports another.
 */
export const allergensQueryKey = ['allergens'] as const;
export const allergenClashesQueryKey = ['allergen-clashes'] as const;

const allergensSchema = z.array(allergenSchema);
const clashesSchema = z.array(allergenClashSchema);

export function useAllergens() {
  return useQuery({
    queryKey: allergensQueryKey,
    queryFn: async ({ signal }) =>
      unwrapData(await apiGet('allergens', undefined, { schema: allergensSchema, signal })),
  });
}

/** Every choice from today on whose meal contains one of the client's allergies and is not overridden. */
export function useAllergenClashes() {
  return useQuery({
    queryKey: allergenClashesQueryKey,
    queryFn: async ({ signal }) =>
      unwrapData(await apiGet('allergens/clashes', undefined, { schema: clashesSchema, signal })),
  });
}

/** Changes answer the full list; a rename is carried into meals and clients, so those are read again too. */
function useAllergenMutation<Variables>(
  call: (variables: Variables) => ReturnType<typeof apiPost<Allergen[]>>,
) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: call,
    onSuccess: (response) => {
      if (!isSuccess(response) || !response.data) return;
      queryClient.setQueryData(allergensQueryKey, response.data);
      void queryClient.invalidateQueries({ queryKey: mealsQueryKey });
      void queryClient.invalidateQueries({ queryKey: ['clients'] });
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
