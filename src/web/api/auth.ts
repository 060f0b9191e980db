import { useMutation } from '@tanstack/react-query';
import {
  loginResultSchema,
  refreshResultSchema,
  type ConfirmBody,
  type ForgotBody,
  type LoginBody,
} from '../../contracts/auth';
import { apiPost, unwrapData } from '../lib/api-client';

/* The logged-out calls: they change no cached query (logging in or out clears the cache in SessionSync). */

export function useLogin() {
  return useMutation({
    mutationFn: async (body: LoginBody) =>
      unwrapData(await apiPost('users/login', body, { schema: loginResultSchema })),
  });
}

/** Revokes the token on the server. An expired token answers code 3, which is fine here: the session ends anyway. */
export function logoutOnServer() {
  return apiPost('users/logout', undefined, { ignoreSessionExpiry: true });
}

/** Swaps the session's token for a fresh one; answers the envelope (a failed exchange is tried again later). */
export function refreshTokenOnServer() {
  return apiPost('users/refresh', {}, { schema: refreshResultSchema });
}

export function useRequestPasswordReset() {
  return useMutation({
    mutationFn: async (body: ForgotBody) => unwrapData(await apiPost('users/forgot', body)),
  });
}

export function useConfirmRegistration() {
  return useMutation({
    mutationFn: async (body: ConfirmBody) => unwrapData(await apiPost('users/confirm', body)),
  });
}
