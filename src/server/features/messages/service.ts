import type { Message, MessagesQuery, SendMessageBody } from '../../../contracts/messages';
import {
  defaultMessageTemplates,
  renderMessageTemplate,
  type MessageTemplateName,
  type MessageValues,
} from '../../../domain/message-templates';
import { getPhoneRegion, parsePhoneNumber } from '../../../domain/phone-numbers';
import { getQuietHoursEnd } from '../../../domain/quiet-hours';
import type { Database } from '../../db/client';
import type { Transaction } from '../../db/transaction';
import { conflict, invalidInput, notFound } from '../../http/errors';
import type { Session } from '../../http/session';
import type { AuditService } from '../audit/service';
import type { RecipientKind, RecipientResolvers } from './ports';
import type { MessageRow, MessagesRepository } from './repository';
import type { MessagingSettingsService } from './settings-service';

/** What a feature asks to send; `to` is E.164 (the caller has read it with domain/phone-numbers). */
export type QueueMessageInput = {
  accountId: number;
  channel: 'sms' | 'voice';
  to: string;
  body: string;
  purpose: 'welfare' | 'notice' | 'reminder' | 'manual' | 'test';
  clientId?: number | null;
  contactId?: number | null;
  driverId?: number | null;
  alertId?: number | null;
  createdBy?: number | null;
};

export const optedOutReason =
  'This number replied STOP: it gets no notices or reminders until it replies START.';
export const quietHoursReason = 'Waits for the end of the quiet hours.';

const e164Pattern = /^\+[1-9]\d{6,14}$/;

export function toMessage(row: MessageRow): Message {
  return {
    id: row.id,
    direction: row.direction,
    channel: row.channel,
    to: row.to,
    body: row.body,
    purpose: row.purpose,
    status: row.status,
    error: row.error,
    client_id: row.clientId,
    contact_id: row.contactId,
    driver_id: row.driverId,
    alert_id: row.alertId,
    created_at: row.createdAt.toISOString(),
    updated_at: row.updatedAt.toISOString(),
  };
}

const kindNames: Record<RecipientKind, string> = { client: 'Client', contact: 'Contact', driver: 'Driver' };

/** The one person a request names, or code 2 naming the fields when it names none or several. */
function pickTarget(ids: Partial<Record<RecipientKind, number>>): [RecipientKind, number] {
  const given = (Object.entries(ids) as [RecipientKind, number | undefined][]).filter(
    (entry): entry is [RecipientKind, number] => entry[1] !== undefined,
  );
  const [first] = given;
  if (given.length === 1 && first) return first;
  const fields = Object.keys(ids).map((kind) => `${kind}_id`);
  const message = `Give exactly one of ${fields.join(', ')}.`;
  throw invalidInput(
    message,
    fields.map((field) => ({ field, message })),
  );
}

