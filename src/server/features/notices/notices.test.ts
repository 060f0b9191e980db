import { and, eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DriverLink, DriverRun, DriverRunStart } from '../../../contracts/driver';
import type { Visit } from '../../../contracts/visits';
import { clients, visits } from '../../db/schema/clients';
import { clientContacts } from '../../db/schema/contacts';
import { auditLog } from '../../db/schema/messages';
import { messageOptOuts, messages } from '../../db/schema/text-messages';
import { demoClientTag, demoVisitTag } from '../../integrations/alayacare/simulator/demo-seed';
import type { RunningSimulator } from '../../integrations/alayacare/simulator/start-simulator';
import type { RunningSmsSimulator } from '../../integrations/sms/simulator/start-sms-simulator';
import { createRoundVisitPicker, timeChange, type RoundVisitPicker } from '../../testing/round-visit-picker';
import { createTestApp, type TestApp } from '../../testing/test-app';
import { createPromptSourceSystem, createRoundAccountWithSimulator } from '../../testing/test-source';
import { startTestSimulator } from '../../testing/messages-fixture';

// Wednesday 18 November 2026, 14:00 in Sydney: today is the 18th, tomorrow the 19th.
const clock = { ms: Date.parse('2026-11-18T03:00:00Z') };
const now = () => new Date(clock.ms);

let t: TestApp;
let sourceSimulator: RunningSimulator;
let sms: RunningSmsSimulator;
let token = '';
let adminToken = '';
let accountId = 0;
let roundId = 0;
let picker: RoundVisitPicker;
let phoneCount = 100;

beforeAll(async () => {
  t = await createTestApp({}, { now, createSourceSystem: createPromptSourceSystem });
  const setup = await createRoundAccountWithSimulator(t, { clients: 30 });
  sourceSimulator = setup.simulator;
  adminToken = setup.adminToken;
  token = await t.login(setup.user.username);
  accountId = setup.account.id;
  roundId = setup.roundId;
  picker = createRoundVisitPicker(t, roundId, token);
  sms = await startTestSimulator(t, '+61491570006');
  // Nobody wants notices until a test says so.
  await t.db.update(clients).set({ wantsNotices: false }).where(eq(clients.accountId, accountId));
  await t.db
    .update(clientContacts)
    .set({ wantsNotices: false })
    .where(eq(clientContacts.accountId, accountId));
});
afterAll(async () => {
  await t.close();
  await sourceSimulator.close();
  await sms.close();
});

async function setUpProvider() {
  const { credentials } = sms.state;
  const saved = await t.call('PUT', '/api/settings/messaging', {
    token: adminToken,
    body: {
      provider: 'twilio',
      api_url: sms.url,
      account_sid: credentials.accountSid,
      auth_token: credentials.authToken,
      sender_number: '+61491570006',
    },
  });
  expect(saved.status).toBe(200);
}

const nextPhone = () => `+614915701${String(++phoneCount).slice(-2)}`;

/** The visit's client wants notices on a new number; answers it. */
async function clientWantsNotices(visit: Visit): Promise<string> {
  const phone = nextPhone();
  await t.db.update(clients).set({ wantsNotices: true, phone }).where(eq(clients.id, visit.client.id));
  return phone;
}

async function addContact(visit: Visit, wantsNotices: boolean): Promise<string> {
  const phone = nextPhone();
  await t.db.insert(clientContacts).values({
    accountId,
    clientId: visit.client.id,
    name: `Contact ${phone}`,
    phone,
    priority: phoneCount,
    wantsNotices,
    source: 'local',
  });
  return phone;
}

const noticesTo = (phones: string[]) =>
  t.db
    .select()
    .from(messages)
    .where(
      and(eq(messages.accountId, accountId), eq(messages.purpose, 'notice'), inArray(messages.to, phones)),
    )
    .orderBy(messages.id);
