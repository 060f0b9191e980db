import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Alert, AlertCount } from '../../../contracts/alerts';
import type { DeliveryByClientReport } from '../../../contracts/reports';
import {
  driverPhotoMaxBytes,
  type DriverLink,
  type DriverOutcomeResult,
  type DriverRun,
} from '../../../contracts/driver';
import type { Visit } from '../../../contracts/visits';
import { createTestApp, type TestApp } from '../../testing/test-app';
import { createPromptSourceSystem, createRoundAccountWithSimulator } from '../../testing/test-source';
import { auditLog, mailOutbox } from '../../db/schema/messages';
import { clientMealChoices, meals } from '../../db/schema/meals';
import { driverOutcomes } from '../../db/schema/driver';
import type { RunningSimulator } from '../../integrations/alayacare/simulator/start-simulator';
import { outboxPolicy } from '../visits/outbox-sender';

// The simulator's today is Wednesday 18 November 2026 (Sydney, +11:00): its visits may be completed today.
const clock = { ms: Date.parse('2026-11-18T03:00:00Z') };
const now = () => new Date(clock.ms);

let t: TestApp;
let simulator: RunningSimulator;
let token = '';
let roundId = 0;
let accountId = 0;
let driverToken = '';
let otherToken = '';
let adminEmail = '';
let dayVisits: Visit[] = [];
const sourceIds = new Map<number, number>();

beforeAll(async () => {
  t = await createTestApp({}, { now, createSourceSystem: createPromptSourceSystem });
  const setup = await createRoundAccountWithSimulator(t, { clients: 30 });
  simulator = setup.simulator;
  roundId = setup.roundId;
  accountId = setup.account.id;
  token = await t.login(setup.user.username);
  adminEmail = setup.admin.username;
  const visitsAnswer = await t.call<Visit[]>('GET', `/api/rounds/${roundId}/visits/2026-11-18?refresh=true`, {
    token,
  });
  dayVisits = visitsAnswer.body.data.filter((visit) => visit.status === 'scheduled');
  for (const row of await t.db.query.visits.findMany({ columns: { id: true, sourceId: true } }))
    sourceIds.set(row.id, Number(row.sourceId));
  const link = await t.call<DriverLink>('POST', `/api/rounds/${roundId}/driver_link`, {
    token,
    body: { date: '2026-11-18' },
  });
  driverToken = link.body.data.url.replace('/driver/', '');
  const other = await t.createAccount('Other Office');
  otherToken = await t.login(other.user.username);
});
afterAll(async () => {
  await t.close();
  await simulator.close();
});

let taken = 0;
/** A scheduled visit of the day no earlier test used. */
function takeVisit(): Visit {
  const visit = dayVisits[taken++];
  if (!visit) throw new Error('out of visits');
  return visit;
}
let uuidCount = 0;
const nextUuid = () => `10000000-0000-4000-8000-${String(++uuidCount).padStart(12, '0')}`;
const at = (time: string) => `2026-11-18T${time}:00+11:00`;
const outcome = (visit: Visit, kind: string, time: string, extra: Record<string, unknown> = {}) => ({
  id: nextUuid(),
  visit_id: visit.id,
  outcome: kind,
  note: '',
  recorded_at: at(time),
  ...extra,
});
const send = (body: unknown, as = driverToken) =>
  t.call<DriverOutcomeResult[]>('POST', `/api/driver/${as}/outcomes`, { body });
const sourceVisit = (visit: Visit) => simulator.state.getVisit(sourceIds.get(visit.id) ?? 0);
const sourceNotes = (visit: Visit) => simulator.state.listVisitNotes(sourceIds.get(visit.id) ?? 0);
/** Lock (complete) requests the CRM received since the `from`th request. */
const locksSince = (from: number) =>
  simulator.faults.requests
    .slice(from)
    .filter((request) => request.method === 'PUT' && request.url.includes('/visits/lock')).length;
const roundVisit = async (visit: Visit) =>
  (await t.call<Visit[]>('GET', `/api/rounds/${roundId}/visits/2026-11-18`, { token })).body.data.find(
    (entry) => entry.id === visit.id,
  );
const runStop = async (visit: Visit) =>
  (await t.call<DriverRun>('GET', `/api/driver/${driverToken}/run`)).body.data.stops.find(
    (stop) => stop.visit_id === visit.id,
  );
const openAlerts = async () => (await t.call<Alert[]>('GET', '/api/alerts?status=open', { token })).body.data;
/** The CRM writes sent after the answers, then whatever is due. */
async function drainOutbox() {
  await t.outboxSender.whenIdle();
  while ((await t.outboxSender.sendDue()) > 0);
}

