import { and, eq, ne } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { clients } from '../../db/schema/clients';
import { clientContacts } from '../../db/schema/contacts';
import { deliveryNotices, runStarts, type DeliveryNoticeKind } from '../../db/schema/delivery-notices';
import type { Transaction } from '../../db/transaction';

/** A person a client's delivery notices go to: the client, or one of their contacts. */
export type NoticeRecipient = { phone: string; clientId: number; contactId: number | null };

export function createNoticesRepository(db: Database) {
  return {
    /** The run's start (a new row), or null when the run was started before. */
    async insertRunStart(
      tx: Transaction,
      start: { accountId: number; roundId: number; date: string; startedAt: Date },
    ): Promise<Date | null> {
      const [row] = await tx
        .insert(runStarts)
        .values(start)
        .onConflictDoNothing()
        .returning({ startedAt: runStarts.startedAt });
      return row?.startedAt ?? null;
    },

    async findRunStart(accountId: number, roundId: number, date: string, tx: Database | Transaction = db) {
      const [row] = await tx
        .select({ startedAt: runStarts.startedAt })
        .from(runStarts)
        .where(
          and(eq(runStarts.accountId, accountId), eq(runStarts.roundId, roundId), eq(runStarts.date, date)),
        );
      return row?.startedAt ?? null;
    },

    /** Claims the visit's notice of this kind and key: false when it was made before (nothing to send again). */
    async claimNotice(
      tx: Transaction,
      notice: { accountId: number; visitId: number; kind: DeliveryNoticeKind; key: string; createdAt: Date },
    ): Promise<boolean> {
      const rows = await tx
        .insert(deliveryNotices)
        .values(notice)
        .onConflictDoNothing()
        .returning({ id: deliveryNotices.id });
      return rows.length > 0;
    },

    /** The client, when they want notices, then each contact who wants them, with their numbers as stored. */
    async listRecipients(tx: Transaction, accountId: number, clientId: number): Promise<NoticeRecipient[]> {
      const client = await tx
        .select({ phone: clients.phone })
        .from(clients)
        .where(
          and(eq(clients.accountId, accountId), eq(clients.id, clientId), eq(clients.wantsNotices, true)),
        );
      const contacts = await tx
        .select({ id: clientContacts.id, phone: clientContacts.phone })
        .from(clientContacts)
        .where(
          and(
            eq(clientContacts.accountId, accountId),
            eq(clientContacts.clientId, clientId),
            eq(clientContacts.wantsNotices, true),
            ne(clientContacts.phone, ''),
          ),
        )
        .orderBy(clientContacts.priority, clientContacts.id);
      return [
        ...client.map((row) => ({ phone: row.phone, clientId, contactId: null })),
        ...contacts.map((row) => ({ phone: row.phone, clientId, contactId: row.id })),
      ];
    },
  };
}
export type NoticesRepository = ReturnType<typeof createNoticesRepository>;
