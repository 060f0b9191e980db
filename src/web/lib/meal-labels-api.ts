import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { z } from 'zod';
import { labelSchema, type Label, type UpdateLabelBody } from '../../contracts/meals';
import { apiGet, apiPost, apiPut, isSuccess, unwrapData } from './api-client';

/**
 * Meal labels are managed in Settings > Meals and shown on the meals and menu screens: their queries live here so
 * that no feature imports another.
 */
export const mealsQueryKey = ['meals'] as const;
export const labelsQueryKey = ['meal-labels'] as const;

const labelsSchema = z.array(labelSchema);

export function useLabels() {
  return useQuery({
    queryKey: labelsQueryKey,
    queryFn: async ({ signal }) =>
      unwrapData(await apiGet('meals/labels', undefined, { schema: labelsSchema, signal })),
  });
}

/**
 * Label changes answer the full list: it replaces the cached one. Meals show their labels' colours and names (a
 * rename is carried to the meals), so the meals are read again too.
 */
function useLabelMutation<Variables>(call: (variables: Variables) => ReturnType<typeof apiPost<Label[]>>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: call,
    onSuccess: (response) => {
      if (!isSuccess(response) || !response.data) return;
      queryClient.setQueryData(labelsQueryKey, response.data);
      void queryClient.invalidateQueries({ queryKey: mealsQueryKey });
    },
  });
}

/** POST with an empty body adds 'New Label' with the default colour. */
export function useCreateLabel() {
  return useLabelMutation(() => apiPost('meals/labels', undefined, { schema: labelsSchema }));
}

export function useUpdateLabel() {
  return useLabelMutation((body: UpdateLabelBody) => apiPut('meals/labels', body, { schema: labelsSchema }));
}
