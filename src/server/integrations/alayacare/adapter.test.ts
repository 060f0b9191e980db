import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { SourceSystem } from '../source-system';
import { createAlayaCareSourceSystem } from './adapter';
import { startSimulator, type RunningSimulator } from './simulator/start-simulator';

const today = '2026-03-16';
const mealTag = 'Meals on Wheels';
let simulator: RunningSimulator;
let source: SourceSystem;

const connect = (options: Parameters<typeof createAlayaCareSourceSystem>[1] = {}) =>
  createAlayaCareSourceSystem(
    { baseUrl: simulator.url, ...simulator.credentials },
    { retryDelayMs: 0, ...options },
  );

const requestsTo = (fragment: string) =>
  simulator.faults.requests.filter((request) => request.url.includes(fragment));

async function readVisitPremiums(visitId: string) {
  const response = await fetch(`${simulator.url}/ext/api/v2/accounting/visits/${visitId}/premiums`, {
    headers: {
      authorization: `Basic ${Buffer.from(`${simulator.credentials.username}:${simulator.credentials.password}`).toString('base64')}`,
    },
  });
  const body = (await response.json()) as {
    items: Array<{ quantity: number; premium: { premium_id: number } }>;
  };
  return body.items.map((item) => ({ premiumId: String(item.premium.premium_id), quantity: item.quantity }));
}

beforeAll(async () => {
  // 250 clients: the meal clients span three pages of 100.
  simulator = await startSimulator({ today, clients: 250 });
  source = connect();
});
afterAll(async () => {
  await simulator.close();
});
beforeEach(() => {
  simulator.faults.clearRequests();
});

