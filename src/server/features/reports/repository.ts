import { and, asc, eq, inArray, sql, type SQL } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { rounds } from '../../db/schema/accounts';
import { clients, mealCategories, visits } from '../../db/schema/clients';
import { meals } from '../../db/schema/meals';

/** A meal choice with what the counting rules need: the client's hidden flag and the day's visits. */
export type OrderRow = {
  clientId: number;
  /** YYYY-MM-DD. */
  date: string;
  mealId: number;
  quantity: number;
  mealState: string;
  cookDeliver: string;
  comment: string;
  isClientHidden: boolean;
  visitTotal: number;
  visitCancelled: number;
  visitCompleted: number;
};

export type ReportClientRow = {
  id: number;
  name: string;
  roundId: number | null;
  isHidden: boolean;
  phone: string;
  address: string;
  city: string;
  state: string;
  zip: string;
  labels: string[];
  dietaryRequirements: string;
  deliveryInstructions: string;
  planDow: number[];
};

/** A client as ReportClientRow, built in SQL (see readTuples). */
const clientObject = sql`json_build_object('id', id, 'name', name, 'roundId', round_id, 'isHidden', is_hidden,
  'phone', phone, 'address', address, 'city', city, 'state', state, 'zip', zip, 'labels', labels,
  'dietaryRequirements', dietary_requirements, 'deliveryInstructions', delivery_instructions, 'planDow', plan_dow)`;

function compareNames(a: { name: string; id: number }, b: { name: string; id: number }): number {
  return a.name.localeCompare(b.name) || a.id - b.id;
}

/**
 * Rows of a query that selects one json_build_array per row, fetched as a single JSON array: PGlite hands rows
 * over one by one at tens of microseconds each (seconds for a month of 5,000 clients), one JSON value at once.
 */
async function readTuples<T>(db: Database, query: SQL): Promise<T[]> {
  const result = (await db.execute(
    sql`select coalesce(json_agg(t.row), '[]'::json) as rows from (${query}) as t(row)`,
  )) as unknown as { rows: { rows: T[] | string }[] };
  const value = result.rows[0]?.rows ?? [];
  return typeof value === 'string' ? (JSON.parse(value) as T[]) : value;
}

