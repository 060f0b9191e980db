import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { z } from 'zod';
import {
  resetSentResultSchema,
  userSchema,
  type CreateUserBody,
  type UpdateUserBody,
} from '../../contracts/users';
import {
  apiDelete,
  apiGet,
  apiPost,
  apiPut,
  unwrapAnswer,
  unwrapData,
  type ApiResponse,
} from '../lib/api-client';
import { userKeys } from './query-keys';

const usersSchema = z.array(userSchema);

export function useUsers() {
  return useQuery({
    queryKey: userKeys.all,
    queryFn: async ({ signal }) =>
      unwrapData(await apiGet('users', undefined, { schema: usersSchema, signal })),
  });
}

/**
 * Answers the data with the server's message (adding a user says when the registration mail could not go out
 * yet); a success refreshes the users list.
 */
function useUserMutation<Variables, T>(call: (variables: Variables) => Promise<ApiResponse<T>>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (variables: Variables) => unwrapAnswer(await call(variables)),
    // Not awaited: the dialog shows its success notice at once while the list refreshes behind it.
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: userKeys.all }),
  });
}

export function useCreateUser() {
  return useUserMutation((body: CreateUserBody) => apiPost('users', body, { schema: userSchema }));
}

export function useUpdateUser() {
  return useUserMutation(({ id, body }: { id: number; body: UpdateUserBody }) =>
    apiPut(`users/${id}`, body, { schema: userSchema }),
  );
}

export function useDeleteUser() {
  return useUserMutation((id: number) => apiDelete(`users/${id}`));
}

export function useSendPasswordReset() {
  return useUserMutation((id: number) =>
    apiPost(`users/${id}/reset`, undefined, { schema: resetSentResultSchema }),
  );
}
