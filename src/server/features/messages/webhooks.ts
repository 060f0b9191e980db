import { isLaterStatus } from '../../../domain/message-status';
import { readOptReply } from '../../../domain/opt-out-replies';
import { isValidTwilioSignature } from '../../../domain/twilio-signature';
import type { Database } from '../../db/client';
import { forbidden } from '../../http/errors';
import { toDeliveryStatus } from '../../integrations/sms/twilio-wire';
import type { InboundReplyHandler } from './ports';
import type { MessageRow, MessagesRepository } from './repository';
import type { MessagingSettingsService } from './settings-service';

/** A request from Twilio: the full URL it called (the app's public URL + path), its signature and form params. */
export type TwilioRequest = { url: string; signature: string; params: Record<string, string> };

const refused = () => forbidden('The request is not signed by the messaging provider.');

const allStatuses: MessageRow['status'][] = [
  'queued',
  'sending',
  'sent',
  'delivered',
  'undelivered',
  'failed',
  'opted_out',
  'deferred',
  'received',
];

/**
 * Twilio's callbacks: delivery statuses of the messages sent, and incoming SMS. Each is checked against
 * X-Twilio-Signature with the auth token of the account it is for; an unsigned or wrongly signed one is refused
 * (403) before anything is recorded.
 */
export function createMessagingWebhooks(deps: {
  db: Database;
  repository: MessagesRepository;
  settings: MessagingSettingsService;
  inboundHandlers: readonly InboundReplyHandler[];
  now: () => Date;
}) {
  const { repository } = deps;

  async function checkSignature(accountId: number, request: TwilioRequest) {
    const { authToken } = await deps.settings.getConnection(accountId);
    if (!isValidTwilioSignature(request.signature, authToken, request.url, request.params)) throw refused();
  }

  return {
    /** A status of the message `messageId` (the id the product put in its StatusCallback URL). */
    async recordStatus(messageId: number, request: TwilioRequest): Promise<void> {
      const message = await repository.findMessage(messageId);
      if (!message) throw refused();
      await checkSignature(message.accountId, request);
      const { params } = request;
      const sid = params.MessageSid ?? params.CallSid ?? '';
      const status = toDeliveryStatus(params.MessageStatus ?? params.CallStatus ?? '');
      if (!sid || status === null) return;
      const error = params.ErrorCode ? `The provider reports error ${params.ErrorCode}.` : '';
      const earlier = allStatuses.filter((current) => isLaterStatus(current, status));
      await repository.recordStatus(message.id, { status, sid, error }, earlier);
    },

    /** An SMS to an account's sender number: STOP/START, else recorded and handed to the reply handlers. */
    async receive(request: TwilioRequest): Promise<void> {
      const { params } = request;
      const settings = params.To ? await repository.findSettingsBySender(params.To) : undefined;
      if (!settings) throw refused();
      await checkSignature(settings.accountId, request);
      const from = params.From ?? '';
      const body = params.Body ?? '';
      const receivedAt = deps.now();
      const accountId = settings.accountId;
      await deps.db.transaction(async (tx) => {
        const latest = await repository.findLatestOutgoingTo(tx, accountId, from);
        await repository.insertMessage(tx, {
          clientId: latest?.clientId ?? null,
          contactId: latest?.contactId ?? null,
          driverId: latest?.driverId ?? null,
          alertId: latest?.alertId ?? null,
          accountId,
          direction: 'in',
          channel: 'sms',
          to: from,
          body,
          purpose: 'reply',
          status: 'received',
          providerSid: params.MessageSid ?? null,
          createdAt: receivedAt,
          updatedAt: receivedAt,
        });
        const opt = readOptReply(body);
        if (opt === 'opt_out') await repository.optOut(tx, accountId, from, receivedAt);
        else if (opt === 'opt_in') await repository.optIn(tx, accountId, from);
        else
          for (const handle of deps.inboundHandlers) await handle(tx, { accountId, from, body, receivedAt });
      });
    },
  };
}
export type MessagingWebhooks = ReturnType<typeof createMessagingWebhooks>;
