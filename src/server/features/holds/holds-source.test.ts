import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Account } from '../../../contracts/accounts';
import type { EndHoldResult, Hold, HoldVisits } from '../../../contracts/holds';
import type { CancelCode } from '../../../contracts/source';
import type { Visit } from '../../../contracts/visits';
import { visits } from '../../db/schema/clients';
import { demoClientTag, demoVisitTag } from '../../integrations/alayacare/simulator/demo-seed';
import type { RunningSimulator } from '../../integrations/alayacare/simulator/start-simulator';
import { createTestApp, type TestApp } from '../../testing/test-app';
import { createPromptSourceSystem, createRoundAccountWithSimulator } from '../../testing/test-source';
import { outboxPolicy } from '../visits/outbox-sender';

// The simulator's today is Wednesday 18-11-2026; the app's clock starts there and moves on past each backoff.
const clock = { ms: Date.parse('2026-11-18T03:00:00Z') };
const now = () => new Date(clock.ms);

let t: TestApp;
let simulator: RunningSimulator;
let token = '';
let userToken = '';
let accountId = 0;
let roundId = 0;

beforeAll(async () => {
  t = await createTestApp({}, { now, createSourceSystem: createPromptSourceSystem });
  const setup = await createRoundAccountWithSimulator(t, { clients: 30 });
  simulator = setup.simulator;
  token = setup.adminToken;
  userToken = await t.login(setup.user.username);
  accountId = setup.account.id;
  roundId = setup.roundId;
});
afterAll(async () => {
  await t.close();
  await simulator.close();
});

const setCancelCode = (id: string | null) =>
  t.call<Account>('PUT', `/api/accounts/${accountId}`, {
    token,
    body: {
      source_settings: {
        client_tag: demoClientTag,
        visit_tag: demoVisitTag,
        service_codes: [],
        premiums: {},
        cancel_code_id: id,
      },
    },
  });
const getVisits = async (date: string) =>
  (await t.call<Visit[]>('GET', `/api/rounds/${roundId}/visits/${date}?refresh=true`, { token })).body.data;
async function sourceVisitOf(visit: Visit) {
  const [row] = await t.db.select().from(visits).where(eq(visits.id, visit.id));
  return simulator.state.getVisit(Number(row?.sourceId));
}
const localStatus = async (visit: Visit) =>
  (await t.db.select().from(visits).where(eq(visits.id, visit.id)))[0]?.status;
const holdPath = (visit: Visit) => `/api/clients/${visit.client.id}/holds`;
const used = new Set<number>();
async function takeVisit(date: string): Promise<Visit> {
  const visit = (await getVisits(date)).find(
    (candidate) => candidate.status === 'scheduled' && !used.has(candidate.client.id),
  );
  if (!visit) throw new Error(`no scheduled visit on ${date}`);
  used.add(visit.client.id);
  return visit;
}
async function drainOutbox() {
  clock.ms += outboxPolicy.maxDelayMs + 60_000;
  while ((await t.outboxSender.sendDue()) > 0);
}

