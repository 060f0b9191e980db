import { writeFile } from 'node:fs/promises';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Alert } from '../../../contracts/alerts';
import type { DriverLink } from '../../../contracts/driver';
import type { PrintLink } from '../../../contracts/print';
import type { Visit } from '../../../contracts/visits';
import type { WelfareReport, WelfareSettings } from '../../../contracts/welfare';
import { auditLog, mailOutbox } from '../../db/schema/messages';
import type { RunningSimulator } from '../../integrations/alayacare/simulator/start-simulator';
import { extractPdfText } from '../../testing/pdf-text';
import { createTestApp, type TestApp } from '../../testing/test-app';
import { createPromptSourceSystem, createRoundAccountWithSimulator } from '../../testing/test-source';
import type { EmergencyContact, WelfareMessage } from './welfare-ports';
import { messagingNotSetUp, type WelfarePorts } from './welfare-wiring';

// The simulator's today is Wednesday 18 November 2026 (Sydney, +11:00).
const clock = { ms: Date.parse('2026-11-18T03:00:00Z') };
const now = () => new Date(clock.ms);
const advanceMinutes = (minutes: number) => {
  clock.ms += minutes * 60_000;
};

/** In-memory contacts and messages: what the runner queued, and the contacts it may reach. */
const contactsByClient = new Map<number, EmergencyContact[]>();
const queued: (WelfareMessage & { kind: 'sms' | 'call' })[] = [];
const fakePorts: WelfarePorts = {
  contacts: {
    listEmergencyContacts: (_tx, _accountId, clientId) =>
      Promise.resolve(contactsByClient.get(clientId) ?? []),
  },
  messages: {
    composeWelfareText: (_tx, values) =>
      Promise.resolve(`Welfare check: ${values.clientName}, for ${values.contactName}. Reply OK when safe.`),
    queueSms: (_tx, message) => Promise.resolve({ messageId: queued.push({ ...message, kind: 'sms' }) }),
    queueCall: (_tx, message) => Promise.resolve({ messageId: queued.push({ ...message, kind: 'call' }) }),
  },
};

let t: TestApp;
let simulator: RunningSimulator;
let token = '';
let adminToken = '';
let otherToken = '';
let driverToken = '';
let accountId = 0;
let dayVisits: Visit[] = [];
let taken = 0;
let uuidCount = 0;

beforeAll(async () => {
  t = await createTestApp({}, { now, createSourceSystem: createPromptSourceSystem, welfarePorts: fakePorts });
  const setup = await createRoundAccountWithSimulator(t, { clients: 30 });
  simulator = setup.simulator;
  accountId = setup.account.id;
  token = await t.login(setup.user.username);
  adminToken = await t.login(setup.admin.username);
  const visits = await t.call<Visit[]>('GET', `/api/rounds/${setup.roundId}/visits/2026-11-18?refresh=true`, {
    token,
  });
  dayVisits = visits.body.data.filter((visit) => visit.status === 'scheduled');
  const link = await t.call<DriverLink>('POST', `/api/rounds/${setup.roundId}/driver_link`, {
    token,
    body: { date: '2026-11-18' },
  });
  driverToken = link.body.data.url.replace('/driver/', '');
  otherToken = await t.login((await t.createAccount('Other Office')).user.username);
});
afterAll(async () => {
  await t.close();
  await simulator.close();
});

function takeVisit(): Visit {
  const visit = dayVisits[taken++];
  if (!visit) throw new Error('out of visits');
  return visit;
}

/** The driver records `outcome` for a new visit now; answers the visit's alert. */
async function openAlert(outcome = 'not_home'): Promise<Alert> {
  const visit = takeVisit();
  const id = `20000000-0000-4000-8000-${String(++uuidCount).padStart(12, '0')}`;
  await t.call('POST', `/api/driver/${driverToken}/outcomes`, {
    body: [{ id, visit_id: visit.id, outcome, note: '', recorded_at: now().toISOString() }],
  });
  const alerts = (await t.call<Alert[]>('GET', '/api/alerts', { token })).body.data;
  const alert = alerts.find((entry) => entry.visit_id === visit.id);
  if (!alert) throw new Error('no alert opened');
  return alert;
}

const getAlert = async (id: number, as = token) =>
  t.call<Alert>('GET', `/api/alerts/${String(id)}`, { token: as });
const attempt = { channel: 'phone', to: 'The client', result: 'no_answer', note: 'Rang out' };

