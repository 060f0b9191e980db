import { and, eq, like } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { Driver, Roster, TimeOff } from '../../../../contracts/drivers';
import type { VolunteerLink, VolunteerRuns, VolunteerSlot } from '../../../../contracts/volunteer';
import { auditLog, mailOutbox } from '../../../db/schema/messages';
import { createTestApp, type TestApp } from '../../../testing/test-app';
import { fixedNow } from '../../../testing/clients-fixture';
import { createRosterAccount } from '../roster-fixture';

// Today is Wednesday 18-11-2026, 12:00 in Sydney. North (Sydney, pickup 09:00) has visits on Thursday 19-11,
// Monday 23-11 and Tuesday 24-11; South (Perth, pickup 09:00) on Monday 23-11.
let now = fixedNow;
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({}, { now: () => now });
});
beforeEach(() => {
  now = fixedNow;
});
afterAll(async () => t.close());

const forgedToken = 'A'.repeat(43);

async function setUp(name: string) {
  const s = await createRosterAccount(t, name, ['2026-11-19', '2026-11-23', '2026-11-24']);
  const north = s.rounds.north.id;
  const south = s.rounds.south.id;
  const addDriver = async (driverName: string, roundIds: number[], email = '') =>
    (
      await t.call<Driver>('POST', '/api/drivers', {
        token: s.token,
        body: { name: driverName, phone: '0412 345 678', email, round_ids: roundIds },
      })
    ).body.data.id;
  const ann = await addDriver('Ann Alder', [north], `ann@${name.replace(/\W/g, '')}.test`);
  const bob = await addDriver('Bob Banks', [north]);
  const cal = await addDriver('Cal Cole', [south]);
  // Ann drives North every Monday and, this once, Thursday 19-11.
  await t.call('POST', '/api/roster/patterns', {
    token: s.token,
    body: {
      driver_id: ann,
      round_id: north,
      weekdays: [1],
      every_weeks: 1,
      starts: '02-11-2026',
      ends: null,
    },
  });
  await t.call('PUT', `/api/roster/${north}/19-11-2026`, { token: s.token, body: { driver_id: ann } });
  const linkOf = async (driverId: number) => {
    const answer = await t.call<VolunteerLink>('POST', `/api/drivers/${driverId}/link`, { token: s.token });
    return answer.body.data.url.replace('/volunteer/', '');
  };
  const page = (token: string, action: 'release' | 'pick_up', roundId: number, date: string) =>
    t.call<VolunteerSlot>('POST', `/api/volunteer/${token}/${action}`, { body: { round_id: roundId, date } });
  const runs = (token: string) => t.call<VolunteerRuns>('GET', `/api/volunteer/${token}/runs`);
  const slotOf = async (roundId: number, date: string) =>
    (
      await t.call<Roster>('GET', `/api/roster?from=${date}&to=${date}`, { token: s.token })
    ).body.data.slots.find((slot) => slot.round_id === roundId);
  return { ...s, north, south, ann, bob, cal, linkOf, page, runs, slotOf };
}

