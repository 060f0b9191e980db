import { useMutation } from '@tanstack/react-query';
import {
  loginResultSchema,
  type ConfirmBody,
  type ForgotBody,
  type LoginBody,
} from '../../../contracts/auth';
import { apiPost } from '../../lib/api-client';

export function useLogin() {
  return useMutation({
    mutationFn: (body: LoginBody) => apiPost('users/login', body, { schema: loginResultSchema }),
  });
}

/** Revokes the token on the server. An expired token answers code 3, which is fine here: the session ends anyway. */
export function logoutOnServer() {
  return apiPost('users/logout', undefined, { ignoreSessionExpiry: true });
}

export function useRequestPasswordReset() {
  return useMutation({ mutationFn: (body: ForgotBody) => apiPost('users/forgot', body) });
}

export function useConfirmRegistration() {
  return useMutation({ mutationFn: (body: ConfirmBody) => apiPost('users/confirm', body) });
}
