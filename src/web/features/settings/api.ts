import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { z } from 'zod';
import {
  resetSentResultSchema,
  userSchema,
  type CreateUserBody,
  type UpdateUserBody,
  type User,
} from '../../../contracts/users';
import {
  apiDelete,
  apiGet,
  apiPost,
  apiPut,
  isSuccess,
  unwrapData,
  type ApiResponse,
} from '../../lib/api-client';

export const usersQueryKey = ['users'] as const;
const usersSchema = z.array(userSchema);

async function fetchUsers(signal: AbortSignal): Promise<User[]> {
  return unwrapData(await apiGet('users', undefined, { schema: usersSchema, signal }));
}

export function useUsers() {
  return useQuery({ queryKey: usersQueryKey, queryFn: ({ signal }) => fetchUsers(signal) });
}

/** Mutations answer with the envelope so dialogs can show meta.message; a success refreshes the users list. */
function useUserMutation<Variables, T>(call: (variables: Variables) => Promise<ApiResponse<T>>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: call,
    onSuccess: (response) => {
      // Not awaited: the dialog shows its success notice at once while the list refreshes behind it.
      if (isSuccess(response)) void queryClient.invalidateQueries({ queryKey: usersQueryKey });
    },
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