describe('personal links', () => {
  it('makes a link that is mailed, revokes the earlier one on a new one, and revokes on DELETE', async () => {
    const s = await setUp('Links');
    const made = await t.call<VolunteerLink>('POST', `/api/drivers/${s.ann}/link`, { token: s.token });
    expect(made.status).toBe(200);
    expect(made.body.data.url).toMatch(/^\/volunteer\/[A-Za-z0-9_-]{43}$/);
    expect(made.body.meta.message).toBe('The link was mailed to Ann Alder.');
    const [mail] = await t.db.select().from(mailOutbox).where(eq(mailOutbox.recipient, 'ann@Links.test'));
    expect(mail?.body).toContain(`http://mealrounds.test${made.body.data.url}`);
    const first = made.body.data.url.replace('/volunteer/', '');
    expect((await s.runs(first)).status).toBe(200);

    const second = await s.linkOf(s.ann);
    expect((await s.runs(first)).status).toBe(404);
    expect((await s.runs(second)).status).toBe(200);
    const status = await t.call<{ is_active: boolean }>('GET', `/api/drivers/${s.ann}/link`, {
      token: s.token,
    });
    expect(status.body.data.is_active).toBe(true);

    const revoked = await t.call<{ revoked: number }>('DELETE', `/api/drivers/${s.ann}/link`, {
      token: s.token,
    });
    expect(revoked.body.data.revoked).toBe(1);
    expect((await s.runs(second)).status).toBe(404);
  });

  it('says when a driver has no email, answers 401 without a login, 404 for another account, code 2 for a bad id', async () => {
    const s = await setUp('Links checks');
    const other = await setUp('Links other');
    const made = await t.call<VolunteerLink>('POST', `/api/drivers/${s.bob}/link`, { token: s.token });
    expect(made.body.meta.message).toBe('Bob Banks has no email address: give them the link yourself.');
    expect((await t.call('POST', `/api/drivers/${s.bob}/link`)).status).toBe(401);
    expect((await t.call('DELETE', `/api/drivers/${s.bob}/link`)).status).toBe(401);
    expect((await t.call('POST', `/api/drivers/${other.bob}/link`, { token: s.token })).status).toBe(404);
    expect((await t.call('DELETE', `/api/drivers/${other.bob}/link`, { token: s.token })).status).toBe(404);
    const bad = await t.call('POST', '/api/drivers/abc/link', { token: s.token });
    expect(bad.status).toBe(400);
    expect(bad.body.meta.error_code).toBe(2);
  });
});

