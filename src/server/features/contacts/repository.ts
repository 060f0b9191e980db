import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { isOwnClient } from '../../db/own-client-sql';
import { clients } from '../../db/schema/clients';
import { clientContacts } from '../../db/schema/contacts';
import type { Transaction } from '../../db/transaction';

export type ContactRow = typeof clientContacts.$inferSelect;
/** The fields of a contact a change writes (the ids, source and timestamps are the repository's). */
export type ContactValues = Pick<
  ContactRow,
  'name' | 'relationship' | 'phone' | 'sourcePhoneText' | 'email' | 'isEmergency' | 'wantsNotices'
>;
/** The database or a transaction: the contacts of a client can be read inside another feature's transaction. */
export type Executor = Database | Transaction;

export function createContactsRepository(db: Database) {
  const ofClient = (accountId: number, clientId: number) =>
    and(eq(clientContacts.accountId, accountId), eq(clientContacts.clientId, clientId));
  const visibleClient = (accountId: number, clientId: number) =>
    and(eq(clients.accountId, accountId), eq(clients.id, clientId), eq(clients.isHidden, false));

  const listContacts = (
    accountId: number,
    clientId: number,
    executor: Executor = db,
  ): Promise<ContactRow[]> =>
    executor
      .select()
      .from(clientContacts)
      .where(ofClient(accountId, clientId))
      .orderBy(asc(clientContacts.priority), asc(clientContacts.id));

  return {
    async isClientVisible(accountId: number, clientId: number): Promise<boolean> {
      const [row] = await db
        .select({ id: clients.id })
        .from(clients)
        .where(visibleClient(accountId, clientId));
      return row !== undefined;
    },

    /** The account's visible clients with their CRM ids: whose contacts a sync reads. */
    listVisibleClients(accountId: number): Promise<{ id: number; sourceId: string }[]> {
      return db
        .select({ id: clients.id, sourceId: clients.sourceId })
        .from(clients)
        .where(and(eq(clients.accountId, accountId), eq(clients.isHidden, false)))
        .orderBy(asc(clients.id));
    },

    /** The client's contacts in order. */
    listContacts,

    /** One contact of the account by its id, on a visible client; null otherwise. */
    async findContact(accountId: number, contactId: number): Promise<ContactRow | null> {
      const [row] = await db
        .select({ contact: clientContacts })
        .from(clientContacts)
        .innerJoin(clients, isOwnClient(clientContacts))
        .where(
          and(
            eq(clientContacts.accountId, accountId),
            eq(clientContacts.id, contactId),
            eq(clients.isHidden, false),
          ),
        );
      return row?.contact ?? null;
    },

    /** Every contact of these clients of the account, each client's in order. */
    listContactsOf(accountId: number, clientIds: number[]): Promise<ContactRow[]> {
      if (clientIds.length === 0) return Promise.resolve([]);
      return db
        .select()
        .from(clientContacts)
        .where(and(eq(clientContacts.accountId, accountId), inArray(clientContacts.clientId, clientIds)))
        .orderBy(asc(clientContacts.clientId), asc(clientContacts.priority), asc(clientContacts.id));
    },

    /**
     * Runs `work` holding the client's row lock, so two changes of one client's list (a user's and a sync's) take
     * turns and each renumbers the order it read. Answers null when the client is not a visible one of the account.
     */
    withClientLocked<T>(
      accountId: number,
      clientId: number,
      work: (tx: Transaction, contacts: ContactRow[]) => Promise<T>,
    ): Promise<T | null> {
      return db.transaction(async (tx) => {
        const [client] = await tx
          .select({ id: clients.id })
          .from(clients)
          .where(visibleClient(accountId, clientId))
          .for('update');
        if (!client) return null;
        return work(tx, await listContacts(accountId, clientId, tx));
      });
    },

    async insert(
      tx: Transaction,
      key: {
        accountId: number;
        clientId: number;
        source: ContactRow['source'];
        sourceContactId: string | null;
      },
      values: ContactValues,
      now: Date,
    ): Promise<ContactRow> {
      const [row] = await tx
        .insert(clientContacts)
        // A new contact goes last until the caller renumbers the list.
        .values({ ...key, ...values, priority: 1_000_000, createdAt: now, updatedAt: now })
        .returning();
      if (!row) throw new Error('The contact was not stored.');
      return row;
    },

    async update(tx: Transaction, id: number, values: Partial<ContactValues>, now: Date): Promise<void> {
      await tx
        .update(clientContacts)
        .set({ ...values, updatedAt: now })
        .where(eq(clientContacts.id, id));
    },

    async remove(tx: Transaction, ids: number[]): Promise<void> {
      if (ids.length > 0) await tx.delete(clientContacts).where(inArray(clientContacts.id, ids));
    },

    /** Numbers the contacts 1, 2, 3 ... in the order given (one statement). */
    async renumber(tx: Transaction, orderedIds: number[]): Promise<void> {
      if (orderedIds.length === 0) return;
      await tx.execute(sql`
        update ${clientContacts} set priority = ordered.position
        from unnest(${`{${orderedIds.join(',')}}`}::int[]) with ordinality as ordered(id, position)
        where ${clientContacts.id} = ordered.id and ${clientContacts.priority} <> ordered.position`);
    },
  };
}
export type ContactsRepository = ReturnType<typeof createContactsRepository>;
