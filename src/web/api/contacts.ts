import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { z } from 'zod';
import { contactSchema, type ContactBody, type ContactUpdateBody } from '../../contracts/contacts';
import { apiDelete, apiGet, apiPost, apiPut, unwrapData } from '../lib/api-client';
import { clientKeys } from './query-keys';
import { refreshQueries } from './refresh-queries';

const contactListSchema = z.array(contactSchema);

/** The client's contacts in their order (1 first). */
export function useContacts(clientId: number) {
  return useQuery({
    queryKey: clientKeys.contacts(clientId),
    queryFn: async ({ signal }) =>
      unwrapData(
        await apiGet(`clients/${String(clientId)}/contacts`, undefined, {
          schema: contactListSchema,
          signal,
        }),
      ),
  });
}

/** A change of one contact renumbers the others, so the whole list is asked again. */
function useContactMutation<Variables, T>(clientId: number, call: (variables: Variables) => Promise<T>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: call,
    onSuccess: () => refreshQueries(queryClient, [clientKeys.contacts(clientId)]),
  });
}

/** Add a local contact, or change one (a CRM contact takes only `priority` and `wants_notices`). */
export function useSaveContact(clientId: number) {
  return useContactMutation(
    clientId,
    async (change: { id: null; body: ContactBody } | { id: number; body: ContactUpdateBody }) => {
      const path = `clients/${String(clientId)}/contacts`;
      return unwrapData(
        change.id === null
          ? await apiPost(path, change.body, { schema: contactSchema })
          : await apiPut(`${path}/${String(change.id)}`, change.body, { schema: contactSchema }),
      );
    },
  );
}

/** Removes a local contact (the CRM's are removed in the CRM). */
export function useRemoveContact(clientId: number) {
  return useContactMutation(clientId, async (id: number) =>
    unwrapData(await apiDelete(`clients/${String(clientId)}/contacts/${String(id)}`)),
  );
}
