import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Meta } from '../../../contracts/envelope';
import type { Visit } from '../../../contracts/visits';
import { createAlayaCareSourceSystem } from '../../integrations/alayacare/adapter';
import type { RunningSimulator } from '../../integrations/alayacare/simulator/start-simulator';
import { createTestApp, type TestApp } from '../../testing/test-app';
import { createRoundAccountWithSimulator } from '../../testing/test-source';
import { roundVisitsFreshMs } from './round-visits-service';

// The simulator's "today" is Wednesday 18 November 2026. The app's clock is the test's: it moves past the
// freshness window when a test says so. A CRM call gives up after 2 s and is not retried, so a slow CRM fails
// well within the 8 s a refresh=true call waits.
let clock = new Date('2026-11-18T01:00:00Z');
let t: TestApp;
let simulator: RunningSimulator;
let token = '';
let roundId = 0;
/** While set, every CRM call waits for it: a refresh then stays under way until the test lets it go. */
let gate: Promise<void> | null = null;
const gatedFetch: typeof fetch = async (input, init) => {
  if (gate) await gate;
  return fetch(input, init);
};

beforeAll(async () => {
  t = await createTestApp(
    {},
    {
      now: () => clock,
      createSourceSystem: (connection) =>
        createAlayaCareSourceSystem(connection, { timeoutMs: 2_000, readRetries: 0, fetch: gatedFetch }),
    },
  );
  const setup = await createRoundAccountWithSimulator(t, { clients: 20 });
  simulator = setup.simulator;
  token = setup.adminToken;
  roundId = setup.roundId;
});
afterAll(async () => {
  await t.close();
  await simulator.close();
});

type VisitsMeta = Meta & { refreshed_at: string | null; is_refreshing: boolean };

async function getVisits(date: string, query = '') {
  const result = await t.call<Visit[]>('GET', `/api/rounds/${roundId}/visits/${date}${query}`, { token });
  return { ...result, meta: result.body.meta as VisitsMeta };
}

const countVisitReads = () =>
  simulator.faults.requests.filter(
    (request) => request.method === 'GET' && request.url.includes('/scheduler/visits?'),
  ).length;

function passFreshnessWindow() {
  clock = new Date(clock.getTime() + roundVisitsFreshMs + 1_000);
}

/** Moves the CRM's record of a stored visit by an hour; answers the start the screen will show after a refresh. */
function moveInSource(visit: Visit): string {
  const inSource = simulator.state
    .findVisits({
      fromMs: Date.parse(`${visit.date}T00:00:00+11:00`),
      toMs: Date.parse(`${visit.date}T23:59:59+11:00`),
      clientIds: [Number(visit.client.key)],
      externalClientIds: null,
      tags: null,
      statuses: null,
    })
    .find((candidate) => candidate.startMs === Date.parse(`${visit.date}T${visit.start}:00+11:00`))!;
  simulator.state.updateVisitTimes(inSource.id, inSource.startMs + 3_600_000, inSource.endMs + 3_600_000);
  const hour = Number(visit.start.slice(0, 2)) + 1;
  return `${String(hour).padStart(2, '0')}${visit.start.slice(2)}`;
}