describe('the driver’s page', () => {
  it('lists their days and the open days of the rounds they know', async () => {
    const s = await setUp('Runs');
    const ann = await s.runs(await s.linkOf(s.ann));
    expect(ann.status).toBe(200);
    expect(ann.body.data).toMatchObject({
      driver: { name: 'Ann Alder' },
      from: '18-11-2026',
      to: '15-12-2026',
    });
    expect(ann.body.data.release_cutoff_hours).toBe(24);
    expect(ann.body.data.slots.map((slot) => [slot.date, slot.round.name, slot.can_release])).toEqual([
      ['19-11-2026', 'North', false],
      ['23-11-2026', 'North', true],
    ]);
    // Tuesday 24-11 has no driver; Ann knows North.
    expect(ann.body.data.open_slots.map((slot) => slot.date)).toEqual(['24-11-2026']);
    const cal = await s.runs(await s.linkOf(s.cal));
    expect(cal.body.data.slots).toEqual([]);
    // South's Monday is open and Cal knows South; North's Tuesday is not his to take.
    expect(cal.body.data.open_slots.map((slot) => [slot.date, slot.round.name])).toEqual([
      ['23-11-2026', 'South'],
    ]);
  });

  it('releases a day before the cutoff, and another driver who knows the round picks it up; both audited', async () => {
    const s = await setUp('Release');
    const annToken = await s.linkOf(s.ann);
    const released = await s.page(annToken, 'release', s.north, '23-11-2026');
    expect(released.status).toBe(200);
    expect(await s.slotOf(s.north, '23-11-2026')).toMatchObject({
      driver: null,
      kind: 'unfilled',
      is_released: true,
    });
    const bobToken = await s.linkOf(s.bob);
    expect(
      (await s.runs(bobToken)).body.data.open_slots.map((slot) => [slot.date, slot.is_released]),
    ).toEqual([
      ['23-11-2026', true],
      ['24-11-2026', false],
    ]);
    const taken = await s.page(bobToken, 'pick_up', s.north, '23-11-2026');
    expect(taken.status).toBe(200);
    expect(await s.slotOf(s.north, '23-11-2026')).toMatchObject({
      driver: { id: s.bob },
      kind: 'substitute',
    });
    const entries = await t.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.accountId, s.accountId), like(auditLog.action, 'roster.%')));
    const byLink = entries.filter((entry) => entry.userId === null);
    expect(byLink.map((entry) => [entry.action, entry.detail])).toEqual([
      [
        'roster.release',
        { date: '2026-11-23', actor: { driver_id: s.ann, driver_name: 'Ann Alder', via: 'personal_link' } },
      ],
      [
        'roster.pick_up',
        { date: '2026-11-23', actor: { driver_id: s.bob, driver_name: 'Bob Banks', via: 'personal_link' } },
      ],
    ]);
  });

  it('refuses a release after the cutoff with code 6 and says to phone the office; nothing changes', async () => {
    const s = await setUp('Cutoff');
    const token = await s.linkOf(s.ann);
    // Thursday 19-11's pickup is 21 hours away, inside the 24-hour cutoff.
    const late = await s.page(token, 'release', s.north, '19-11-2026');
    expect(late.status).toBe(409);
    expect(late.body.meta).toMatchObject({
      error_code: 6,
      message:
        'It is too late to give this day back here: days can be given back until 24 hours before pickup. Please phone the office.',
    });
    expect(await s.slotOf(s.north, '19-11-2026')).toMatchObject({
      driver: { id: s.ann },
      is_released: false,
    });
    // A shorter cutoff in Settings lets it go.
    await t.call('PUT', `/api/accounts/${s.accountId}`, {
      token: s.token,
      body: { release_cutoff_hours: 12 },
    });
    expect((await s.page(token, 'release', s.north, '19-11-2026')).status).toBe(200);
  });

  it('refuses to pick up a round the driver does not know (code 6), or a day already driven', async () => {
    const s = await setUp('Pick up');
    const cal = await s.page(await s.linkOf(s.cal), 'pick_up', s.north, '24-11-2026');
    expect(cal.status).toBe(409);
    expect(cal.body.meta).toMatchObject({
      error_code: 6,
      message: 'You do not know North yet: please phone the office to drive it.',
    });
    const bob = await s.page(await s.linkOf(s.bob), 'pick_up', s.north, '23-11-2026');
    expect(bob.status).toBe(409);
    expect(bob.body.meta.message).toBe('Someone already drives North on 23-11-2026.');
    expect(await s.slotOf(s.north, '24-11-2026')).toMatchObject({ driver: null });
    expect(await s.slotOf(s.north, '23-11-2026')).toMatchObject({ driver: { id: s.ann } });
  });

  it('adds time off through the link; the day they are away no longer shows as theirs', async () => {
    const s = await setUp('Time off');
    const token = await s.linkOf(s.ann);
    const added = await t.call<TimeOff>('POST', `/api/volunteer/${token}/time_off`, {
      body: { from_date: '23-11-2026', to_date: '23-11-2026', note: 'Away' },
    });
    expect(added.status).toBe(201);
    const runs = (await s.runs(token)).body.data;
    expect(runs.time_off.map((span) => span.from_date)).toEqual(['23-11-2026']);
    expect(runs.slots.map((slot) => slot.date)).toEqual(['19-11-2026']);
    const backwards = await t.call('POST', `/api/volunteer/${token}/time_off`, {
      body: { from_date: '25-11-2026', to_date: '24-11-2026' },
    });
    expect(backwards.status).toBe(400);
    expect(backwards.body.meta.error_code).toBe(2);
  });

  it('answers code 2 for a bad body, and 404 for forged, malformed or revoked tokens and another account’s round', async () => {
    const s = await setUp('Tokens');
    const other = await setUp('Tokens other');
    const token = await s.linkOf(s.ann);
    const bad = await t.call('POST', `/api/volunteer/${token}/release`, { body: { date: '23-11-2026' } });
    expect(bad.status).toBe(400);
    expect(bad.body.meta.error_code).toBe(2);
    expect((await s.page(token, 'release', s.north, '31-11-2026')).body.meta.error_code).toBe(2);
    for (const forged of [forgedToken, 'short', token.slice(0, -1) + (token.endsWith('A') ? 'B' : 'A')]) {
      expect((await s.runs(forged)).status).toBe(404);
      expect((await s.page(forged, 'release', s.north, '23-11-2026')).status).toBe(404);
    }
    expect((await s.page(token, 'release', other.north, '23-11-2026')).status).toBe(404);
    await t.call('DELETE', `/api/drivers/${s.ann}/link`, { token: s.token });
    expect((await s.page(token, 'release', s.north, '23-11-2026')).status).toBe(404);
    expect(await s.slotOf(s.north, '23-11-2026')).toMatchObject({
      driver: { id: s.ann },
      is_released: false,
    });
  });
});
