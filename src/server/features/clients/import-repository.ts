import { and, asc, eq } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { rounds } from '../../db/schema/accounts';
import { clients } from '../../db/schema/clients';
import { clientFundingProfiles } from '../../db/schema/funding';

/** A client as the import compares it and the export writes it: its row, its round's name and its profile. */
export type StoredClient = typeof clients.$inferSelect & {
  roundName: string | null;
  profile: typeof clientFundingProfiles.$inferSelect | null;
};

/** The client columns an import writes (those of its file that it has). */
export type ImportedClientColumns = Partial<
  Pick<
    typeof clients.$inferInsert,
    | 'externalId'
    | 'name'
    | 'phone'
    | 'address'
    | 'city'
    | 'state'
    | 'zip'
    | 'latitude'
    | 'longitude'
    | 'isAddressUnplaced'
    | 'roundId'
    | 'labels'
    | 'dietaryRequirements'
    | 'planDow'
    | 'deliveryInstructions'
  >
>;

/** The funder profile columns an import writes (those of its file that it has). */
export type ImportedProfileColumns = Partial<
  Omit<typeof clientFundingProfiles.$inferInsert, 'clientId' | 'accountId' | 'updatedAt'>
>;

/** What one import writes, all in one transaction. */
export type ImportWrites = {
  creates: { sourceId: string; client: ImportedClientColumns; profile: ImportedProfileColumns | null }[];
  updates: { id: number; client: ImportedClientColumns; profile: ImportedProfileColumns | null }[];
};

/** The clients file's reads and writes: every client of the account with its profile, and one import's writes. */
export function createClientImportRepository(db: Database) {
  return {
    /** Every client of the account (hidden ones too, so a discharged client's external id is not taken again). */
    async listClients(accountId: number): Promise<StoredClient[]> {
      const rows = await db
        .select({ client: clients, roundName: rounds.name, profile: clientFundingProfiles })
        .from(clients)
        .leftJoin(rounds, eq(rounds.id, clients.roundId))
        .leftJoin(clientFundingProfiles, eq(clientFundingProfiles.clientId, clients.id))
        .where(eq(clients.accountId, accountId))
        .orderBy(asc(clients.name), asc(clients.id));
      return rows.map((row) => ({ ...row.client, roundName: row.roundName, profile: row.profile }));
    },

    /** Creates and updates the clients (and their profiles) in one transaction; answers the ids written. */
    async applyImport(accountId: number, writes: ImportWrites, now: Date): Promise<number[]> {
      return db.transaction(async (tx) => {
        const ids: number[] = [];
        const saveProfile = async (clientId: number, profile: ImportedProfileColumns | null) => {
          if (profile === null) return;
          await tx
            .insert(clientFundingProfiles)
            .values({ ...profile, accountId, clientId, updatedAt: now })
            .onConflictDoUpdate({
              target: clientFundingProfiles.clientId,
              set: { ...profile, updatedAt: now },
            });
        };
        for (const create of writes.creates) {
          const [row] = await tx
            .insert(clients)
            .values({
              ...create.client,
              name: create.client.name ?? '',
              accountId,
              sourceId: create.sourceId,
              syncedAt: now,
              createdAt: now,
              updatedAt: now,
            })
            .returning({ id: clients.id });
          if (!row) throw new Error('client not created');
          ids.push(row.id);
          await saveProfile(row.id, create.profile);
        }
        for (const update of writes.updates) {
          if (Object.keys(update.client).length > 0) {
            await tx
              .update(clients)
              .set({ ...update.client, updatedAt: now })
              .where(and(eq(clients.accountId, accountId), eq(clients.id, update.id)));
          }
          await saveProfile(update.id, update.profile);
          ids.push(update.id);
        }
        return ids;
      });
    },
  };
}
export type ClientImportRepository = ReturnType<typeof createClientImportRepository>;
