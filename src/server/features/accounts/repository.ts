import { and, asc, count, eq, inArray, notInArray, sql } from 'drizzle-orm';
import type { RoundInput } from '../../../contracts/accounts';
import type { Database } from '../../db/client';
import { isOwnClient } from '../../db/own-client-sql';
import { accounts, rounds } from '../../db/schema/accounts';
import { clients, visits } from '../../db/schema/clients';

export type AccountRow = typeof accounts.$inferSelect;
export type RoundRow = typeof rounds.$inferSelect;
export type RoundUsage = { clients: number; visits: number };
export type AccountChanges = Partial<Omit<typeof accounts.$inferInsert, 'id' | 'createdAt'>>;

/** How many visible clients are on the round, and how many visits its clients (hidden ones too) have. */
async function countRoundUsage(executor: Database, accountId: number, roundId: number): Promise<RoundUsage> {
  const onRound = and(eq(clients.accountId, accountId), eq(clients.roundId, roundId));
  const [clientRow] = await executor
    .select({ total: count() })
    .from(clients)
    .where(and(onRound, eq(clients.isHidden, false)));
  const [visitRow] = await executor
    .select({ total: count() })
    .from(visits)
    .innerJoin(clients, isOwnClient(visits))
    .where(onRound);
  return { clients: clientRow?.total ?? 0, visits: visitRow?.total ?? 0 };
}

export function createAccountsRepository(db: Database) {
  // The account is read on most calls; prepared statements skip query building and the server's parse step.
  const accountById = db
    .select()
    .from(accounts)
    .where(eq(accounts.id, sql.placeholder('id')))
    .limit(1)
    .prepare('accounts_by_id');
  // With the account's settings version in the same statement: a copy kept in memory then holds one state of
  // both (a left join, so an account without rounds still answers its version).
  const versionedRoundsOfAccount = db
    .select({ settingsVersion: accounts.settingsVersion, round: rounds })
    .from(accounts)
    .leftJoin(rounds, eq(rounds.accountId, accounts.id))
    .where(eq(accounts.id, sql.placeholder('accountId')))
    .orderBy(asc(rounds.name))
    .prepare('accounts_rounds');

  return {
    async findAccount(id: number): Promise<AccountRow | undefined> {
      const rows = await accountById.execute({ id });
      return rows[0];
    },

    async insertAccount(name: string): Promise<AccountRow> {
      const [row] = await db.insert(accounts).values({ name }).returning();
      if (!row) throw new Error('The account was not created.');
      return row;
    },

    /** The account's rounds by name, and its settings version read in the same statement (null: no account). */
    async listRounds(accountId: number): Promise<{ rounds: RoundRow[]; settingsVersion: number | null }> {
      const rows = await versionedRoundsOfAccount.execute({ accountId });
      return {
        rounds: rows.flatMap((row) => (row.round ? [row.round] : [])),
        settingsVersion: rows[0]?.settingsVersion ?? null,
      };
    },

    /** Applies the changed columns and, when given, replaces the rounds list, in one transaction. */
    async updateAccount(id: number, changes: AccountChanges, roundList: RoundInput[] | undefined) {
      await db.transaction(async (tx) => {
        await tx.update(accounts).set(changes).where(eq(accounts.id, id));
        if (!roundList) return;
        const keptIds = roundList.flatMap((round) => (round.id ? [round.id] : []));
        await tx
          .delete(rounds)
          .where(
            keptIds.length
              ? and(eq(rounds.accountId, id), notInArray(rounds.id, keptIds))
              : eq(rounds.accountId, id),
          );
        for (const round of roundList) {
          const values = {
            name: round.name,
            address: round.address,
            pickupTime: round.pickup_time,
            timezone: round.timezone,
            // Left out of the request: a kept round keeps its day planner limits (older screens do not send them).
            ...(round.capacity !== undefined ? { capacity: round.capacity } : {}),
            ...(round.latest_return_time !== undefined ? { latestReturnTime: round.latest_return_time } : {}),
          };
          if (round.id)
            await tx
              .update(rounds)
              .set(values)
              .where(and(eq(rounds.id, round.id), eq(rounds.accountId, id)));
          else await tx.insert(rounds).values({ ...values, accountId: id });
        }
      });
    },

    /**
     * Deletes the round unless a visible client is on it or a client on it has visits, and drops its entry from
     * the preferred delivery order, in one transaction. Answers the usage that refused it, or null once deleted.
     */
    async deleteRoundIfUnused(
      accountId: number,
      round: { id: number; name: string },
    ): Promise<RoundUsage | null> {
      return db.transaction(async (tx) => {
        const usage = await countRoundUsage(tx, accountId, round.id);
        if (usage.clients > 0 || usage.visits > 0) return usage;
        await tx.delete(rounds).where(and(eq(rounds.id, round.id), eq(rounds.accountId, accountId)));
        await tx
          .update(accounts)
          .set({ preferredDeliveryOrder: sql`${accounts.preferredDeliveryOrder} - ${round.name}::text` })
          .where(eq(accounts.id, accountId));
        return null;
      });
    },

    countRoundUsage(accountId: number, roundId: number): Promise<RoundUsage> {
      return countRoundUsage(db, accountId, roundId);
    },

    /** Every client of the account, hidden and discharged ones too. */
    async countClients(accountId: number): Promise<number> {
      const [row] = await db.select({ total: count() }).from(clients).where(eq(clients.accountId, accountId));
      return row?.total ?? 0;
    },

    async countRoundsOfAccount(accountId: number, roundIds: number[]): Promise<number> {
      if (roundIds.length === 0) return 0;
      const rows = await db
        .select({ id: rounds.id })
        .from(rounds)
        .where(and(eq(rounds.accountId, accountId), inArray(rounds.id, roundIds)));
      return rows.length;
    },
  };
}
export type AccountsRepository = ReturnType<typeof createAccountsRepository>;
