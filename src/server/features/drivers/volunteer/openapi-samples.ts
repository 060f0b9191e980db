import { eq } from 'drizzle-orm';
import type { Driver } from '../../../../contracts/drivers';
import type { VolunteerLink } from '../../../../contracts/volunteer';
import { rounds } from '../../../db/schema/accounts';
import { clients, visits } from '../../../db/schema/clients';
import type { TestApp } from '../../../testing/test-app';

export type VolunteerSamples = { linkDriverId: number; pageToken: string; roundId: number };

/** The day the sample driver gives back and takes again: Friday 20-11-2026, past the cutoff from 18-11. */
const sampleDay = '2026-11-20';

/**
 * The rows the OpenAPI answer check calls the personal-link routes against (today 18-11-2026): a driver whose link
 * is made, read and revoked, and another whose page gives back and takes again the round's Friday (a client and
 * their visit that day are added, the driver put on it).
 */
export async function seedVolunteerSamples(
  t: TestApp,
  token: string,
  roundId: number,
): Promise<VolunteerSamples> {
  const addDriver = async (name: string) =>
    (
      await t.call<Driver>('POST', '/api/drivers', {
        token,
        body: { name, phone: '0412 555 000', round_ids: [roundId] },
      })
    ).body.data;
  const linkDriver = await addDriver('Link Driver');
  const pageDriver = await addDriver('Page Driver');
  // A client of its own: the clients samples move the account's first client off the round.
  const [round] = await t.db.select().from(rounds).where(eq(rounds.id, roundId));
  if (!round) throw new Error('no sample round');
  const [client] = await t.db
    .insert(clients)
    .values({ accountId: round.accountId, sourceId: 'volunteer-sample-client', name: 'Vi Sample', roundId })
    .returning();
  if (!client) throw new Error('no sample client');
  await t.db.insert(visits).values({
    accountId: client.accountId,
    clientId: client.id,
    sourceId: 'volunteer-sample-visit',
    date: sampleDay,
    startAt: new Date(`${sampleDay}T00:00:00Z`),
    endAt: new Date(`${sampleDay}T00:20:00Z`),
  });
  await t.call('PUT', `/api/roster/${String(roundId)}/20-11-2026`, {
    token,
    body: { driver_id: pageDriver.id },
  });
  const link = await t.call<VolunteerLink>('POST', `/api/drivers/${String(pageDriver.id)}/link`, { token });
  return { linkDriverId: linkDriver.id, pageToken: link.body.data.url.replace('/volunteer/', ''), roundId };
}

/** A real call for each personal-link, reminders and volunteer hours route. */
export function listVolunteerSampleCalls(
  samples: VolunteerSamples,
): Record<string, { url: string; body?: unknown }> {
  const link = `/api/drivers/${String(samples.linkDriverId)}/link`;
  const page = `/api/volunteer/${samples.pageToken}`;
  const day = { round_id: samples.roundId, date: '20-11-2026' };
  return {
    'POST /api/drivers/:id/link': { url: link },
    'GET /api/drivers/:id/link': { url: link },
    'DELETE /api/drivers/:id/link': { url: link },
    'GET /api/volunteer/:token/runs': { url: `${page}/runs` },
    'POST /api/volunteer/:token/release': { url: `${page}/release`, body: day },
    'POST /api/volunteer/:token/pick_up': { url: `${page}/pick_up`, body: day },
    'POST /api/volunteer/:token/time_off': {
      url: `${page}/time_off`,
      body: { from_date: '05-12-2026', to_date: '06-12-2026' },
    },
    'GET /api/roster/reminders': { url: '/api/roster/reminders?date=18-11-2026' },
    'GET /api/roster/unfilled_count': { url: '/api/roster/unfilled_count' },
    'GET /api/reports/volunteer_hours': { url: '/api/reports/volunteer_hours?month=11-2026' },
  };
}