describe('holds and the CRM', () => {
  it('lists the CRM cancel codes for the settings', async () => {
    const codes = await t.call<CancelCode[]>('GET', '/api/cancel_codes', { token });
    expect(codes.body.data).toEqual(
      expect.arrayContaining([{ id: '3', code: 'CLNT_HOSPITAL', description: 'Client in hospital' }]),
    );
  });

  it('keeps the cancel codes to admins (401, 403) and says so when the CRM does not answer', async () => {
    expect((await t.call('GET', '/api/cancel_codes')).status).toBe(401);
    const user = await t.call('GET', '/api/cancel_codes', { token: userToken });
    expect(user.status).toBe(403);
    simulator.faults.setFaults({ isDown: true });
    try {
      const down = await t.call('GET', '/api/cancel_codes', { token });
      expect(down.body.meta.error_code).not.toBe(0);
      expect(down.body.meta.message).not.toBe('');
      expect(down.body.data).toBeNull();
    } finally {
      simulator.faults.resetFaults();
    }
  });

  it('without a cancel code, a hold cancels nothing in the CRM and the panel says why', async () => {
    await setCancelCode(null);
    const visit = await takeVisit('2026-11-19');
    await t.call('POST', holdPath(visit), {
      token,
      body: { from_date: '19-11-2026', to_date: '19-11-2026', reason: 'holiday' },
    });
    expect((await sourceVisitOf(visit))?.status).toBe('scheduled');
    const panel = await t.call<HoldVisits>('GET', `/api/clients/${visit.client.id}/hold_visits`, { token });
    expect(panel.body.data).toEqual({ is_cancel_code_set: false, visits: [] });
  });

  it('cancels the visits of held days with the chosen code, and restores them when the hold ends', async () => {
    await setCancelCode('3');
    const visit = await takeVisit('2026-11-20');
    const hold = await t.call<Hold>('POST', holdPath(visit), {
      token,
      body: { from_date: '20-11-2026', to_date: null, reason: 'hospital' },
    });
    expect(hold.status).toBe(201);
    expect(await sourceVisitOf(visit)).toMatchObject({ status: 'cancelled', cancelCode: { id: 3 } });
    expect(await localStatus(visit)).toBe('cancelled');

    // End now on a hold not begun yet removes it: the visit is put back.
    const ended = await t.call<EndHoldResult>('DELETE', `${holdPath(visit)}/${hold.body.data.id}`, { token });
    expect(ended.body.data.hold).toBeNull();
    expect(await sourceVisitOf(visit)).toMatchObject({ status: 'scheduled', cancelCode: null });
    expect(await localStatus(visit)).toBe('scheduled');
  });

  it('while the CRM is down the cancel waits in the outbox and reaches the CRM once it is back', async () => {
    await setCancelCode('3');
    const visit = await takeVisit('2026-11-23');
    simulator.faults.setFaults({ isDown: true });
    try {
      await t.call('POST', holdPath(visit), {
        token,
        body: { from_date: '23-11-2026', to_date: '24-11-2026', reason: 'respite' },
      });
      expect(await localStatus(visit)).toBe('cancelled');
      const panel = await t.call<HoldVisits>('GET', `/api/clients/${visit.client.id}/hold_visits`, { token });
      expect(panel.body.data.visits).toEqual([
        expect.objectContaining({ action: 'cancel', status: 'pending' }),
      ]);
    } finally {
      simulator.faults.resetFaults();
    }
    expect((await sourceVisitOf(visit))?.status).toBe('scheduled');
    await drainOutbox();
    expect((await sourceVisitOf(visit))?.status).toBe('cancelled');
    const panel = await t.call<HoldVisits>('GET', `/api/clients/${visit.client.id}/hold_visits`, { token });
    expect(panel.body.data.visits).toEqual([]);
  });

  it('a hold shortened while the CRM is down puts the visit back once it is back', async () => {
    await setCancelCode('3');
    const visit = await takeVisit('2026-11-26');
    const hold = await t.call<Hold>('POST', holdPath(visit), {
      token,
      body: { from_date: '24-11-2026', to_date: '27-11-2026', reason: 'hospital' },
    });
    expect((await sourceVisitOf(visit))?.status).toBe('cancelled');
    simulator.faults.setFaults({ isDown: true });
    try {
      const shortened = await t.call<Hold>('PUT', `${holdPath(visit)}/${hold.body.data.id}`, {
        token,
        body: { from_date: '24-11-2026', to_date: '25-11-2026', reason: 'hospital' },
      });
      expect(shortened.status).toBe(200);
      expect(await localStatus(visit)).toBe('scheduled');
      const panel = await t.call<HoldVisits>('GET', `/api/clients/${visit.client.id}/hold_visits`, { token });
      expect(panel.body.data.visits).toEqual([
        expect.objectContaining({ visit_id: visit.id, action: 'restore', status: 'pending' }),
      ]);
    } finally {
      simulator.faults.resetFaults();
    }
    expect((await sourceVisitOf(visit))?.status).toBe('cancelled');
    await drainOutbox();
    expect(await sourceVisitOf(visit)).toMatchObject({ status: 'scheduled', cancelCode: null });
    const panel = await t.call<HoldVisits>('GET', `/api/clients/${visit.client.id}/hold_visits`, { token });
    expect(panel.body.data.visits).toEqual([]);
  });

  it('a restore the CRM refuses is listed as needing attention', async () => {
    await setCancelCode('3');
    const visit = await takeVisit('2026-11-25');
    const hold = await t.call<Hold>('POST', holdPath(visit), {
      token,
      body: { from_date: '25-11-2026', to_date: '25-11-2026', reason: 'other' },
    });
    const sourceVisit = await sourceVisitOf(visit);
    expect(sourceVisit?.status).toBe('cancelled');
    // Someone locks the visit in the CRM: it can no longer be changed.
    if (sourceVisit) sourceVisit.isLocked = true;
    await t.call('DELETE', `${holdPath(visit)}/${hold.body.data.id}`, { token });
    const panel = await t.call<HoldVisits>('GET', `/api/clients/${visit.client.id}/hold_visits`, { token });
    expect(panel.body.data.visits).toEqual([
      {
        visit_id: visit.id,
        date: '25-11-2026',
        action: 'restore',
        status: 'failed',
        message: expect.stringContaining('locked') as string,
      },
    ]);
    expect(await localStatus(visit)).toBe('cancelled');
  });
});
