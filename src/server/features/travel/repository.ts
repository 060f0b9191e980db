import { and, eq, gte, isNotNull, lt, sql } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { clients } from '../../db/schema/clients';
import { travelCache } from '../../db/schema/travel-cache';

export type CachedTravel = { routeKey: string; kms: number; mins: number };

// One statement may carry at most 65,535 parameters.
const chunkSize = 5000;

function chunk<T>(items: T[]): T[][] {
  const chunks: T[][] = [];
  for (let start = 0; start < items.length; start += chunkSize)
    chunks.push(items.slice(start, start + chunkSize));
  return chunks;
}

export function createTravelRepository(db: Database) {
  return {
    /**
     * The cached legs among these keys stored at or after `freshSince` (older ones count as not cached): one
     * statement with the keys as one array parameter, however many they are. A day's matrix asks for some 400
     * keys; bound one by one, building and sending their parameters cost more than the lookup itself.
     */
    async findTravel(
      accountId: number,
      provider: string,
      routeKeys: string[],
      freshSince: Date,
    ): Promise<CachedTravel[]> {
      if (routeKeys.length === 0) return [];
      return db
        .select({ routeKey: travelCache.routeKey, kms: travelCache.kms, mins: travelCache.mins })
        .from(travelCache)
        .where(
          and(
            eq(travelCache.accountId, accountId),
            eq(travelCache.provider, provider),
            sql`${travelCache.routeKey} = any(${sql.param(routeKeys)}::text[])`,
            gte(travelCache.createdAt, freshSince),
          ),
        );
    },

    /**
     * Stores computed legs at `now`, replacing entries stored before `freshSince`. Two requests may compute the
     * same leg at once: the first fresh answer stays.
     */
    async saveTravel(
      accountId: number,
      provider: string,
      entries: CachedTravel[],
      now: Date,
      freshSince: Date,
    ) {
      for (const rows of chunk(entries)) {
        await db
          .insert(travelCache)
          .values(rows.map((row) => ({ ...row, accountId, provider, createdAt: now })))
          .onConflictDoUpdate({
            target: [travelCache.accountId, travelCache.provider, travelCache.routeKey],
            set: {
              kms: sql`excluded.kms`,
              mins: sql`excluded.mins`,
              createdAt: sql`excluded.created_at`,
            },
            setWhere: lt(travelCache.createdAt, freshSince),
          });
      }
    },

    /** The CRM's coordinates of the account's clients, with the parts their visit addresses are made of. */
    listClientPlaces(accountId: number) {
      return db
        .select({
          address: clients.address,
          city: clients.city,
          state: clients.state,
          zip: clients.zip,
          latitude: clients.latitude,
          longitude: clients.longitude,
        })
        .from(clients)
        .where(
          and(eq(clients.accountId, accountId), isNotNull(clients.latitude), isNotNull(clients.longitude)),
        );
    },
  };
}
export type TravelRepository = ReturnType<typeof createTravelRepository>;
