import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { z } from 'zod';
import { labelSchema, type Label, type UpdateLabelBody } from '../../contracts/meals';
import { apiGet, apiPost, apiPut, unwrapAnswer, unwrapData, type ApiResponse } from '../lib/api-client';
import { clientKeys, mealKeys, mealLabelKeys, menuKeys } from './query-keys';
import { refreshQueries } from './refresh-queries';

const labelsSchema = z.array(labelSchema);

/** The account's meal labels (Settings > Meals), shown on the meals, menu and client screens. */
export function useLabels() {
  return useQuery({
    queryKey: mealLabelKeys.all,
    queryFn: async ({ signal }) =>
      unwrapData(await apiGet('meals/labels', undefined, { schema: labelsSchema, signal })),
  });
}

/**
 * Label changes answer the full list: it replaces the cached one. Meals show their labels' colours and names (a
 * rename is carried to the meals), so whatever shows meals is read again too.
 */
function useLabelMutation<Variables>(call: (variables: Variables) => Promise<ApiResponse<Label[]>>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (variables: Variables) => unwrapAnswer(await call(variables)),
    onSuccess: ({ data }) => {
      queryClient.setQueryData(mealLabelKeys.all, data);
      void refreshQueries(queryClient, [mealKeys.all, menuKeys.all, clientKeys.all]);
    },
  });
}

/** POST with an empty body adds 'New Label' with the default colour. */
export function useCreateLabel() {
  return useLabelMutation(() => apiPost('meals/labels', undefined, { schema: labelsSchema }));
}

/** Answers the list with the server's message (what the dialog shows on success). */
export function useUpdateLabel() {
  return useLabelMutation((body: UpdateLabelBody) => apiPut('meals/labels', body, { schema: labelsSchema }));
}