describe('GET /api/rounds/{id}/visits/{date}', () => {
  it('waits for the first refresh of a day never fetched, then answers from the database', async () => {
    const first = await getVisits('2026-11-19');
    expect(first.meta).toMatchObject({
      error_code: 0,
      message: '',
      refreshed_at: clock.toISOString(),
      is_refreshing: false,
    });
    expect(first.body.data.length).toBeGreaterThan(2);

    simulator.faults.clearRequests();
    const again = await getVisits('2026-11-19');
    expect(countVisitReads()).toBe(0);
    expect(again.body.data).toEqual(first.body.data);
    expect(again.meta.refreshed_at).toBe(first.meta.refreshed_at);
  });

  it('answers a stale day at once and refreshes it in the background, one refresh for every caller', async () => {
    const before = (await getVisits('2026-11-19')).body.data;
    const moved = before[0]!;
    const newStart = moveInSource(moved);
    const lastRefreshed = clock.toISOString();
    passFreshnessWindow();
    simulator.faults.clearRequests();

    let release = () => {};
    gate = new Promise((resolve) => {
      release = resolve;
    });
    try {
      const stale = await getVisits('2026-11-19');
      expect(stale.body.data.find((visit) => visit.id === moved.id)?.start).toBe(moved.start);
      expect(stale.meta).toMatchObject({ refreshed_at: lastRefreshed, is_refreshing: true, message: '' });
      // Other callers while it is under way: the stored visits at once, and no second refresh.
      const others = await Promise.all([getVisits('2026-11-19'), getVisits('2026-11-19')]);
      for (const other of others) expect(other.meta.is_refreshing).toBe(true);
    } finally {
      gate = null;
      release();
    }
    // Asked to refresh, a caller joins the refresh under way and answers once it is stored: still one CRM read.
    const refreshed = await getVisits('2026-11-19', '?refresh=true');
    expect(countVisitReads()).toBe(1);
    expect(refreshed.body.data.find((visit) => visit.id === moved.id)?.start).toBe(newStart);
    expect(refreshed.meta).toMatchObject({ refreshed_at: clock.toISOString(), is_refreshing: false });
  });

  it('answers the stored visits while the CRM is slow, and says so when asked to refresh', async () => {
    const stored = (await getVisits('2026-11-19')).body.data;
    const lastRefreshed = clock.toISOString();
    passFreshnessWindow();
    simulator.faults.setFaults({ latencyMs: 60_000 });
    try {
      const result = await getVisits('2026-11-19');
      expect(result.body.data).toEqual(stored);
      expect(result.meta).toMatchObject({ refreshed_at: lastRefreshed, is_refreshing: true });

      const refreshed = await getVisits('2026-11-19', '?refresh=true');
      expect(refreshed.body.data).toEqual(stored);
      expect(refreshed.meta.message).toContain('The visits shown are the ones stored.');
      expect(refreshed.meta).toMatchObject({ refreshed_at: lastRefreshed, is_refreshing: false });
    } finally {
      simulator.faults.resetFaults();
    }
  });

  it('answers the stored visits while the CRM is down, tries it again only after the window or on request', async () => {
    await getVisits('2026-11-19', '?refresh=true');
    const stored = (await getVisits('2026-11-19')).body.data;
    const lastRefreshed = clock.toISOString();
    passFreshnessWindow();
    simulator.faults.setFaults({ isDown: true });
    try {
      const refreshed = await getVisits('2026-11-19', '?refresh=true');
      expect(refreshed.body.data).toEqual(stored);
      expect(refreshed.meta).toMatchObject({ error_code: 0, refreshed_at: lastRefreshed });
      expect(refreshed.meta.message).toMatch(/^The CRM could not .+ The visits shown are the ones stored\.$/);

      // The failure is kept for every caller; the CRM is not asked again within the window.
      simulator.faults.clearRequests();
      const later = await getVisits('2026-11-19');
      expect(countVisitReads()).toBe(0);
      expect(later.meta.message).toBe(refreshed.meta.message);
      expect(later.body.data).toEqual(stored);
    } finally {
      simulator.faults.resetFaults();
    }
    const back = await getVisits('2026-11-19', '?refresh=true');
    expect(back.meta).toMatchObject({ message: '', refreshed_at: clock.toISOString() });
  });

  it('shows a day never fetched as empty with the reason when the CRM is down, without waiting on it again', async () => {
    simulator.faults.setFaults({ isDown: true });
    try {
      const first = await getVisits('2026-11-24');
      expect(first.body.data).toEqual([]);
      expect(first.meta).toMatchObject({ refreshed_at: null, is_refreshing: false });
      expect(first.meta.message).toMatch(/^The CRM could not .+ The visits shown are the ones stored\.$/);
      simulator.faults.clearRequests();
      expect((await getVisits('2026-11-24')).meta.message).toBe(first.meta.message);
      expect(countVisitReads()).toBe(0);
    } finally {
      simulator.faults.resetFaults();
    }
  });

  it("validates, needs a login and answers 404 for another account's round", async () => {
    const bad = await getVisits('2026-11-19', '?refresh=maybe');
    expect(bad.status).toBe(400);
    expect(bad.meta.error_code).toBe(2);
    const unknown = await getVisits('2026-11-19', '?page=2');
    expect(unknown.meta.error_code).toBe(2);
    const anonymous = await t.call('GET', `/api/rounds/${roundId}/visits/2026-11-19`);
    expect(anonymous.status).toBe(401);
    const { user } = await t.createAccount('Elsewhere');
    const otherToken = await t.login(user.username);
    const other = await t.call('GET', `/api/rounds/${roundId}/visits/2026-11-19?refresh=true`, {
      token: otherToken,
    });
    expect(other.status).toBe(404);
    expect(other.body.meta.error_code).toBe(5);
  });
});
