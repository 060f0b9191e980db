import { z } from 'zod';
import {
  messageSchema,
  messagesQuerySchema,
  messagingSettingsSchema,
  sendMessageBodySchema,
  testMessageBodySchema,
  updateMessagingSettingsBodySchema,
} from '../../../contracts/messages';
import { wholeListMeta } from '../../http/list-meta';
import type { RegisterRoute } from '../../http/route';
import type { MessagesService } from './service';
import type { MessagingSettingsService } from './settings-service';

export function registerMessagesRoutes(
  route: RegisterRoute,
  services: { messages: MessagesService; settings: MessagingSettingsService },
) {
  const { messages, settings } = services;
  route({
    method: 'GET',
    url: '/api/settings/messaging',
    access: 'admin',
    summary:
      'Settings > Messages: provider, Account SID, sender number, quiet hours, templates (never the token)',
    response: messagingSettingsSchema,
    handler: async ({ session }) => ({ data: await settings.getSettings(session) }),
  });

  route({
    method: 'PUT',
    url: '/api/settings/messaging',
    access: 'admin',
    body: updateMessagingSettingsBodySchema,
    summary: 'Saves Settings > Messages; the auth token is write-only (left out keeps the stored one)',
    response: messagingSettingsSchema,
    handler: async ({ session, body }) => ({ data: await settings.updateSettings(session, body) }),
  });

  route({
    method: 'POST',
    url: '/api/settings/messaging/test',
    access: 'admin',
    body: testMessageBodySchema,
    summary: 'Queues a test SMS to a number typed in',
    response: messageSchema,
    handler: async ({ session, body }) => ({
      data: await messages.sendTestMessage(session, body.to),
      status: 201,
    }),
  });

  route({
    method: 'POST',
    url: '/api/messages',
    access: 'user',
    body: sendMessageBodySchema,
    summary: 'Queues one SMS to a client, a contact or a driver',
    response: messageSchema,
    handler: async ({ session, body }) => ({ data: await messages.sendMessage(session, body), status: 201 }),
  });

  route({
    method: 'GET',
    url: '/api/messages',
    access: 'user',
    query: messagesQuerySchema,
    summary: "A client's or a driver's messages both ways with their statuses, newest first",
    response: z.array(messageSchema),
    handler: async ({ session, query }) => {
      const data = await messages.listMessages(session, query);
      return { data, meta: wholeListMeta(data.length) };
    },
  });
}