describe('welfare settings', () => {
  it('answers the defaults to any user, and only an admin saves them (phones in E.164)', async () => {
    const defaults = await t.call<WelfareSettings>('GET', '/api/settings/welfare', { token });
    expect(defaults.body.data).toEqual({
      steps: [
        { after_minutes: 0, action: 'call_client' },
        { after_minutes: 15, action: 'message_contacts' },
        { after_minutes: 15, action: 'call_contacts' },
        { after_minutes: 30, action: 'notify_managers' },
      ],
      check_outcomes: ['not_home'],
      managers: [],
    });
    const body = {
      ...defaults.body.data,
      managers: [{ name: 'Mia Duty', email: 'mia@example.test', phone: '0412 345 678' }],
    };
    expect((await t.call('GET', '/api/settings/welfare')).status).toBe(401);
    expect((await t.call('PUT', '/api/settings/welfare', { body })).status).toBe(401);
    expect((await t.call('PUT', '/api/settings/welfare', { token, body })).status).toBe(403);

    const backwards = {
      ...body,
      steps: [
        { after_minutes: 10, action: 'call_client' },
        { after_minutes: 5, action: 'notify_managers' },
      ],
    };
    const refused = await t.call('PUT', '/api/settings/welfare', { token: adminToken, body: backwards });
    expect(refused.body.meta.error_code).toBe(2);
    expect(refused.body.meta.errors).toContainEqual(
      expect.objectContaining({ field: 'steps.1.after_minutes' }),
    );
    const badPhone = { ...body, managers: [{ name: 'Mia', email: '', phone: '12' }] };
    const phoneRefused = await t.call('PUT', '/api/settings/welfare', { token: adminToken, body: badPhone });
    expect(phoneRefused.body.meta.errors).toEqual([
      { field: 'managers.0.phone', message: '"12" is not a valid phone number.' },
    ]);
    expect(
      (await t.call<WelfareSettings>('GET', '/api/settings/welfare', { token })).body.data.managers,
    ).toEqual([]);

    const saved = await t.call<WelfareSettings>('PUT', '/api/settings/welfare', { token: adminToken, body });
    expect(saved.body.data.managers).toEqual([
      { name: 'Mia Duty', email: 'mia@example.test', phone: '+61412345678' },
    ]);
    expect((await t.call<WelfareSettings>('GET', '/api/settings/welfare', { token })).body.data).toEqual(
      saved.body.data,
    );
    const audit = await t.db.select().from(auditLog).where(eq(auditLog.action, 'settings.welfare.update'));
    expect(audit).toHaveLength(1);
  });
});

