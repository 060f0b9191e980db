import { sql } from 'drizzle-orm';
import type { Database } from '../../src/server/db/client';

/**
 * The reports benchmark's large account, in bulk SQL: `clientCount` clients on 20 rounds, 5 meal categories and 40
 * meals, 8 weeks from Monday 2 November 2026 of meal choices and visits (past ones completed, 2% cancelled).
 */
export const roundCount = 20;
const firstMonday = '2026-11-02';
const weeks = 8;
/** The day the label sheet prints: visits before it are completed, from it on scheduled. */
export const printDay = '2026-12-02';

export async function seedReportsAccount(db: Database, accountId: number, clientCount: number) {
  const run = (statement: string) => db.execute(sql.raw(statement));
  await run(`insert into rounds (account_id, name, address, pickup_time, timezone)
    select ${accountId}, 'Round ' || lpad(r::text, 2, '0'), r || ' Depot St, Sydney NSW', '09:00', 'Australia/Sydney'
    from generate_series(1, ${roundCount}) r`);
  await run(`insert into meal_categories (account_id, key, name, position)
    select ${accountId}, 'cat' || c, 'Category ' || c, c from generate_series(1, 5) c`);
  await run(`insert into meals (account_id, key, description, category_id, meal_state)
    select ${accountId}, 'meal' || m, 'Meal number ' || m,
      (select id from meal_categories where account_id = ${accountId} and position = 1 + m % 5),
      (array['Hot','Frozen','Fresh'])[1 + m % 3]
    from generate_series(1, 40) m`);
  // Every 50th client has no round; every 100th is hidden; plans are five days a week, shifted per client.
  await run(`insert into clients (account_id, source_id, name, round_id, is_hidden, plan_dow, address, city, phone,
      dietary_requirements, labels)
    select ${accountId}, 'c' || i, 'Client ' || lpad(i::text, 5, '0'),
      case when i % 50 = 0 then null
        else (select id from rounds where account_id = ${accountId} order by id offset (i % ${roundCount}) limit 1) end,
      i % 100 = 7,
      (select jsonb_agg(case when (d + i) % 7 < 5 then 1 else 0 end order by d) from generate_series(0, 6) d),
      i || ' Long Street', 'Sydney', '0400 000 ' || lpad((i % 1000)::text, 3, '0'),
      case when i % 9 = 0 then 'No nuts' else '' end,
      case when i % 6 = 0 then '["Gluten Free"]'::jsonb else '[]'::jsonb end
    from generate_series(1, ${clientCount}) i`);
  // On each planned day, one or two meals (quantity 1, sometimes 2).
  await run(`insert into client_meal_choices (account_id, client_id, date, meal_id, quantity, meal_state, comment)
    select ${accountId}, c.id, to_char(d, 'YYYY-MM-DD'), m.id,
      case when (c.id + extract(doy from d)::int) % 7 = 0 then 2 else 1 end, 'Frozen',
      case when (c.id + extract(doy from d)::int) % 23 = 0 then 'Leave at the door' else '' end
    from clients c
    cross join generate_series(date '${firstMonday}', date '${firstMonday}' + ${weeks * 7 - 1}, interval '1 day') d
    join meals m on m.account_id = ${accountId}
      and (m.key = 'meal' || (1 + (c.id + extract(doy from d)::int) % 40)
        or ((c.id + extract(doy from d)::int) % 3 = 0 and m.key = 'meal' || (1 + (c.id * 7 + extract(doy from d)::int) % 40)))
    where c.account_id = ${accountId}
      and (c.plan_dow ->> (extract(isodow from d)::int - 1))::int = 1
    on conflict do nothing`);
  // A visit on every planned day: past ones completed (2% cancelled), the rest scheduled.
  await run(`insert into visits (account_id, client_id, source_id, date, start_at, end_at, status, timezone)
    select ${accountId}, c.id, 'v' || c.id || '-' || to_char(d, 'YYYYMMDD'), to_char(d, 'YYYY-MM-DD'),
      d + interval '9 hours' + (c.id % 240) * interval '1 minute',
      d + interval '9 hours 15 minutes' + (c.id % 240) * interval '1 minute',
      case when (c.id + extract(doy from d)::int) % 50 = 0 then 'cancelled'
        when d < date '${printDay}' then 'completed' else 'scheduled' end,
      'Australia/Sydney'
    from clients c
    cross join generate_series(date '${firstMonday}', date '${firstMonday}' + ${weeks * 7 - 1}, interval '1 day') d
    where c.account_id = ${accountId}
      and (c.plan_dow ->> (extract(isodow from d)::int - 1))::int = 1`);
  await run('analyze');
}
