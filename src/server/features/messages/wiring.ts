import type { FastifyInstance } from 'fastify';
import type { SecretBox } from '../../crypto/secret-box';
import type { Database } from '../../db/client';
import type { RegisterRoute, RouteSummary } from '../../http/route';
import { noMessagingProvider } from '../../integrations/sms/messaging-provider';
import { createTwilioProvider } from '../../integrations/sms/twilio-provider';
import type { OutboundFetch } from '../../integrations/network/guarded-fetch';
import type { AuditService } from '../audit/service';
import { createMessageQueue } from './outbox-queue';
import { createMessageSender, type MessageSenderLog } from './outbox-sender';
import type { InboundReplyHandler, RecipientResolvers } from './ports';
import { createMessagesRepository } from './repository';
import { registerMessagesRoutes } from './routes';
import { createMessagesService } from './service';
import { createMessagingSettingsService, type AccountsForMessages } from './settings-service';
import { registerTwilioWebhooks, twilioStatusPath } from './webhook-routes';
import { createMessagingWebhooks } from './webhooks';

/** Builds the messages feature: its settings, the service other features queue messages with, and the sender. */
export function createMessaging(deps: {
  db: Database;
  accounts: AccountsForMessages;
  audit: AuditService;
  secretBox: SecretBox;
  /** The guarded fetch to the providers (their addresses are an admin's setting). */
  fetch: OutboundFetch;
  publicUrl: string;
  recipients: RecipientResolvers;
  providerTimeoutMs?: number;
  now: () => Date;
  log: MessageSenderLog;
}) {
  const repository = createMessagesRepository(deps.db);
  const settings = createMessagingSettingsService({
    repository,
    accounts: deps.accounts,
    secretBox: deps.secretBox,
    audit: deps.audit,
  });
  const messages = createMessagesService({
    db: deps.db,
    repository,
    settings,
    recipients: deps.recipients,
    audit: deps.audit,
    now: deps.now,
  });
  const base = deps.publicUrl.replace(/\/+$/, '');
  const messageSender = createMessageSender({
    queue: createMessageQueue(deps.db),
    getConnection: settings.getConnection,
    createProvider: (connection) =>
      connection.provider === 'twilio'
        ? createTwilioProvider(connection, {
            fetch: deps.fetch,
            ...(deps.providerTimeoutMs ? { timeoutMs: deps.providerTimeoutMs } : {}),
          })
        : noMessagingProvider,
    statusCallbackUrl: (id) => `${base}${twilioStatusPath}?message_id=${id}`,
    log: deps.log,
  });
  return { db: deps.db, repository, settings, messages, messageSender, publicUrl: base, now: deps.now };
}
export type Messaging = ReturnType<typeof createMessaging>;

/** Registers the messages routes and the provider's webhooks, which hand inbound replies to `inboundHandlers`. */
export async function registerMessaging(
  messaging: Messaging,
  deps: { server: FastifyInstance; route: RegisterRoute; inboundHandlers: readonly InboundReplyHandler[] },
): Promise<RouteSummary[]> {
  registerMessagesRoutes(deps.route, { messages: messaging.messages, settings: messaging.settings });
  return registerTwilioWebhooks(deps.server, {
    webhooks: createMessagingWebhooks({
      db: messaging.db,
      repository: messaging.repository,
      settings: messaging.settings,
      inboundHandlers: deps.inboundHandlers,
      now: messaging.now,
    }),
    publicUrl: messaging.publicUrl,
  });
}
