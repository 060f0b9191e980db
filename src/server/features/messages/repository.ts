import { and, desc, eq, inArray, or, sql } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { messageOptOuts, messages, messagingSettings } from '../../db/schema/text-messages';
import type { Transaction } from '../../db/transaction';

export type MessageRow = typeof messages.$inferSelect;
export type NewMessage = typeof messages.$inferInsert;
export type MessagingSettingsRow = typeof messagingSettings.$inferSelect;
export type MessagingSettingsChanges = Omit<typeof messagingSettings.$inferInsert, 'accountId'>;

type Executor = Database | Transaction;

export function createMessagesRepository(db: Database) {
  return {
    async findSettings(accountId: number, tx: Executor = db): Promise<MessagingSettingsRow | undefined> {
      const [row] = await tx
        .select()
        .from(messagingSettings)
        .where(eq(messagingSettings.accountId, accountId));
      return row;
    },

    async findSettingsBySender(senderNumber: string): Promise<MessagingSettingsRow | undefined> {
      const [row] = await db
        .select()
        .from(messagingSettings)
        .where(eq(messagingSettings.senderNumber, senderNumber));
      return row;
    },

    /** Answers false when another account already uses the sender number. */
    async saveSettings(
      accountId: number,
      values: Required<Pick<MessagingSettingsChanges, 'templates'>> & MessagingSettingsChanges,
    ) {
      const taken = values.senderNumber
        ? await db
            .select({ accountId: messagingSettings.accountId })
            .from(messagingSettings)
            .where(
              and(
                eq(messagingSettings.senderNumber, values.senderNumber),
                sql`${messagingSettings.accountId} <> ${accountId}`,
              ),
            )
        : [];
      if (taken.length > 0) return false;
      await db
        .insert(messagingSettings)
        .values({ ...values, accountId, updatedAt: sql`now()` })
        .onConflictDoUpdate({
          target: messagingSettings.accountId,
          set: { ...values, updatedAt: sql`now()` },
        });
      return true;
    },

    async isOptedOut(tx: Executor, accountId: number, phone: string): Promise<boolean> {
      const rows = await tx
        .select({ phone: messageOptOuts.phone })
        .from(messageOptOuts)
        .where(and(eq(messageOptOuts.accountId, accountId), eq(messageOptOuts.phone, phone)));
      return rows.length > 0;
    },

    async optOut(tx: Executor, accountId: number, phone: string, at: Date) {
      await tx.insert(messageOptOuts).values({ accountId, phone, optedOutAt: at }).onConflictDoNothing();
    },

    async optIn(tx: Executor, accountId: number, phone: string) {
      await tx
        .delete(messageOptOuts)
        .where(and(eq(messageOptOuts.accountId, accountId), eq(messageOptOuts.phone, phone)));
    },

    async insertMessage(tx: Executor, message: NewMessage): Promise<MessageRow> {
      const [row] = await tx.insert(messages).values(message).returning();
      if (!row) throw new Error('Inserting into messages returned no row.');
      return row;
    },

    /** The latest message sent to a number: a reply from it belongs to the same person. */
    async findLatestOutgoingTo(
      tx: Executor,
      accountId: number,
      phone: string,
    ): Promise<MessageRow | undefined> {
      const [row] = await tx
        .select()
        .from(messages)
        .where(and(eq(messages.accountId, accountId), eq(messages.direction, 'out'), eq(messages.to, phone)))
        .orderBy(desc(messages.id))
        .limit(1);
      return row;
    },

    async findMessage(id: number): Promise<MessageRow | undefined> {
      const [row] = await db.select().from(messages).where(eq(messages.id, id));
      return row;
    },

    /** One person's messages, newest first: a client's (its contacts' too, which carry its id) or a driver's. */
    listMessages(accountId: number, filter: { clientId?: number; driverId?: number }, limit = 200) {
      const who =
        filter.clientId !== undefined
          ? eq(messages.clientId, filter.clientId)
          : eq(messages.driverId, filter.driverId ?? -1);
      return db
        .select()
        .from(messages)
        .where(and(eq(messages.accountId, accountId), who))
        .orderBy(desc(messages.createdAt), desc(messages.id))
        .limit(limit);
    },

    /** A status from the provider, written only over one of `fromStatuses` (see domain/message-status). */
    async recordStatus(
      id: number,
      change: { status: MessageRow['status']; sid: string; error: string },
      fromStatuses: MessageRow['status'][],
    ) {
      const { status, sid, error } = change;
      await db
        .update(messages)
        .set({
          status,
          error,
          providerSid: sql`coalesce(${messages.providerSid}, ${sid})`,
          updatedAt: sql`now()`,
        })
        .where(
          and(
            eq(messages.id, id),
            inArray(messages.status, fromStatuses),
            or(sql`${messages.providerSid} is null`, eq(messages.providerSid, sid)),
          ),
        );
    },
  };
}
export type MessagesRepository = ReturnType<typeof createMessagesRepository>;
