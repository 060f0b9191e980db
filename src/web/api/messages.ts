import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { z } from 'zod';
import {
  messageSchema,
  messagingSettingsSchema,
  type Message,
  type UpdateMessagingSettingsBody,
} from '../../contracts/messages';
import { apiGet, apiPost, apiPut, unwrapData } from '../lib/api-client';
import { messageKeys } from './query-keys';

const messageListSchema = z.array(messageSchema);

/** A message log follows its statuses (sent, delivered ...) while it is open. */
export const messageLogRefreshMs = 5_000;

export function useMessagingSettings() {
  return useQuery({
    queryKey: messageKeys.settings,
    queryFn: async ({ signal }) =>
      unwrapData(await apiGet('settings/messaging', undefined, { schema: messagingSettingsSchema, signal })),
  });
}

export function useUpdateMessagingSettings() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (body: UpdateMessagingSettingsBody) =>
      unwrapData(await apiPut('settings/messaging', body, { schema: messagingSettingsSchema })),
    onSuccess: (settings) => queryClient.setQueryData(messageKeys.settings, settings),
  });
}

export function useSendTestMessage() {
  return useMutation({
    mutationFn: async (to: string): Promise<Message> =>
      unwrapData(await apiPost('settings/messaging/test', { to }, { schema: messageSchema })),
  });
}

/** A client's messages both ways, newest first; asked again every 5 s for the statuses. */
export function useClientMessages(clientId: number) {
  const filter = { client_id: clientId };
  return useQuery({
    queryKey: messageKeys.log(filter),
    queryFn: async ({ signal }) =>
      unwrapData(await apiGet('messages', filter, { schema: messageListSchema, signal })),
    refetchInterval: messageLogRefreshMs,
  });
}

export function useSendMessage() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (body: { client_id: number; text: string }): Promise<Message> =>
      unwrapData(await apiPost('messages', body, { schema: messageSchema })),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: messageKeys.all }),
  });
}