describe('welfare checks', () => {
  it('a not-home outcome starts the clock with calling the client due; a concern opens an alert without steps', async () => {
    const check = await openAlert('not_home');
    expect(check).toMatchObject({
      status: 'open',
      step: null,
      next_step_at: now().toISOString(),
      clock_started_at: now().toISOString(),
      is_overdue: false,
      attempts: [],
    });
    expect(check.steps.map((step) => [step.action, step.state])).toEqual([
      ['call_client', 'due'],
      ['message_contacts', 'upcoming'],
      ['call_contacts', 'upcoming'],
      ['notify_managers', 'upcoming'],
    ]);
    const concern = await openAlert('concern');
    expect(concern).toMatchObject({ steps: [], step: null, next_step_at: null, is_overdue: false });
    expect((await getAlert(check.id, otherToken)).status).toBe(404);
    expect((await t.call('GET', `/api/alerts/${String(check.id)}`)).status).toBe(401);
  });

  it('records a person attempt (calling the client is then done), refuses bad ones and another account', async () => {
    const check = await openAlert();
    const url = `/api/alerts/${String(check.id)}/attempts`;
    for (const body of [
      { ...attempt, channel: 'fax' },
      { ...attempt, to: ' ' },
      { ...attempt, result: 'maybe' },
      { channel: 'phone', result: 'no_answer' },
    ]) {
      const refused = await t.call('POST', url, { token, body });
      expect(refused.body.meta.error_code).toBe(2);
    }
    expect((await t.call('POST', url, { body: attempt })).status).toBe(401);
    expect((await t.call('POST', url, { token: otherToken, body: attempt })).status).toBe(404);
    expect((await getAlert(check.id)).body.data.attempts).toEqual([]);

    advanceMinutes(2);
    const recorded = await t.call<Alert>('POST', url, { token, body: attempt });
    expect(recorded.body.data.attempts).toEqual([
      { id: expect.any(Number), at: now().toISOString(), by: expect.stringMatching(/^user@/), ...attempt },
    ]);
    expect(recorded.body.data.steps[0]?.state).toBe('done');
    const audit = await t.db.select().from(auditLog).where(eq(auditLog.action, 'alerts.attempt'));
    expect(audit.map((entry) => entry.targetId)).toContain(String(check.id));
  });

  it('two runners take each automated step once, record its attempts, never resolve; a reply OK is answered', async () => {
    const check = await openAlert();
    const clientId = check.client.id;
    contactsByClient.set(clientId, [
      { id: 71, name: 'Dana Daughter', phone: '+61400000001', relationship: 'Daughter' },
      { id: 72, name: 'No Phone', phone: '', relationship: 'Neighbour' },
      { id: 73, name: 'Sam Son', phone: '+61400000002', relationship: 'Son' },
    ]);
    const peer = await t.createPeer();
    try {
      await Promise.all([t.welfareSteps.runDueSteps(), peer.welfareSteps.runDueSteps()]);
      expect((await getAlert(check.id)).body.data).toMatchObject({ step: 0, attempts: [] });

      advanceMinutes(15);
      const mine = () => queued.filter((message) => message.alertId === check.id);
      await Promise.all([t.welfareSteps.runDueSteps(), peer.welfareSteps.runDueSteps()]);
      await Promise.all([t.welfareSteps.runDueSteps(), peer.welfareSteps.runDueSteps()]);
      expect(mine().map((message) => [message.kind, message.to, message.contactId])).toEqual([
        ['sms', '+61400000001', 71],
        ['sms', '+61400000002', 73],
        ['call', '+61400000001', 71],
        ['call', '+61400000002', 73],
      ]);
      expect(mine()[0]?.body).toBe(
        `Welfare check: ${check.client.name}, for Dana Daughter. Reply OK when safe.`,
      );
      const after15 = (await getAlert(check.id)).body.data;
      expect(after15).toMatchObject({ status: 'open', step: 2, is_overdue: true });
      expect(
        after15.attempts.map((entry) => [entry.by, entry.channel, entry.to, entry.result, entry.note]),
      ).toEqual([
        ['Automatic', 'sms', '+61400000001', 'left_message', 'Dana Daughter (Daughter)'],
        ['Automatic', 'sms', '+61400000002', 'left_message', 'Sam Son (Son)'],
        ['Automatic', 'voice', '+61400000001', 'left_message', 'Dana Daughter (Daughter)'],
        ['Automatic', 'voice', '+61400000002', 'left_message', 'Sam Son (Son)'],
      ]);
      // Automatic attempts never do the person's step.
      expect(after15.steps[0]?.state).toBe('due');

      advanceMinutes(15);
      await Promise.all([t.welfareSteps.runDueSteps(), peer.welfareSteps.runDueSteps()]);
      const mails = await t.db.select().from(mailOutbox).where(eq(mailOutbox.recipient, 'mia@example.test'));
      expect(mails.filter((mail) => mail.subject.includes(check.client.name))).toEqual([
        expect.objectContaining({
          subject: `MealRounds welfare check: ${check.client.name} not reached yet`,
        }),
      ]);
      expect(mine().filter((message) => message.to === '+61412345678')).toHaveLength(1);
      advanceMinutes(60);
      await Promise.all([t.welfareSteps.runDueSteps(), peer.welfareSteps.runDueSteps()]);
      const done = (await getAlert(check.id)).body.data;
      expect(done).toMatchObject({
        status: 'open',
        step: 3,
        next_step_at: null,
        is_overdue: true,
        resolved_at: null,
      });
      expect(
        done.attempts.filter((entry) => entry.to === 'mia@example.test' || entry.to === '+61412345678'),
      ).toHaveLength(2);

      const reply = await t.db.transaction((tx) =>
        t.welfareSteps.recordContactReply(tx, {
          accountId,
          from: '+61400000002',
          body: ' ok! ',
          receivedAt: now(),
        }),
      );
      expect(reply).toEqual({ alertId: check.id });
      const unknown = await t.db.transaction((tx) =>
        t.welfareSteps.recordContactReply(tx, {
          accountId,
          from: '+61499999999',
          body: 'OK',
          receivedAt: now(),
        }),
      );
      expect(unknown).toBeNull();
      await t.db.transaction((tx) =>
        t.welfareSteps.recordContactReply(tx, {
          accountId,
          from: '+61400000001',
          body: 'Who is this?',
          receivedAt: now(),
        }),
      );
      const replies = (await getAlert(check.id)).body.data.attempts.slice(-2);
      expect(replies.map((entry) => [entry.by, entry.channel, entry.result, entry.note])).toEqual([
        ['Sam Son', 'sms', 'answered', 'ok!'],
        ['Dana Daughter', 'sms', 'left_message', 'Who is this?'],
      ]);
    } finally {
      await peer.server.close();
    }
  });

  it('a message the messages feature refuses at once is a failed attempt saying why', async () => {
    const check = await openAlert();
    contactsByClient.set(check.client.id, [{ id: 80, name: 'Ann', phone: '+61400000003', relationship: '' }]);
    const bare = await t.createPeer({
      welfarePorts: {
        contacts: fakePorts.contacts,
        messages: {
          composeWelfareText: fakePorts.messages.composeWelfareText,
          queueSms: () => Promise.resolve({ failed: messagingNotSetUp }),
          queueCall: () => Promise.resolve({ failed: messagingNotSetUp }),
        },
      },
    });
    try {
      advanceMinutes(15);
      await bare.welfareSteps.runDueSteps();
      const attempts = (await getAlert(check.id)).body.data.attempts;
      expect(attempts.map((entry) => [entry.channel, entry.result, entry.note])).toEqual([
        ['sms', 'failed', messagingNotSetUp],
        ['voice', 'failed', messagingNotSetUp],
      ]);
    } finally {
      await bare.server.close();
    }
  });

  it('only a person resolves, with an outcome and a note; a resolved check takes no attempt (code 6)', async () => {
    const check = await openAlert();
    const url = `/api/alerts/${String(check.id)}`;
    for (const body of [
      { status: 'resolved', note: 'Fine' },
      { status: 'resolved', outcome: 'safe' },
      { status: 'resolved', outcome: 'asleep', note: 'Fine' },
    ]) {
      expect((await t.call('PUT', url, { token, body })).body.meta.error_code).toBe(2);
    }
    const body = { status: 'resolved', outcome: 'safe', note: 'She was in the garden.' };
    expect((await t.call('PUT', url, { token: otherToken, body })).status).toBe(404);
    const resolved = await t.call<Alert>('PUT', url, { token, body });
    expect(resolved.body.data).toMatchObject({
      status: 'resolved',
      resolution_outcome: 'safe',
      resolution_note: 'She was in the garden.',
      next_step_at: null,
      is_overdue: false,
    });
    const again = await t.call('PUT', url, { token, body });
    expect([again.status, again.body.meta.error_code]).toEqual([409, 6]);
    const late = await t.call('POST', `${url}/attempts`, { token, body: attempt });
    expect([late.status, late.body.meta.error_code]).toEqual([409, 6]);
    advanceMinutes(60);
    await t.welfareSteps.runDueSteps();
    expect((await getAlert(check.id)).body.data).toMatchObject({
      status: 'resolved',
      step: null,
      attempts: [],
    });
  });

  it('reports a month: opened, resolved, median and worst minutes, outcomes', async () => {
    const report = await t.call<WelfareReport>('GET', '/api/reports/welfare?month=11-2026', { token });
    expect(report.body.data).toMatchObject({
      month: '11-2026',
      resolved: 1,
      outcomes: { safe: 1, family: 0 },
    });
    expect(report.body.data.opened).toBe(report.body.data.resolved + report.body.data.open);
    expect(report.body.data.median_minutes_to_resolve).toBe(report.body.data.worst_minutes_to_resolve);
    const other = await t.call<WelfareReport>('GET', '/api/reports/welfare?month=11-2026', {
      token: otherToken,
    });
    expect(other.body.data).toMatchObject({ opened: 0, resolved: 0, median_minutes_to_resolve: null });
    expect((await t.call('GET', '/api/reports/welfare?month=2026-11', { token })).body.meta.error_code).toBe(
      2,
    );
    expect((await t.call('GET', '/api/reports/welfare?month=11-2026')).status).toBe(401);
  });

  it('prints the month as CSV and PDF through print/report', async () => {
    const print = async (format: 'csv' | 'pdf') => {
      const link = await t.call<PrintLink>('POST', '/api/print/report', {
        token,
        body: { report: 'welfare', format, month: '11-2026' },
      });
      expect(link.body.meta.error_code).toBe(0);
      return t.server.inject({ method: 'GET', url: link.body.data.url });
    };
    const csv = (await print('csv')).body.split(/\r?\n/);
    expect(csv[0]).toBe('\ufeffMonth,Figure,Value');
    expect(csv).toContain('11-2026,Resolved,1');
    expect(csv).toContain('11-2026,Median time to resolution,0 min');
    expect(csv).toContain('11-2026,Outcome: Safe,1');
    const pdf = await print('pdf');
    expect(pdf.headers['content-type']).toBe('application/pdf');
    await writeFile('/tmp/mealrounds-report-welfare.pdf', pdf.rawPayload);
    const text = await extractPdfText(pdf.rawPayload);
    expect(text).toContain('Checks opened in 11-2026.');
    expect(text).toMatch(/Outcome: Safe\s+1/);
  });
});
