import { visits } from '../../db/schema/clients';
import type { TestApp } from '../../testing/test-app';
import { createClientsAccount } from '../../testing/clients-fixture';

/**
 * An account with rounds North and South, a client on each, and visits: North on the given days, South on Monday
 * 23-11-2026 (YYYY-MM-DD). Today is Wednesday 18-11-2026 in Sydney (fixedNow).
 */
export async function createRosterAccount(t: TestApp, name: string, northDays: string[]) {
  const setup = await createClientsAccount(t, name, [
    { name: 'Ann Able', round: 'North' },
    { name: 'Sam South', round: 'South' },
  ]);
  const [northClient, southClient] = setup.clientIds;
  const days: [number | undefined, string][] = [
    ...northDays.map((date): [number | undefined, string] => [northClient, date]),
    [southClient, '2026-11-23'],
  ];
  await t.db.insert(visits).values(
    days.map(([clientId, date], index) => ({
      accountId: setup.accountId,
      clientId: clientId ?? 0,
      sourceId: `${name}-v${String(index)}`,
      date,
      startAt: new Date(`${date}T00:00:00Z`),
      endAt: new Date(`${date}T00:20:00Z`),
    })),
  );
  return setup;
}