describe('the AlayaCare adapter against the simulator', () => {
  it('lists every client with the tag across pages, with the CRM fields mapped', async () => {
    const clients = await source.listClientsByTag(mealTag);
    const expected = simulator.state.clients.filter((client) => client.tags.includes(mealTag));
    expect(expected.length).toBeGreaterThan(200);
    expect(clients.map((client) => client.sourceId)).toEqual(expected.map((client) => String(client.id)));
    expect(requestsTo('/patients/clients?')).toHaveLength(3);
    const withSuite = expected.find((client) => client.addressSuite !== '');
    const mapped = clients.find((client) => client.sourceId === String(withSuite?.id));
    expect(mapped).toEqual({
      sourceId: String(withSuite?.id),
      externalId: withSuite?.externalId,
      name: `${withSuite?.firstName} ${withSuite?.lastName}`,
      url: `${simulator.url}/permalink/client/${withSuite?.id}`,
      status: withSuite?.status,
      phone: withSuite?.phone,
      address: `${withSuite?.addressSuite}, ${withSuite?.address}`,
      city: withSuite?.city,
      state: 'NSW',
      zip: withSuite?.zip,
      latitude: withSuite?.latitude,
      longitude: withSuite?.longitude,
      tags: withSuite?.tags,
      // The list items carry the profile's gender; the language is on the details only.
      person: {
        gender: withSuite?.gender === 'M' ? 'male' : 'female',
        birthDate: null,
        language: null,
      },
    });
    expect(clients.some((client) => client.status === 'on_hold')).toBe(true);
  });

  it("reads each client's details when the list has the documents' shape (no demographics)", async () => {
    const documented = await startSimulator({ today, clients: 30, hasDemographicsInClientList: false });
    try {
      const adapter = createAlayaCareSourceSystem({
        baseUrl: `${documented.url}/`,
        ...documented.credentials,
      });
      const clients = await adapter.listClientsByTag(mealTag);
      const expected = documented.state.clients.filter((client) => client.tags.includes(mealTag));
      expect(clients).toHaveLength(expected.length);
      expect(clients[0]).toMatchObject({ city: expected[0]?.city, phone: expected[0]?.phone });
      expect(documented.faults.requests.filter((request) => /clients\/\d+$/.test(request.url))).toHaveLength(
        expected.length,
      );
    } finally {
      await documented.close();
    }
  });

  it('lists client tags, visit tags, service codes and premiums', async () => {
    expect(await source.listClientTags()).toEqual(simulator.state.clientTags);
    expect(await source.listVisitTags()).toEqual(simulator.state.visitTags);
    expect(await source.listServiceCodes()).toContainEqual({ id: '101', name: 'Meals on Wheels Delivery' });
    const premiums = await source.listPremiums();
    expect(premiums).toHaveLength(simulator.state.premiums.length);
    expect(premiums).toContainEqual({ id: '601', name: 'MEAL-SOUP', code: 'MEAL-SOUP' });
  });

  it("lists the clients' visits in a date range (Sydney days), batching client ids", async () => {
    const clientIds = simulator.state.clients.slice(0, 40).map((client) => String(client.id));
    const adapter = connect({ clientIdsPerRequest: 15 });
    const visits = await adapter.listVisits({
      clientSourceIds: clientIds,
      fromDate: '2026-03-30',
      toDate: '2026-04-07',
      tag: 'Meal Delivery',
    });
    const batches = requestsTo('/scheduler/visits?').map((request) =>
      decodeURIComponent(new URL(request.url, simulator.url).searchParams.get('alayacare_client_id') ?? ''),
    );
    expect(new Set(batches).size).toBe(3);
    expect(visits.length).toBeGreaterThan(50);
    for (const visit of visits) {
      expect(clientIds).toContain(visit.clientSourceId);
      expect(visit.start >= '2026-03-30' && visit.start < '2026-04-08').toBe(true);
      expect(visit).toMatchObject({ serviceCodeId: '101', tags: ['Meal Delivery'] });
    }
    // Daylight saving ends on 5 April 2026: the offsets follow.
    expect(visits.find((visit) => visit.start.startsWith('2026-03-31'))?.start).toMatch(/\+11:00$/);
    expect(visits.find((visit) => visit.start.startsWith('2026-04-07'))?.start).toMatch(/\+10:00$/);
    expect(visits.every((visit) => visit.status === 'scheduled' || visit.status === 'cancelled')).toBe(true);
    const past = await adapter.listVisits({
      clientSourceIds: clientIds,
      fromDate: '2026-03-02',
      toDate: '2026-03-06',
    });
    expect(past.filter((visit) => visit.status === 'completed').length).toBeGreaterThan(past.length * 0.8);
    expect(await adapter.listVisits({ clientSourceIds: [], fromDate: today, toDate: today })).toEqual([]);
    expect(
      await adapter.listVisits({
        clientSourceIds: clientIds,
        fromDate: today,
        toDate: today,
        tag: 'Frozen Meals',
      }),
    ).toEqual([]);
  });

  it("updates a visit's times, read back on the next list", async () => {
    const client = simulator.state.clients[3];
    const query = { clientSourceIds: [String(client?.id)], fromDate: '2026-03-23', toDate: '2026-03-27' };
    const [visit] = (await source.listVisits(query)).filter((entry) => entry.status === 'scheduled');
    expect(visit).toBeDefined();
    const date = visit?.start.slice(0, 10);
    await source.updateVisitTimes(visit?.sourceId ?? '', {
      start: `${date}T09:45:00+11:00`,
      end: `${date}T10:05:00+11:00`,
    });
    const reread = (await source.listVisits(query)).find((entry) => entry.sourceId === visit?.sourceId);
    expect(reread).toMatchObject({ start: `${date}T09:45:00+11:00`, end: `${date}T10:05:00+11:00` });
    await expect(
      source.updateVisitTimes('4242', { start: `${date}T09:45:00+11:00`, end: `${date}T10:05:00+11:00` }),
    ).rejects.toMatchObject({
      code: 7,
      message: 'The CRM could not update the times of visit 4242: it answered 404: Visit not found.',
    });
  });

  it('locks visits and reports each refusal of a partial (207) answer', async () => {
    const clientIds = simulator.state.clients.slice(0, 30).map((client) => String(client.id));
    const week = await source.listVisits({
      clientSourceIds: clientIds,
      fromDate: today,
      toDate: '2026-03-20',
    });
    const todays = week.filter((visit) => visit.start.startsWith(today) && visit.status === 'scheduled');
    const future = week.find((visit) => !visit.start.startsWith(today) && visit.status === 'scheduled');
    const cancelled = week.find((visit) => visit.status === 'cancelled');
    expect(todays.length).toBeGreaterThan(1);
    expect(await source.lockVisits([todays[0]?.sourceId ?? ''])).toEqual([
      { visitSourceId: todays[0]?.sourceId, isLocked: true, message: '' },
    ]);
    const ids = [todays[1]?.sourceId, future?.sourceId, cancelled?.sourceId, '31337'].filter(
      (id): id is string => id !== undefined,
    );
    const results = await source.lockVisits(ids);
    expect(results[0]).toEqual({ visitSourceId: ids[0], isLocked: true, message: '' });
    expect(results[1]).toMatchObject({ isLocked: false, message: expect.stringContaining('in the future') });
    expect(results.at(-1)).toEqual({
      visitSourceId: '31337',
      isLocked: false,
      message: 'Visit 31337 could not be found.',
    });
    if (cancelled)
      expect(results[2]).toMatchObject({ isLocked: false, message: expect.stringContaining('cancelled') });
    const reread = await source.listVisits({ clientSourceIds: clientIds, fromDate: today, toDate: today });
    expect(reread.find((visit) => visit.sourceId === ids[0])?.status).toBe('completed');
    expect(requestsTo('/visits/lock')).toHaveLength(2);
  });

  it("sets a visit's premiums, leaving premiums it was not given alone", async () => {
    const [visit] = await source.listVisits({
      clientSourceIds: [String(simulator.state.clients[5]?.id)],
      fromDate: '2026-03-23',
      toDate: '2026-03-29',
    });
    const visitId = visit?.sourceId ?? '';
    await source.setVisitPremiums(visitId, [
      { premiumId: '601', quantity: 1 },
      { premiumId: '602', quantity: 2 },
      { premiumId: '608', quantity: 5 },
    ]);
    expect(await readVisitPremiums(visitId)).toEqual([
      { premiumId: '601', quantity: 1 },
      { premiumId: '602', quantity: 2 },
      { premiumId: '608', quantity: 5 },
    ]);
    simulator.faults.clearRequests();
    await source.setVisitPremiums(visitId, [
      { premiumId: '601', quantity: 0 },
      { premiumId: '602', quantity: 2 },
      { premiumId: '603', quantity: 1 },
      { premiumId: '603', quantity: 1 },
    ]);
    expect(await readVisitPremiums(visitId)).toEqual([
      { premiumId: '602', quantity: 2 },
      { premiumId: '608', quantity: 5 },
      { premiumId: '603', quantity: 2 },
    ]);
    // Only what changed was written: one delete and one create, the unchanged quantity untouched.
    expect(simulator.faults.requests.map((request) => request.method)).toEqual([
      'GET',
      'DELETE',
      'POST',
      'GET',
    ]);
    await expect(
      source.setVisitPremiums(visitId, [{ premiumId: 'soup', quantity: 1 }]),
    ).rejects.toMatchObject({
      code: 7,
      message: `The CRM could not set the premiums of visit ${visitId}: soup is not an AlayaCare premium id.`,
    });
  });
});
