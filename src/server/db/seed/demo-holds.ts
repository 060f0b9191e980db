import { and, asc, count, eq, isNotNull, sql } from 'drizzle-orm';
import type { HoldReason } from '../../../contracts/holds';
import { getTodayIn } from '../../../domain/today';
import { addDays } from '../../../domain/zoned-time';
import { demoTimeZone } from '../../integrations/alayacare/simulator/demo-seed';
import type { Database } from '../client';
import { accounts } from '../schema/accounts';
import { clients } from '../schema/clients';
import { clientHolds } from '../schema/holds';

/** The simulator's cancel code 'Client in hospital', chosen for holds so the demo cancels held visits. */
const demoCancelCodeId = '3';

/**
 * A few holds on demo clients (offsets in days from today): a hospital stay that ends this week, a holiday next
 * week, an open-ended respite stay that began last week, and one over last month (history for the reports).
 */
const demoHolds: { fromOffset: number; toOffset: number | null; reason: HoldReason; note: string }[] = [
  { fromOffset: -3, toOffset: 3, reason: 'hospital', note: 'Hip replacement, back home after discharge' },
  { fromOffset: 7, toOffset: 13, reason: 'holiday', note: 'Visiting family in Brisbane' },
  { fromOffset: -8, toOffset: null, reason: 'respite', note: 'Respite care until further notice' },
  { fromOffset: -30, toOffset: -24, reason: 'other', note: 'Away' },
];

/**
 * The demo's holds step: idempotent (a second run after a kill finds them and stops), and it chooses the hold
 * cancel code when none is chosen yet.
 */
export async function seedDemoHolds(db: Database, accountId: number, now = new Date()): Promise<void> {
  const [existing] = await db
    .select({ total: count() })
    .from(clientHolds)
    .where(eq(clientHolds.accountId, accountId));
  if ((existing?.total ?? 0) > 0) return;
  const today = getTodayIn(demoTimeZone, now.getTime());
  // Every seventh client on a round, by name: spread over the rounds, the same ones on every start.
  const candidates = await db
    .select({ id: clients.id })
    .from(clients)
    .where(and(eq(clients.accountId, accountId), eq(clients.isHidden, false), isNotNull(clients.roundId)))
    .orderBy(asc(clients.name), asc(clients.id));
  const chosen = candidates.filter((_, index) => index % 7 === 3);
  const rows = demoHolds.flatMap((hold, index) => {
    const client = chosen[index];
    if (!client) return [];
    const toDate = hold.toOffset === null ? null : addDays(today, hold.toOffset);
    const fromDate = addDays(today, hold.fromOffset);
    return [{ accountId, clientId: client.id, fromDate, toDate, reason: hold.reason, note: hold.note }];
  });
  await db.transaction(async (tx) => {
    if (rows.length > 0) await tx.insert(clientHolds).values(rows);
    await tx
      .update(accounts)
      .set({
        sourceSettings: sql`jsonb_set(${accounts.sourceSettings}, '{cancel_code_id}', to_jsonb(${demoCancelCodeId}::text))`,
      })
      .where(and(eq(accounts.id, accountId), sql`${accounts.sourceSettings} ->> 'cancel_code_id' is null`));
  });
}
