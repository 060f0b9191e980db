import Fastify from 'fastify';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { createSimulatorFaults } from './faults';
import { demoSimulatorCredentials, registerSimulator } from './server';
import { startSimulator, type RunningSimulator } from './start-simulator';
import { createSimulatorState } from './state';

const today = '2026-03-16';
const authorization = `Basic ${Buffer.from(
  `${demoSimulatorCredentials.username}:${demoSimulatorCredentials.password}`,
).toString('base64')}`;

let simulator: RunningSimulator;

async function call(path: string, init: { method?: string; body?: unknown; auth?: string } = {}) {
  const response = await fetch(`${simulator.url}${path}`, {
    method: init.method ?? 'GET',
    headers: {
      authorization: init.auth ?? authorization,
      ...(init.body === undefined ? {} : { 'content-type': 'application/json' }),
    },
    body:
      init.body === undefined
        ? undefined
        : typeof init.body === 'string'
          ? init.body
          : JSON.stringify(init.body),
  });
  const text = await response.text();
  return {
    status: response.status,
    text,
    json: () => JSON.parse(text) as Record<string, unknown> & { items: [] },
  };
}

type Item = Record<string, unknown>;
const itemsOf = (body: Record<string, unknown>) => body.items as Item[];
const clients = '/ext/api/v2/patients/clients';
const visits = '/ext/api/v2/scheduler/visits';
const premiumsOf = (visitId: number) => `/ext/api/v2/accounting/visits/${visitId}/premiums`;

beforeAll(async () => {
  simulator = await startSimulator({ today });
});
afterAll(async () => {
  await simulator.close();
});
afterEach(() => {
  simulator.faults.resetFaults();
});

