import { useMutation } from '@tanstack/react-query';
import type { ContactBody } from '../../contracts/contact';
import { apiPost, unwrapData } from '../lib/api-client';

/** The public contact form; changes no query. */
export function useSendContactMessage() {
  return useMutation({ mutationFn: async (body: ContactBody) => unwrapData(await apiPost('contact', body)) });
}