export function createMessagesService(deps: {
  db: Database;
  repository: MessagesRepository;
  settings: MessagingSettingsService;
  recipients: RecipientResolvers;
  audit: AuditService;
  now: () => Date;
}) {
  const { repository } = deps;

  /**
   * Writes an outgoing message in the caller's transaction, applying the account's rules: a notice or reminder to
   * a number that replied STOP is kept as 'opted_out' and never sent; one made in the quiet hours waits
   * ('deferred') until they end. Welfare messages go whatever the hour and whatever the number replied.
   */
  async function queueMessage(tx: Transaction, input: QueueMessageInput): Promise<MessageRow> {
    if (!e164Pattern.test(input.to))
      throw new Error(`queueMessage needs an E.164 number, not "${input.to}".`);
    const now = deps.now();
    const isOptional = input.purpose === 'notice' || input.purpose === 'reminder';
    let status: MessageRow['status'] = 'queued';
    let error = '';
    let nextAttemptAt = now;
    if (isOptional && (await repository.isOptedOut(tx, input.accountId, input.to))) {
      status = 'opted_out';
      error = optedOutReason;
    } else if (isOptional) {
      const settings = await repository.findSettings(input.accountId, tx);
      const quiet =
        settings?.quietFrom && settings.quietTo ? { from: settings.quietFrom, to: settings.quietTo } : null;
      const end = getQuietHoursEnd(now.getTime(), quiet, await deps.settings.getTimeZone(input.accountId));
      if (end !== null) {
        status = 'deferred';
        error = quietHoursReason;
        nextAttemptAt = new Date(end);
      }
    }
    return repository.insertMessage(tx, {
      accountId: input.accountId,
      direction: 'out',
      channel: input.channel,
      to: input.to,
      body: input.body,
      purpose: input.purpose,
      clientId: input.clientId ?? null,
      contactId: input.contactId ?? null,
      driverId: input.driverId ?? null,
      alertId: input.alertId ?? null,
      createdBy: input.createdBy ?? null,
      status,
      error,
      nextAttemptAt,
      createdAt: now,
      updatedAt: now,
    });
  }

  async function resolve(accountId: number, kind: RecipientKind, id: number) {
    const resolver = deps.recipients[kind];
    if (!resolver) throw notFound(`${kindNames[kind]} (they cannot be messaged yet)`);
    const recipient = await resolver(accountId, id);
    if (!recipient) throw notFound(kindNames[kind]);
    return recipient;
  }

  /** A number typed in: E.164, read in the account's region. */
  async function readNumber(accountId: number, text: string) {
    return parsePhoneNumber(text, getPhoneRegion(await deps.settings.getTimeZone(accountId)));
  }

  return {
    queueMessage,
    readNumber,

    /** The account's template (Settings > Messages) filled in; `time` placeholders are the caller's to format. */
    async composeMessage(
      tx: Transaction,
      accountId: number,
      name: MessageTemplateName,
      values: MessageValues,
    ): Promise<string> {
      const templates = (await repository.findSettings(accountId, tx))?.templates ?? defaultMessageTemplates;
      return renderMessageTemplate(templates[name], values);
    },

    /** Whether the account has a provider that can send (Settings > Messages): with none, nothing can go. */
    async isProviderSetUp(accountId: number, tx: Transaction): Promise<boolean> {
      return ((await repository.findSettings(accountId, tx))?.provider ?? 'none') !== 'none';
    },

    getTimeZone: (accountId: number) => deps.settings.getTimeZone(accountId),

    /** One SMS a user writes to a client, a contact or a driver. */
    async sendMessage(session: Session, body: SendMessageBody): Promise<Message> {
      const [kind, id] = pickTarget({
        client: body.client_id,
        contact: body.contact_id,
        driver: body.driver_id,
      });
      const recipient = await resolve(session.accountId, kind, id);
      if (!recipient.phone.trim()) throw conflict(`${recipient.name} has no phone number.`);
      const parsed = await readNumber(session.accountId, recipient.phone);
      if (!parsed.isValid) throw conflict(`${recipient.name} has no valid phone number: ${parsed.message}`);
      const row = await deps.db.transaction((tx) =>
        queueMessage(tx, {
          accountId: session.accountId,
          channel: 'sms',
          to: parsed.e164,
          body: body.text,
          purpose: 'manual',
          clientId: kind === 'client' ? id : recipient.clientId,
          contactId: kind === 'contact' ? id : null,
          driverId: kind === 'driver' ? id : null,
          createdBy: session.userId,
        }),
      );
      await deps.audit.record(session, {
        action: 'message.send',
        targetType: kind,
        targetId: id,
        detail: { message_id: row.id },
      });
      return toMessage(row);
    },

    /** A client's or a driver's messages both ways, newest first. */
    async listMessages(session: Session, query: MessagesQuery): Promise<Message[]> {
      const [kind, id] = pickTarget({ client: query.client_id, driver: query.driver_id });
      await resolve(session.accountId, kind, id);
      const rows = await repository.listMessages(
        session.accountId,
        kind === 'client' ? { clientId: id } : { driverId: id },
      );
      return rows.map(toMessage);
    },

    /** Settings > Messages' "Send a test message": a 'test' message to a number typed in. */
    async sendTestMessage(session: Session, to: string): Promise<Message> {
      const parsed = await readNumber(session.accountId, to);
      if (!parsed.isValid) {
        throw invalidInput(parsed.message, [{ field: 'to', message: parsed.message }]);
      }
      const row = await deps.db.transaction((tx) =>
        queueMessage(tx, {
          accountId: session.accountId,
          channel: 'sms',
          to: parsed.e164,
          body: 'This is a test message from MealRounds.',
          purpose: 'test',
          createdBy: session.userId,
        }),
      );
      await deps.audit.record(session, {
        action: 'message.test',
        targetType: 'message',
        targetId: row.id,
      });
      return toMessage(row);
    },
  };
}
export type MessagesService = ReturnType<typeof createMessagesService>;