describe('the simulator speaks AlayaCare', () => {
  it('asks for Basic auth with {code, message}', async () => {
    for (const auth of ['', 'Basic bm9ib2R5Om5vcGU=', authorization.slice(0, -2)]) {
      const answer = await call(clients, { auth });
      expect(answer.status).toBe(401);
      expect(answer.json()).toEqual({ code: 401, message: 'Authorization required.' });
    }
  });

  it('pages lists with page and count, at most 100 a page', async () => {
    const first = (await call(`${clients}?count=7`)).json();
    expect(first).toMatchObject({ count: 7, page: 1, total_pages: Math.ceil(160 / 7) });
    const last = (await call(`${clients}?count=7&page=${Math.ceil(160 / 7)}`)).json();
    expect(last.count).toBe(160 % 7);
    expect((await call(`${clients}?count=500`)).json()).toMatchObject({ count: 100, total_pages: 2 });
    const bad = await call(`${clients}?page=0`);
    expect(bad.status).toBe(400);
    expect(bad.json()).toEqual({ code: 400, message: 'page must be a positive integer.' });
  });

  it('filters clients by tags (comma separated or repeated) and status', async () => {
    const tagged = itemsOf((await call(`${clients}?tags=Priority,Key%20Safe&count=100`)).json());
    expect(tagged.length).toBeGreaterThan(0);
    for (const item of tagged) {
      expect((item.tags as string[]).some((tag) => tag === 'Priority' || tag === 'Key Safe')).toBe(true);
    }
    const repeated = itemsOf((await call(`${clients}?tags=Priority&tags=Key%20Safe&count=100`)).json());
    expect(repeated).toEqual(tagged);
    expect(itemsOf((await call(`${clients}?tags=priority,KEY%20SAFE&count=100`)).json())).toEqual(tagged);
    const onHold = itemsOf((await call(`${clients}?status=on_hold`)).json());
    expect(onHold.length).toBeGreaterThan(0);
    expect(onHold.every((item) => item.status === 'on_hold')).toBe(true);
  });

  it('answers a client by AlayaCare id and by external id, 404 otherwise', async () => {
    const byId = (await call(`${clients}/1001`)).json();
    expect(byId).toMatchObject({ id: 1001, external_id: 'HCM-0001', ac_id: 'AC000001001' });
    expect(byId.demographics).toMatchObject({ state: 'NSW', country: 'Australia' });
    expect((await call(`${clients}/by_id/HCM-0001`)).json()).toEqual(byId);
    const missing = await call(`${clients}/99`);
    expect(missing.status).toBe(404);
    expect(missing.json()).toEqual({ code: 404, message: 'Client not found.' });
  });

  it('lists tags, service codes and premiums', async () => {
    expect(itemsOf((await call(`${clients}/tags`)).json())).toContain('Meals on Wheels');
    expect(itemsOf((await call(`${visits}/tags`)).json())).toContain('Meal Delivery');
    const codes = itemsOf((await call('/ext/api/v2/scheduler/service_codes')).json());
    expect(codes).toContainEqual(expect.objectContaining({ id: 101, name: 'Meals on Wheels Delivery' }));
    const premiums = (await call('/ext/api/v2/accounting/premiums')).json();
    expect(premiums).toMatchObject({ count: 8, total_pages: 1 });
    expect(itemsOf(premiums).map((item) => item.code)).toContain('MEAL-SOUP');
  });

  it('filters visits by date range, clients, tags and status', async () => {
    const range = 'start_date_from=2026-03-16T00:00:00%2B11:00&start_date_to=2026-03-22T23:59:59%2B11:00';
    const week = itemsOf(
      (await call(`${visits}?${range}&alayacare_client_id=1001,1002,1003&count=100`)).json(),
    );
    expect(week.length).toBeGreaterThan(0);
    for (const visit of week) {
      expect([1001, 1002, 1003]).toContain(visit.alayacare_client_id);
      expect(String(visit.start_at) >= '2026-03-16' && String(visit.start_at) < '2026-03-23').toBe(true);
      expect(visit.start_at).toMatch(/\+11:00$/);
    }
    const byExternal = itemsOf(
      (
        await call(`${visits}?${range}&client_id=HCM-0001&client_id=HCM-0002&client_id=HCM-0003&count=100`)
      ).json(),
    );
    expect(byExternal).toEqual(week);
    const byDates = itemsOf(
      (
        await call(`${visits}?start_date=2026-03-16&end_date=2026-03-22&alayacare_client_id=1001,1002,1003`)
      ).json(),
    );
    expect(byDates).toEqual(week);
    expect(itemsOf((await call(`${visits}?${range}&tags=Frozen%20Meals`)).json())).toEqual([]);
    const completed = itemsOf(
      (await call(`${visits}?start_date=2026-03-01&end_date=2026-03-10&status=completed`)).json(),
    );
    expect(completed.every((visit) => visit.status === 'completed')).toBe(true);
    const both = await call(`${visits}?client_id=HCM-0001&alayacare_client_id=1001`);
    expect(both.status).toBe(400);
    expect((await call(`${visits}?start_date_from=yesterday`)).json()).toEqual({
      code: 400,
      message: 'start_date_from must be an ISO 8601 date-time with a time zone.',
    });
  });

  it('updates a visit time, validating the input', async () => {
    const [visit] = itemsOf(
      (await call(`${visits}?start_date=2026-03-20&end_date=2026-03-20&status=scheduled`)).json(),
    );
    const id = Number(visit?.alayacare_visit_id);
    const body = { start_at: '2026-03-20T01:00:00Z', end_at: '2026-03-20T01:25:00Z' };
    const updated = await call(`${visits}/${id}`, { method: 'PUT', body });
    expect(updated.status).toBe(200);
    expect(updated.json()).toMatchObject({
      start_at: '2026-03-20T12:00:00+11:00',
      end_at: '2026-03-20T12:25:00+11:00',
    });
    expect((await call(`${visits}/${id}`)).json()).toMatchObject({ start_at: '2026-03-20T12:00:00+11:00' });
    for (const bad of [
      { start_at: 'noon' },
      { start_at: '2026-03-20T12:00:00' },
      { end_at: '2026-03-20T00:00:00Z' },
    ]) {
      const answer = await call(`${visits}/${id}`, { method: 'PUT', body: bad });
      expect(answer.status).toBe(400);
      expect(answer.json()).toMatchObject({ code: 400 });
    }
    expect((await call(`${visits}/${id}`, { method: 'PUT', body: '{"start_at": ' })).json()).toMatchObject({
      code: 400,
    });
    expect((await call(`${visits}/123`, { method: 'PUT', body })).json()).toEqual({
      code: 404,
      message: 'Visit not found',
    });
  });

  it('locks visits, answering 207 with the refused ones', async () => {
    const day = (date: string, status: string) =>
      call(`${visits}?start_date=${date}&end_date=${date}&status=${status}`).then((answer) =>
        itemsOf(answer.json()),
      );
    const [todays] = await day(today, 'scheduled');
    const [future] = await day('2026-03-25', 'scheduled');
    const [cancelled] = await day('2026-03-02', 'cancelled').then(async (found) =>
      found.length > 0 ? found : day('2026-03-03', 'cancelled'),
    );
    const ok = await call(`${visits}/lock`, {
      method: 'PUT',
      body: { alayacare_visit_ids: [todays?.alayacare_visit_id] },
    });
    expect(ok.status).toBe(200);
    expect((await call(`${visits}/${todays?.alayacare_visit_id}`)).json()).toMatchObject({
      status: 'completed',
    });
    const ids = [todays?.alayacare_visit_id, future?.alayacare_visit_id, cancelled?.alayacare_visit_id, 77];
    const partial = await call(`${visits}/lock`, { method: 'PUT', body: { alayacare_visit_ids: ids } });
    expect(partial.status).toBe(207);
    expect(partial.json()).toMatchObject({
      code: 207,
      alayacare_visit_ids: ids.slice(1),
      errors: [
        { alayacare_visit_id: future?.alayacare_visit_id, message: expect.stringContaining('in the future') },
        { alayacare_visit_id: cancelled?.alayacare_visit_id, message: expect.stringContaining('cancelled') },
        { alayacare_visit_id: 77, message: 'Visit 77 could not be found.' },
      ],
    });
    expect((await call(`${visits}/lock`, { method: 'PUT', body: {} })).status).toBe(400);
  });

  it('keeps the premiums of a visit: create, read, update, delete', async () => {
    const [visit] = itemsOf((await call(`${visits}?start_date=2026-03-23&end_date=2026-03-23`)).json());
    const id = Number(visit?.alayacare_visit_id);
    const created = await call(premiumsOf(id), { method: 'POST', body: { premium_id: 601, quantity: 2 } });
    expect(created.status).toBe(201);
    const visitPremiumId = Number(created.json().visit_premium_id);
    expect(created.json()).toMatchObject({ quantity: 2, premium: { premium_id: 601, code: 'MEAL-SOUP' } });
    const updated = await call(`${premiumsOf(id)}/${visitPremiumId}`, {
      method: 'PUT',
      body: { quantity: 3 },
    });
    expect(updated.json()).toMatchObject({ visit_premium_id: visitPremiumId, quantity: 3 });
    expect((await call(`${premiumsOf(id)}/${visitPremiumId}`)).json()).toMatchObject({ quantity: 3 });
    expect(itemsOf((await call(premiumsOf(id))).json())).toHaveLength(1);
    expect((await call(`${premiumsOf(id)}/${visitPremiumId}`, { method: 'DELETE' })).status).toBe(204);
    expect((await call(premiumsOf(id))).json()).toMatchObject({ count: 0, items: [] });
    const unknownPremium = await call(premiumsOf(id), {
      method: 'POST',
      body: { premium_id: 999, quantity: 1 },
    });
    expect(unknownPremium.json()).toEqual({ code: 404, message: 'Premium not found' });
    expect((await call(premiumsOf(id), { method: 'POST', body: { quantity: 1 } })).status).toBe(400);
    expect(
      (await call(premiumsOf(5), { method: 'POST', body: { premium_id: 601, quantity: 1 } })).status,
    ).toBe(404);
  });
});

