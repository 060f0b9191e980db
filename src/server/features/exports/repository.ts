import { and, eq, inArray } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { clients } from '../../db/schema/clients';
import { dexExportSettings } from '../../db/schema/funding';
import type { DexClientDetails } from './dex-plan';

/** The DEX export's own reads and writes: the clients' names and addresses, the account's last ids. */
export function createExportsRepository(db: Database) {
  return {
    async listClientDetails(accountId: number, clientIds: number[]): Promise<DexClientDetails[]> {
      if (clientIds.length === 0) return [];
      return db
        .select({
          id: clients.id,
          name: clients.name,
          address: clients.address,
          city: clients.city,
          state: clients.state,
          zip: clients.zip,
        })
        .from(clients)
        .where(and(eq(clients.accountId, accountId), inArray(clients.id, clientIds)));
    },

    async findSettings(accountId: number) {
      const [row] = await db
        .select()
        .from(dexExportSettings)
        .where(eq(dexExportSettings.accountId, accountId));
      return row;
    },

    async saveSettings(
      accountId: number,
      ids: { outletActivityId: number; serviceTypeId: number },
      now: Date,
    ) {
      await db
        .insert(dexExportSettings)
        .values({ accountId, ...ids, updatedAt: now })
        .onConflictDoUpdate({ target: dexExportSettings.accountId, set: { ...ids, updatedAt: now } });
    },
  };
}
export type ExportsRepository = ReturnType<typeof createExportsRepository>;
