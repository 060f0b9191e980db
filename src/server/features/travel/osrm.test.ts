import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Travel } from '../../../contracts/travel';
import type { OptimisedVisit } from '../../../contracts/optimise';
import { startFakeMapsServer, readOsrmCoordinates } from '../../integrations/maps/fake-maps-server';
import { findPlace } from '../../integrations/maps/gazetteer';
import { createTestApp, type TestApp } from '../../testing/test-app';
import { makeVisit } from '../../testing/visit-fixtures';

// Nodes: 0 the base, 1..3 the stops. Kilometres favour the round 0-1-2-3-0, minutes the round 0-1-3-2-0:
// each costs 4 in its own unit and 22 in the other; every other round costs 22 in both.
const places = ['Annandale NSW 2038', 'Leichhardt NSW 2040', 'Stanmore NSW 2048', 'Petersham NSW 2049'];
const kmsBetween = (i: number, j: number) => ([1, 3].includes(Math.abs(i - j)) ? 1 : 10);
const minsBetween = (i: number, j: number) => {
  const pair = [i, j].sort().join('');
  return ['01', '13', '23', '02'].includes(pair) ? 1 : 10;
};

const nodeOf = ([longitude, latitude]: [number, number]) =>
  places.findIndex((place) => {
    const point = findPlace(place);
    return (
      point && Math.abs(point.latitude - latitude) < 1e-6 && Math.abs(point.longitude - longitude) < 1e-6
    );
  });

let isDown = false;
const fake = await startFakeMapsServer((url) => {
  if (isDown) return { status: 503, raw: 'Service Unavailable' };
  const nodes = readOsrmCoordinates(url).map(nodeOf);
  if (url.pathname.startsWith('/route/')) {
    const [from = 0, to = 0] = nodes;
    return {
      body: {
        code: 'Ok',
        routes: [{ distance: kmsBetween(from, to) * 1000, duration: minsBetween(from, to) * 60 }],
      },
    };
  }
  // Without sources and destinations a table is every coordinate to every coordinate.
  const pick = (name: string) =>
    url.searchParams
      .get(name)
      ?.split(';')
      .map((index) => nodes[Number(index)] ?? 0) ?? nodes;
  const sources = pick('sources');
  const targets = pick('destinations');
  const grid = (cost: (i: number, j: number) => number, unit: number) =>
    sources.map((i) => targets.map((j) => (i === j ? 0 : cost(i, j) * unit)));
  return { body: { code: 'Ok', durations: grid(minsBetween, 60), distances: grid(kmsBetween, 1000) } };
});

let t: TestApp;
let accountId = 0;
let adminToken = '';
let otherToken = '';
beforeAll(async () => {
  t = await createTestApp({ MAPS_PROVIDER: 'osrm', OSRM_URL: fake.url });
  const { account, admin } = await t.createAccount('Osrm');
  accountId = account.id;
  adminToken = await t.login(admin.username);
  otherToken = await t.login((await t.createAccount('Osrm Other')).admin.username);
});
afterAll(async () => {
  await t.close();
  await fake.close();
});

const routeRequests = () => fake.requests.filter((url) => url.pathname.startsWith('/route/')).length;
const distance = (token: string) =>
  t.call<Travel>('POST', '/api/maps/distance', { token, body: { from: places[0], to: places[2] } });

describe('travel through an OSRM server', () => {
  it('serves the second call from the cache without asking the provider; the cache is per account', async () => {
    const before = routeRequests();
    expect((await distance(adminToken)).body.data).toEqual({ kms: 10, mins: 1 });
    expect(routeRequests()).toBe(before + 1);
    expect((await distance(adminToken)).body.data).toEqual({ kms: 10, mins: 1 });
    expect(routeRequests()).toBe(before + 1);
    await distance(otherToken);
    expect(routeRequests()).toBe(before + 2);
  });

  it('weighs time against km by the optimisation preference', async () => {
    const visits = places.slice(1).map((place, index) => makeVisit(index + 1, place));
    const optimiseWith = async (timeShare: number) => {
      await t.call('PUT', `/api/accounts/${accountId}`, {
        token: adminToken,
        body: { optimisation_preference_tm: timeShare },
      });
      const result = await t.call<OptimisedVisit[]>('POST', '/api/maps/optimise', {
        token: adminToken,
        body: {
          base_address: '12 Parramatta Road, Annandale NSW 2038',
          pickup_time: '09:00',
          events: visits,
        },
      });
      expect(result.body.meta.error_code).toBe(0);
      return result.body.data;
    };
    const bySum = (visits: OptimisedVisit[], key: 'travel_mins' | 'travel_kms') =>
      visits.reduce((total, visit) => total + visit[key], 0);

    const fastest = await optimiseWith(100);
    expect([
      [1, 3, 2],
      [2, 3, 1],
    ]).toContainEqual(fastest.map((visit) => visit.id));
    const shortest = await optimiseWith(0);
    expect([
      [1, 2, 3],
      [3, 2, 1],
    ]).toContainEqual(shortest.map((visit) => visit.id));
    // Travel up to the last visit (the leg home belongs to no visit) shows the trade-off in each unit.
    expect(bySum(fastest, 'travel_mins')).toBeLessThan(bySum(shortest, 'travel_mins'));
    expect(bySum(shortest, 'travel_kms')).toBeLessThan(bySum(fastest, 'travel_kms'));
  });

  it('answers code 9 naming osrm when the server fails', async () => {
    isDown = true;
    try {
      const result = await t.call<Travel>('POST', '/api/maps/distance', {
        token: adminToken,
        body: { from: places[1], to: places[3] },
      });
      expect(result).toMatchObject({
        status: 502,
        body: {
          meta: {
            error_code: 9,
            message: 'Unable to calculate travel. osrm: the service answered HTTP 503 without valid JSON.',
          },
        },
      });
    } finally {
      isDown = false;
    }
  });
});
