import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Driver } from '../../../../contracts/drivers';
import type { RosterReminder, RosterUnfilledCount } from '../../../../contracts/volunteer';
import { mailOutbox } from '../../../db/schema/messages';
import { users } from '../../../db/schema/users';
import { rosterReminders } from '../../../db/schema/volunteer';
import { createTestApp, type TestApp } from '../../../testing/test-app';
import { fixedNow } from '../../../testing/clients-fixture';
import { createRosterAccount } from '../roster-fixture';

// North (Sydney, pickup 09:00) has visits on Monday 23-11 and Tuesday 24-11, Ann driving the Mondays; South
// (Perth, pickup 09:00) on Monday 23-11, with no driver.
let now = fixedNow;
let t: TestApp;
beforeAll(async () => {
  // A week-long login, so that one login sees the clock move over the days.
  t = await createTestApp({ SESSION_LIFETIME_HOURS: '168' }, { now: () => now });
});
afterAll(async () => t.close());

async function setUp() {
  const s = await createRosterAccount(t, 'Reminders', ['2026-11-23', '2026-11-24']);
  const ann = await t.call<Driver>('POST', '/api/drivers', {
    token: s.token,
    body: {
      name: 'Ann Alder',
      phone: '0412 345 678',
      email: 'ann@reminders.test',
      round_ids: [s.rounds.north.id],
    },
  });
  await t.call('POST', '/api/roster/patterns', {
    token: s.token,
    body: {
      driver_id: ann.body.data.id,
      round_id: s.rounds.north.id,
      weekdays: [1],
      starts: '02-11-2026',
      ends: null,
    },
  });
  const [admin] = await t.db
    .select()
    .from(users)
    .where(and(eq(users.accountId, s.accountId), eq(users.accessLevel, 'admin')));
  return { ...s, annId: ann.body.data.id, adminUsername: admin?.username ?? '' };
}

describe('roster reminders and unfilled alerts', () => {
  it('reminds the driver the day before and tells the office of unfilled slots, once, also with two servers', async () => {
    // Friday 20-11, 11:00 in Sydney: nothing is due yet.
    now = new Date('2026-11-20T00:00:00Z');
    const s = await setUp();
    const peer = await t.createPeer();
    await t.rosterReminders.runDue();
    expect(await t.db.select().from(rosterReminders)).toEqual([]);

    // Saturday 21-11, 20:00 in Sydney: Ann's Monday is not tomorrow yet; South's Monday (29 hours away) and
    // North's Tuesday (50 hours away) have no driver.
    now = new Date('2026-11-21T09:00:00Z');
    await t.rosterReminders.runDue();
    expect((await t.db.select().from(rosterReminders)).map((row) => row.kind)).toEqual(['unfilled_48h']);

    // Sunday 22-11, 11:00 in Sydney: Ann's Monday is tomorrow, North's Tuesday 46 hours away.
    now = new Date('2026-11-22T00:00:00Z');
    await Promise.all([t.rosterReminders.runDue(), peer.rosterReminders.runDue()]);
    await t.rosterReminders.runDue();
    await peer.server.close();

    const annMails = await t.db
      .select()
      .from(mailOutbox)
      .where(eq(mailOutbox.recipient, 'ann@reminders.test'));
    expect(annMails).toHaveLength(1);
    expect(annMails[0]?.subject).toBe('Reminder: North on 23-11-2026');
    expect(annMails[0]?.body).toMatch(/Your run: http:\/\/mealrounds\.test\/driver\/[A-Za-z0-9_-]{43}$/);
    const adminMails = await t.db.select().from(mailOutbox).where(eq(mailOutbox.recipient, s.adminUsername));
    expect(adminMails.map((mail) => mail.subject).sort()).toEqual([
      'No driver yet: North on 24-11-2026',
      'No driver yet: South on 23-11-2026',
    ]);

    // A login of today: Friday's has lapsed.
    const token = await t.login(s.adminUsername);
    // In the order they went: South's alert on Saturday, Ann's reminder on Sunday.
    const monday = await t.call<RosterReminder[]>('GET', '/api/roster/reminders?date=23-11-2026', { token });
    expect(monday.status).toBe(200);
    expect(
      monday.body.data.map((row) => [
        row.kind,
        row.round.name,
        row.driver?.name ?? null,
        row.recipients,
        row.channels,
      ]),
    ).toEqual([
      ['unfilled_48h', 'South', null, [s.adminUsername], ['mail']],
      ['driver_reminder', 'North', 'Ann Alder', ['ann@reminders.test'], ['mail']],
    ]);
    const count = await t.call<RosterUnfilledCount>('GET', '/api/roster/unfilled_count', { token });
    expect(count.body.data.unfilled).toBe(2);

    // Monday 23-11, 11:00 in Sydney: South (an hour away, in Perth) and North's Tuesday reach 24 hours.
    now = new Date('2026-11-23T00:00:00Z');
    await t.rosterReminders.runDue();
    const kinds = (await t.db.select().from(rosterReminders)).map((row) => `${row.kind} ${row.date}`).sort();
    expect(kinds).toEqual([
      'driver_reminder 2026-11-23',
      'unfilled_24h 2026-11-23',
      'unfilled_24h 2026-11-24',
      'unfilled_48h 2026-11-23',
      'unfilled_48h 2026-11-24',
    ]);
  });

  it('answers 401 without a login and code 2 for a bad date', async () => {
    now = fixedNow;
    const s = await createRosterAccount(t, 'Reminders checks', []);
    expect((await t.call('GET', '/api/roster/reminders?date=23-11-2026')).status).toBe(401);
    expect((await t.call('GET', '/api/roster/unfilled_count')).status).toBe(401);
    const bad = await t.call('GET', '/api/roster/reminders?date=2026-11-23', { token: s.token });
    expect(bad.status).toBe(400);
    expect(bad.body.meta.error_code).toBe(2);
    const none = await t.call<RosterReminder[]>('GET', '/api/roster/reminders?date=23-11-2026', {
      token: s.token,
    });
    expect(none.body.data).toEqual([]);
  });
});