describe('driver outcomes', () => {
  it('delivered completes the visit in the CRM once, and the delivered report counts it', async () => {
    const visit = takeVisit();
    const [meal] = await t.db
      .insert(meals)
      .values({ accountId, key: 'stew', description: 'Beef stew' })
      .returning({ id: meals.id });
    await t.db.insert(clientMealChoices).values({
      accountId,
      clientId: visit.client.id,
      date: '2026-11-18',
      mealId: meal?.id ?? 0,
      quantity: 2,
    });
    const delivered = async () => {
      const report = await t.call<DeliveryByClientReport>('POST', '/api/reports/delivery_by_client', {
        token,
        body: { date: '18-11-2026' },
      });
      return report.body.data.clients.find((client) => client.id === visit.client.id)?.total;
    };
    expect(await delivered()).toEqual([2, 0]);

    const requestsBefore = simulator.faults.requests.length;
    const body = [outcome(visit, 'delivered', '10:05', { note: 'Handed over' })];
    const first = await send(body);
    expect(first.body.data).toEqual([{ id: body[0]?.id, accepted: true, message: 'Recorded.' }]);
    await drainOutbox();
    expect(sourceVisit(visit)?.status).toBe('completed');
    expect((await roundVisit(visit))?.status).toBe('completed');
    expect((await roundVisit(visit))?.outcome).toEqual({
      outcome: 'delivered',
      note: 'Handed over',
      recorded_at: '2026-11-17T23:05:00.000Z',
      photo_url: null,
    });
    expect(await delivered()).toEqual([2, 2]);

    // A retry (the phone never saw the answer) records nothing again and writes nothing to the CRM.
    const again = await send(body);
    expect(again.body.data).toEqual([{ id: body[0]?.id, accepted: true, message: 'Already recorded.' }]);
    // The same outcome twice in one send is recorded once.
    const twice = outcome(visit, 'delivered', '10:06');
    const both = await send([twice, twice]);
    expect(both.body.data).toEqual([
      { id: twice.id, accepted: true, message: 'Recorded.' },
      { id: twice.id, accepted: true, message: 'Already recorded.' },
    ]);
    // A second delivered for a completed visit does not complete it again.
    await drainOutbox();
    expect(locksSince(requestsBefore)).toBe(1);
    const history = await t.db.select().from(driverOutcomes).where(eq(driverOutcomes.visitId, visit.id));
    expect(history).toHaveLength(2);
  });

  it('a later outcome replaces the current one, an older one arriving late does not, and all are kept', async () => {
    const visit = takeVisit();
    await send([outcome(visit, 'not_home', '10:00', { note: 'No answer' })]);
    expect((await runStop(visit))?.outcome?.outcome).toBe('not_home');
    await send([outcome(visit, 'other', '10:30', { note: 'Came back' })]);
    expect((await runStop(visit))?.outcome).toMatchObject({ outcome: 'other', note: 'Came back' });
    // Recorded at 09:00 on a phone that was offline: history, not the current outcome.
    await send([outcome(visit, 'concern', '09:00', { note: 'Looked unwell' })]);
    expect((await runStop(visit))?.outcome).toMatchObject({ outcome: 'other' });
    expect((await roundVisit(visit))?.outcome?.outcome).toBe('other');
    const history = await t.db
      .select({ outcome: driverOutcomes.outcome })
      .from(driverOutcomes)
      .where(eq(driverOutcomes.visitId, visit.id))
      .orderBy(driverOutcomes.recordedAt);
    expect(history.map((row) => row.outcome)).toEqual(['concern', 'not_home', 'other']);
    // One alert, showing the latest alerting outcome.
    const alerts = (await openAlerts()).filter((alert) => alert.visit_id === visit.id);
    expect(alerts).toHaveLength(1);
    expect(alerts[0]).toMatchObject({ outcome: 'not_home', note: 'No answer' });
  });

  it('not home opens one alert per visit however often it is sent, adds a CRM note each time and leaves the visit open', async () => {
    const visit = takeVisit();
    const first = outcome(visit, 'not_home', '11:00', { note: 'Knocked twice' });
    await send([first]);
    await send([first]);
    await send([outcome(visit, 'not_home', '11:20'), outcome(visit, 'refused', '11:25')]);
    await drainOutbox();
    const alerts = (await openAlerts()).filter((alert) => alert.visit_id === visit.id);
    expect(alerts).toHaveLength(1);
    expect(alerts[0]).toMatchObject({
      status: 'open',
      date: '2026-11-18',
      round: { id: roundId, name: 'Everyone' },
      client: { id: visit.client.id, name: visit.client.name },
      outcome: 'refused',
      resolved_at: null,
      resolved_by: null,
    });
    expect(sourceNotes(visit).map((note) => note.text)).toEqual([
      'Driver: Not home at 11:00. Knocked twice',
      'Driver: Not home at 11:20.',
      'Driver: Refused at 11:25.',
    ]);
    expect(sourceVisit(visit)?.status).toBe('scheduled');
    expect((await roundVisit(visit))?.status).toBe('scheduled');
    // The account's admins hear of the opening once.
    const mails = await t.db.select().from(mailOutbox).where(eq(mailOutbox.recipient, adminEmail));
    expect(mails.filter((mail) => mail.subject.includes(visit.client.name))).toEqual([
      expect.objectContaining({
        subject: `MealRounds alert: ${visit.client.name}, Not home`,
        body: expect.stringContaining('http://mealrounds.test/alerts'),
      }),
    ]);
    const count = await t.call<AlertCount>('GET', '/api/alerts/count', { token });
    expect(count.body.data.open).toBe((await openAlerts()).length);
  });

  it('resolving an alert records who, when and why; a new alerting outcome opens it again', async () => {
    const visit = takeVisit();
    await send([outcome(visit, 'concern', '12:00', { note: 'Fell over last week' })]);
    const [alert] = (await openAlerts()).filter((entry) => entry.visit_id === visit.id);
    const url = `/api/alerts/${alert?.id ?? 0}`;
    expect(
      (await t.call('PUT', url, { body: { status: 'resolved', outcome: 'safe', note: 'x' } })).status,
    ).toBe(401);
    for (const body of [
      { status: 'resolved', outcome: 'safe', note: '  ' },
      { status: 'open', outcome: 'safe', note: 'x' },
      { status: 'resolved', outcome: 'safe' },
      { status: 'resolved', note: 'x' },
    ]) {
      const refused = await t.call('PUT', url, { token, body });
      expect(refused.body.meta.error_code).toBe(2);
    }
    const foreign = await t.call('PUT', url, {
      token: otherToken,
      body: { status: 'resolved', outcome: 'safe', note: 'x' },
    });
    expect(foreign.status).toBe(404);
    expect((await t.call<Alert[]>('GET', '/api/alerts', { token: otherToken })).body.data).toEqual([]);

    const resolved = await t.call<Alert>('PUT', url, {
      token,
      body: { status: 'resolved', outcome: 'family', note: 'Called her daughter; she is fine.' },
    });
    expect(resolved.body.data).toMatchObject({
      status: 'resolved',
      resolution_outcome: 'family',
      resolved_at: now().toISOString(),
      resolved_by: expect.stringMatching(/^user@/),
      resolution_note: 'Called her daughter; she is fine.',
    });
    const audit = await t.db.select().from(auditLog).where(eq(auditLog.action, 'alerts.resolve'));
    expect(audit.map((entry) => entry.targetId)).toContain(String(alert?.id));
    expect((await openAlerts()).some((entry) => entry.visit_id === visit.id)).toBe(false);
    const resolvedList = await t.call<Alert[]>('GET', '/api/alerts?status=resolved', { token });
    expect(resolvedList.body.data.map((entry) => entry.id)).toContain(alert?.id);

    await send([outcome(visit, 'not_home', '12:40')]);
    const reopened = (await openAlerts()).filter((entry) => entry.visit_id === visit.id);
    expect(reopened).toEqual([
      expect.objectContaining({
        id: alert?.id,
        status: 'open',
        outcome: 'not_home',
        resolution_note: '',
        resolution_outcome: null,
      }),
    ]);
    expect((await t.call('GET', '/api/alerts?status=closed', { token })).body.meta.error_code).toBe(2);
    expect((await t.call('GET', '/api/alerts')).status).toBe(401);
    expect((await t.call('GET', '/api/alerts/count')).status).toBe(401);
    expect((await t.call<AlertCount>('GET', '/api/alerts/count', { token: otherToken })).body.data).toEqual({
      open: 0,
    });
  });

  it('keeps the CRM writes while the CRM is down and they arrive once when it is back', async () => {
    const [deliveredVisit, noteVisit] = [takeVisit(), takeVisit()];
    simulator.faults.setFaults({ isDown: true });
    let result;
    try {
      result = await send([
        outcome(deliveredVisit, 'delivered', '13:00'),
        outcome(noteVisit, 'not_home', '13:10'),
      ]);
      // The writes go to the CRM right after the answer: while it is still down.
      await t.outboxSender.whenIdle();
    } finally {
      simulator.faults.resetFaults();
    }
    expect(result.body.data.every((entry) => entry.accepted)).toBe(true);
    expect(sourceVisit(deliveredVisit)?.status).toBe('scheduled');
    expect(sourceNotes(noteVisit)).toEqual([]);
    clock.ms += outboxPolicy.maxDelayMs + 60_000;
    await drainOutbox();
    expect(sourceVisit(deliveredVisit)?.status).toBe('completed');
    expect(sourceNotes(noteVisit).map((note) => note.text)).toEqual(['Driver: Not home at 13:10.']);
    clock.ms += outboxPolicy.maxDelayMs + 60_000;
    await drainOutbox();
    expect(sourceNotes(noteVisit)).toHaveLength(1);
  });
});