const allNotices = () =>
  t.db
    .select()
    .from(messages)
    .where(and(eq(messages.accountId, accountId), eq(messages.purpose, 'notice')));

async function driverTokenFor(date: string): Promise<string> {
  const link = await t.call<DriverLink>('POST', `/api/rounds/${roundId}/driver_link`, {
    token,
    body: { date },
  });
  return link.body.data.url.replace('/driver/', '');
}

/** HH:MM plus minutes (the tests' times stay inside one day). */
function addMinutes(time: string, minutes: number): string {
  const [hours = 0, mins = 0] = time.split(':').map(Number);
  const total = hours * 60 + mins + minutes;
  return `${String(Math.floor(total / 60)).padStart(2, '0')}:${String(total % 60).padStart(2, '0')}`;
}
const publish = (visit: Visit, minutes: number) =>
  t.call('PUT', '/api/visits', {
    token,
    body: [timeChange(visit, addMinutes(visit.start, minutes), addMinutes(visit.end, minutes))],
  });

describe('starting the run', () => {
  it('starts without a provider and queues nothing', async () => {
    const [visit] = await picker.takeVisits(1, '2026-11-19');
    await clientWantsNotices(visit!);
    const driverToken = await driverTokenFor('2026-11-19');
    const start = await t.call<DriverRunStart>('POST', `/api/driver/${driverToken}/start`);
    expect(start.status).toBe(200);
    expect(start.body.data.started_at).toBe(now().toISOString());
    expect(await allNotices()).toEqual([]);
  });

  it('queues "on its way" to exactly those who want it, once, and keeps STOP', async () => {
    await setUpProvider();
    const [first, second, third] = await picker.takeVisits(3, '2026-11-18');
    const clientPhone = await clientWantsNotices(first!);
    const contactPhone = await addContact(first!, true);
    const unwantedPhone = await addContact(first!, false);
    const optedOutPhone = await clientWantsNotices(second!);
    await t.db.insert(messageOptOuts).values({ accountId, phone: optedOutPhone });
    const quietPhone = await addContact(third!, false);
    const phones = [clientPhone, contactPhone, unwantedPhone, optedOutPhone, quietPhone];

    const driverToken = await driverTokenFor('2026-11-18');
    const before = await t.call<DriverRun>('GET', `/api/driver/${driverToken}/run`);
    expect(before.body.data.started_at).toBeNull();
    const start = await t.call<DriverRunStart>('POST', `/api/driver/${driverToken}/start`);
    expect(start.status).toBe(200);
    const sent = await noticesTo(phones);
    expect(sent.map((row) => [row.to, row.status, row.body])).toEqual([
      [clientPhone, 'queued', `Your meal is on its way, about ${first!.start}.`],
      [contactPhone, 'queued', `Your meal is on its way, about ${first!.start}.`],
      [optedOutPhone, 'opted_out', `Your meal is on its way, about ${second!.start}.`],
    ]);
    expect(sent[0]?.clientId).toBe(first!.client.id);
    expect(sent[1]?.contactId).not.toBeNull();

    const startedAt = start.body.data.started_at;
    clock.ms += 60_000;
    const again = await t.call<DriverRunStart>('POST', `/api/driver/${driverToken}/start`);
    expect(again.body.data.started_at).toBe(startedAt);
    expect(await noticesTo(phones)).toHaveLength(3);
    const after = await t.call<DriverRun>('GET', `/api/driver/${driverToken}/run`);
    expect(after.body.data.started_at).toBe(startedAt);
    const audited = await t.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.accountId, accountId), eq(auditLog.action, 'run.start')));
    expect(audited.map((row) => row.detail)).toContainEqual({
      date: '2026-11-18',
      notices: 3,
      actor: { via: 'driver_link' },
    });
    expect(audited).toHaveLength(2);
  });

  it('answers 404 to a token that opens no run, and queues nothing', async () => {
    const count = (await allNotices()).length;
    const start = await t.call('POST', `/api/driver/${'a'.repeat(43)}/start`);
    expect(start.status).toBe(404);
    expect(start.body.meta.error_code).toBe(5);
    expect(await allNotices()).toHaveLength(count);
  });
});