describe('the simulator fault modes', () => {
  it('drops connections when down and recovers', async () => {
    simulator.faults.setFaults({ isDown: true });
    await expect(call(`${clients}/tags`)).rejects.toThrow();
    simulator.faults.resetFaults();
    expect((await call(`${clients}/tags`)).status).toBe(200);
  });

  it('answers late, with 5xx, with a share of 500s and with malformed bodies', async () => {
    simulator.faults.setFaults({ latencyMs: 300 });
    const startedAt = performance.now();
    expect((await call(`${clients}/tags`)).status).toBe(200);
    expect(performance.now() - startedAt).toBeGreaterThanOrEqual(290);

    simulator.faults.setFaults({ latencyMs: 0, status5xx: 503 });
    expect((await call(`${clients}/tags`)).json()).toEqual({
      code: 503,
      message: 'Service temporarily unavailable.',
    });

    simulator.faults.setFaults({ status5xx: null, errorRate: 0.5 });
    const statuses = [];
    for (let index = 0; index < 4; index += 1) statuses.push((await call(`${clients}/tags`)).status);
    expect(statuses).toEqual([500, 200, 500, 200]);

    simulator.faults.setFaults({ errorRate: 0, malformed: 'json' });
    simulator.faults.clearRequests();
    const broken = await call(`${clients}/tags`);
    expect(() => broken.json()).toThrow();
    simulator.faults.setFaults({ malformed: 'shape' });
    expect((await call(`${clients}/tags`)).json()).not.toHaveProperty('items');
    expect(simulator.faults.requests.map((request) => request.url)).toEqual([
      '/ext/api/v2/patients/clients/tags',
      '/ext/api/v2/patients/clients/tags',
    ]);
  });
});