describe('driver photos', () => {
  const png = Buffer.from(
    'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==',
    'base64',
  );
  const dataUrl = (type: string, content: Buffer) => `data:${type};base64,${content.toString('base64')}`;

  it('keeps a photo for the office behind a login, never public', async () => {
    const visit = takeVisit();
    const result = await send([outcome(visit, 'concern', '14:00', { photo: dataUrl('image/png', png) })]);
    expect(result.body.data[0]?.accepted).toBe(true);
    const photoUrl = (await roundVisit(visit))?.outcome?.photo_url ?? '';
    expect(photoUrl).toMatch(/^\/api\/driver_photos\/[0-9a-f-]{36}$/);
    const photo = await t.server.inject({
      method: 'GET',
      url: photoUrl,
      headers: { authorization: `Bearer ${token}` },
    });
    expect(photo.statusCode).toBe(200);
    expect(photo.headers['content-type']).toBe('image/png');
    expect(photo.headers['cache-control']).toBe('private, no-store');
    expect(photo.rawPayload.equals(png)).toBe(true);
    expect((await t.call('GET', photoUrl)).status).toBe(401);
    expect((await t.call('GET', photoUrl, { token: otherToken })).status).toBe(404);
    expect((await t.call('GET', '/api/driver_photos/not-a-uuid', { token })).body.meta.error_code).toBe(2);
    expect((await openAlerts()).find((alert) => alert.visit_id === visit.id)?.photo_url).toBe(photoUrl);
  });

  it('refuses a photo that is not a JPEG, PNG or WebP by its bytes, or is too large', async () => {
    const visit = takeVisit();
    const jpegHeader = Buffer.from([0xff, 0xd8, 0xff, 0xe0]);
    const cases = [
      [
        dataUrl('image/png', Buffer.from('<script>alert(1)</script>')),
        'The photo must be a JPEG, PNG or WebP image.',
      ],
      [dataUrl('image/jpeg', png), 'The photo must be a JPEG, PNG or WebP image.'],
      [dataUrl('image/gif', Buffer.from('GIF89a')), 'The photo must be a JPEG, PNG or WebP image.'],
      ['data:image/png;base64,!!!!', 'The photo must be a JPEG, PNG or WebP image.'],
      [
        dataUrl('image/jpeg', Buffer.concat([jpegHeader, Buffer.alloc(driverPhotoMaxBytes - 3)])),
        'The photo is larger than 1.5 MB.',
      ],
    ] as const;
    const body = cases.map(([photo]) => outcome(visit, 'delivered', '14:30', { photo }));
    const result = await send(body);
    expect(result.body.data).toEqual(
      cases.map(([, message], index) => ({ id: body[index]?.id, accepted: false, message })),
    );
    // At the limit it is kept.
    const atLimit = dataUrl('image/jpeg', Buffer.concat([jpegHeader, Buffer.alloc(driverPhotoMaxBytes - 4)]));
    const kept = await send([outcome(visit, 'delivered', '14:31', { photo: atLimit })]);
    expect(kept.body.data[0]?.accepted).toBe(true);
    // More than 8 photos in one request: the phone sends them in the next.
    const many = Array.from({ length: 9 }, () =>
      outcome(visit, 'other', '14:40', { photo: dataUrl('image/png', png) }),
    );
    expect((await send(many)).body.meta.error_code).toBe(2);
  });
});

describe('outcomes input', () => {
  it('refuses bad bodies with code 2, and a token that opens nothing with the one 404', async () => {
    const visit = dayVisits[0] as Visit;
    for (const body of [
      {},
      [],
      [outcome(visit, 'lost', '10:00')],
      [{ ...outcome(visit, 'delivered', '10:00'), id: 'abc' }],
      [{ ...outcome(visit, 'delivered', '10:00'), recorded_at: '2026-11-18T10:00:00' }],
      [outcome(visit, 'delivered', '10:00', { note: 'x'.repeat(1001) })],
      [outcome(visit, 'delivered', '10:00', { extra: true })],
      Array.from({ length: 201 }, () => outcome(visit, 'delivered', '10:00')),
    ]) {
      const result = await send(body);
      expect(result.status).toBe(400);
      expect(result.body.meta.error_code).toBe(2);
    }
    const forged = await send([outcome(visit, 'delivered', '10:00')], 'B'.repeat(43));
    expect(forged.status).toBe(404);
    expect(forged.body.meta.error_code).toBe(5);
  });
});