describe('notices of a change', () => {
  it('tells of a move by 45 minutes today, once, and not of one by 20', async () => {
    const [moved, nudged] = await picker.takeVisits(2, '2026-11-18');
    const movedPhone = await clientWantsNotices(moved!);
    const nudgedPhone = await clientWantsNotices(nudged!);
    expect((await publish(moved!, 45)).status).toBe(200);
    expect((await publish(nudged!, 20)).status).toBe(200);
    expect((await publish(moved!, 45)).status).toBe(200);
    const sent = await noticesTo([movedPhone, nudgedPhone]);
    expect(sent.map((row) => [row.to, row.body])).toEqual([
      [
        movedPhone,
        `Your meal delivery on Wednesday 18 November is now about ${addMinutes(moved!.start, 45)}.`,
      ],
    ]);
  });

  it('tells nobody of a move two days ahead', async () => {
    const [later] = await picker.takeVisits(1, '2026-11-20');
    const phone = await clientWantsNotices(later!);
    expect((await publish(later!, 60)).status).toBe(200);
    expect(await noticesTo([phone])).toEqual([]);
  });

  it("tells of tomorrow's visit cancelled by a hold", async () => {
    const codes = await t.call('PUT', `/api/accounts/${accountId}`, {
      token: adminToken,
      body: {
        source_settings: {
          client_tag: demoClientTag,
          visit_tag: demoVisitTag,
          service_codes: [],
          premiums: {},
          cancel_code_id: '3',
        },
      },
    });
    expect(codes.status).toBe(200);
    const [visit] = await picker.takeVisits(1, '2026-11-19');
    const phone = await clientWantsNotices(visit!);
    const contactPhone = await addContact(visit!, true);
    const hold = await t.call('POST', `/api/clients/${visit!.client.id}/holds`, {
      token,
      body: { from_date: '19-11-2026', to_date: '19-11-2026', reason: 'hospital' },
    });
    expect(hold.status).toBe(201);
    const sent = await noticesTo([phone, contactPhone]);
    expect(sent.map((row) => [row.to, row.body])).toEqual([
      [phone, 'Your meal delivery on Thursday 19 November is cancelled.'],
      [contactPhone, 'Your meal delivery on Thursday 19 November is cancelled.'],
    ]);
  });

  it('tells of a cancellation and a move the CRM made, seen on a refresh, once', async () => {
    const [cancelled, moved] = await picker.takeVisits(2, '2026-11-19');
    const cancelledPhone = await clientWantsNotices(cancelled!);
    const movedPhone = await clientWantsNotices(moved!);
    const sourceIdOf = async (visit: Visit) =>
      Number((await t.db.select().from(visits).where(eq(visits.id, visit.id)))[0]?.sourceId);
    sourceSimulator.state.setVisitCancelled(await sourceIdOf(cancelled!), true, 3);
    const sourceMoved = sourceSimulator.state.getVisit(await sourceIdOf(moved!))!;
    sourceSimulator.state.updateVisitTimes(
      sourceMoved.id,
      sourceMoved.startMs + 3_600_000,
      sourceMoved.endMs + 3_600_000,
    );
    await picker.getVisits('2026-11-19');
    await picker.getVisits('2026-11-19');
    const sent = await noticesTo([cancelledPhone, movedPhone]);
    expect(sent.map((row) => [row.to, row.body])).toEqual([
      [cancelledPhone, 'Your meal delivery on Thursday 19 November is cancelled.'],
      [
        movedPhone,
        `Your meal delivery on Thursday 19 November is now about ${addMinutes(moved!.start, 60)}.`,
      ],
    ]);
  });
});