describe('the simulator control route', () => {
  const control = '/_simulator/faults';

  it('sets and clears fault modes over HTTP, behind Basic auth and never subject to them', async () => {
    expect((await call(control, { method: 'PUT', body: { isDown: true }, auth: 'Basic eDp5' })).status).toBe(
      401,
    );
    expect(simulator.faults.settings.isDown).toBe(false);
    const down = await call(control, { method: 'PUT', body: { isDown: true, malformed: 'shape' } });
    expect(down.json()).toMatchObject({ isDown: true, malformed: 'shape', latencyMs: 0 });
    await expect(call(`${clients}/tags`)).rejects.toThrow();
    const cleared = await call(control, { method: 'DELETE' });
    expect(cleared.json()).toMatchObject({ isDown: false, malformed: null });
    expect((await call(`${clients}/tags`)).status).toBe(200);
  });

  it('refuses settings it does not know', async () => {
    const bad = await call(control, { method: 'PUT', body: { isDown: 'yes', errorRate: 2 } });
    expect(bad.status).toBe(400);
    expect((await call(control, { method: 'PUT', body: { isdown: true } })).status).toBe(400);
    expect(simulator.faults.settings.isDown).toBe(false);
  });
});

describe('the simulator mounted inside another app', () => {
  it('keeps its own error answers and links under its prefix', async () => {
    const app = Fastify();
    app.setNotFoundHandler((_request, reply) =>
      reply.code(404).send({ meta: { error_code: 5 }, data: null }),
    );
    const state = createSimulatorState({ today, clients: 10 });
    await app.register(registerSimulator, { prefix: '/simulator', state, faults: createSimulatorFaults() });
    await app.register(registerSimulator, {
      prefix: '/public-sim',
      state,
      faults: createSimulatorFaults(),
      linkBaseUrl: 'https://demo.example.org/public-sim/',
    });
    const inject = (url: string) => app.inject({ url, headers: { authorization } });
    const list = await inject('/simulator/ext/api/v2/patients/clients');
    expect(list.json().items[0]._link).toBe('http://localhost:80/simulator/permalink/client/1001');
    expect((await inject('/simulator/ext/api/v2/nothing')).json()).toEqual({
      code: 404,
      message: 'Resource not found.',
    });
    expect((await inject('/elsewhere')).json()).toEqual({ meta: { error_code: 5 }, data: null });
    const linked = await inject('/public-sim/ext/api/v2/patients/clients');
    expect(linked.json().items[0]._link).toBe('https://demo.example.org/public-sim/permalink/client/1001');
    const page = await app.inject({ url: '/simulator/permalink/client/1001' });
    expect(page.statusCode).toBe(200);
    expect(page.body).toContain(state.clients[0]?.lastName);
    await app.close();
  });
});