export function createReportsRepository(db: Database) {
  return {
    /** The account's rounds, the first (lowest id) first: its timezone is the account's. */
    listRounds(accountId: number) {
      return db
        .select({
          id: rounds.id,
          name: rounds.name,
          address: rounds.address,
          pickupTime: rounds.pickupTime,
          timezone: rounds.timezone,
        })
        .from(rounds)
        .where(eq(rounds.accountId, accountId))
        .orderBy(asc(rounds.id));
    },

    listCategories(accountId: number) {
      return db
        .select({
          id: mealCategories.id,
          key: mealCategories.key,
          name: mealCategories.name,
          position: mealCategories.position,
        })
        .from(mealCategories)
        .where(eq(mealCategories.accountId, accountId))
        .orderBy(asc(mealCategories.position), asc(mealCategories.name));
    },

    /** Every meal of the account, active or not: an order of a meal since retired still has to be cooked. */
    listMeals(accountId: number) {
      return db
        .select({
          id: meals.id,
          key: meals.key,
          description: meals.description,
          categoryId: meals.categoryId,
          mealState: meals.mealState,
        })
        .from(meals)
        .where(eq(meals.accountId, accountId));
    },

    /**
     * The meal choices from `from` to `to` (YYYY-MM-DD, both included) with, per client and day, the visit
     * counts by status; optionally only of the clients on one round.
     */
    async listOrderRows(accountId: number, from: string, to: string, roundId?: number): Promise<OrderRow[]> {
      const inRound = roundId === undefined ? sql`` : sql`and cl.round_id = ${roundId}`;
      const [choiceRows, visitRows] = await Promise.all([
        readTuples<[number, string, number, number, string, string, string, boolean]>(
          db,
          sql`select json_build_array(c.client_id, c.date, c.meal_id, c.quantity, c.meal_state, c.cook_deliver,
              c.comment, cl.is_hidden)
            from client_meal_choices c join clients cl on cl.id = c.client_id
            where c.account_id = ${accountId} and c.date between ${from} and ${to} ${inRound}`,
        ),
        readTuples<[number, string, number, number, number]>(
          db,
          sql`select json_build_array(v.client_id, v.date, count(*), count(*) filter (where v.status = 'cancelled'),
              count(*) filter (where v.status = 'completed'))
            from visits v join clients cl on cl.id = v.client_id
            where v.account_id = ${accountId} and v.date between ${from} and ${to} ${inRound}
            group by v.client_id, v.date`,
        ),
      ]);
      const visitDays = new Map(visitRows.map((row) => [`${String(row[0])}|${row[1]}`, row]));
      return choiceRows.map(
        ([clientId, date, mealId, quantity, mealState, cookDeliver, comment, isHidden]) => {
          const day = visitDays.get(`${String(clientId)}|${date}`);
          return {
            clientId,
            date,
            mealId,
            quantity,
            mealState,
            cookDeliver,
            comment,
            isClientHidden: isHidden,
            visitTotal: day?.[2] ?? 0,
            visitCancelled: day?.[3] ?? 0,
            visitCompleted: day?.[4] ?? 0,
          };
        },
      );
    },

    /** Per visible client and day, the portions chosen (the meal choices report; no visit rule applies). */
    async sumChoices(accountId: number, from: string, to: string) {
      const rows = await readTuples<[number, string, number]>(
        db,
        sql`select json_build_array(c.client_id, c.date, sum(c.quantity))
          from client_meal_choices c join clients cl on cl.id = c.client_id
          where c.account_id = ${accountId} and c.date between ${from} and ${to} and not cl.is_hidden
          group by c.client_id, c.date`,
      );
      return rows.map(([clientId, date, count]) => ({ clientId, date, count: Number(count) }));
    },

    /** The account's clients, all or only these ids, by name. */
    async listClients(accountId: number, ids?: number[]): Promise<ReportClientRow[]> {
      if (ids?.length === 0) return [];
      const only = ids
        ? sql`and id in (${sql.join(
            ids.map((id) => sql`${id}`),
            sql`, `,
          )})`
        : sql``;
      const rows = await readTuples<ReportClientRow>(
        db,
        sql`select ${clientObject} from clients where account_id = ${accountId} ${only}`,
      );
      return rows.sort(compareNames);
    },

    /** The account's visible clients (for the meal choices report), by name. */
    async listVisibleClients(accountId: number) {
      const rows = await readTuples<[number, string, number[]]>(
        db,
        sql`select json_build_array(id, name, plan_dow) from clients where account_id = ${accountId} and not is_hidden`,
      );
      return rows.map(([id, name, planDow]) => ({ id, name, planDow })).sort(compareNames);
    },

    /** The account's clients on a round (hidden ones too: the rules leave their meals out), by name. */
    async listRoundClients(accountId: number, roundId: number): Promise<ReportClientRow[]> {
      const rows = await readTuples<ReportClientRow>(
        db,
        sql`select ${clientObject} from clients where account_id = ${accountId} and round_id = ${roundId}`,
      );
      return rows.sort(compareNames);
    },

    /** These visits, if they belong to the account, with their client's round. */
    findVisits(accountId: number, ids: number[]) {
      if (ids.length === 0) return Promise.resolve([]);
      return db
        .select({
          id: visits.id,
          clientId: visits.clientId,
          date: visits.date,
          status: visits.status,
          roundId: clients.roundId,
        })
        .from(visits)
        .innerJoin(clients, eq(clients.id, visits.clientId))
        .where(and(eq(visits.accountId, accountId), inArray(visits.id, ids)));
    },
  };
}
export type ReportsRepository = ReturnType<typeof createReportsRepository>;
