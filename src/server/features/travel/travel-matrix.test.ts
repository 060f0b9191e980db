import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readOsrmCoordinates, startFakeMapsServer } from '../../integrations/maps/fake-maps-server';
import { createOsrmProvider } from '../../integrations/maps/osrm-provider';
import { createTestApp, type TestApp } from '../../testing/test-app';
import { createTravelRepository } from './repository';
import { createTravelService } from './service';

/**
 * A day plan's travel: one matrix from the maps provider for every pair of its addresses, cached like the legs.
 * The fake OSRM server answers 2 km and 3 minutes per cell and counts the /table requests.
 */
const fake = await startFakeMapsServer((url) => {
  const coordinates = readOsrmCoordinates(url);
  // As OSRM does: sources and destinations pick coordinates by index; without them, every one to every one.
  const pick = (name: string) =>
    url.searchParams.get(name)?.split(';').map(Number) ?? coordinates.map((_, index) => index);
  const grid = (value: number) =>
    pick('sources').map((i) => pick('destinations').map((j) => (i === j ? 0 : value)));
  return { body: { code: 'Ok', durations: grid(180), distances: grid(2000) } };
});
const tableRequests = () => fake.requests.filter((url) => url.pathname.startsWith('/table/')).length;

// Suburbs of the built-in gazetteer: the provider places them without a geocoder.
const addresses = [
  'Annandale NSW 2038',
  'Leichhardt NSW 2040',
  'Stanmore NSW 2048',
  'Petersham NSW 2049',
  'Newtown NSW 2042',
];

let t: TestApp;
let accountId = 0;
const now = new Date('2026-11-18T01:00:00Z');
const travelService = () =>
  createTravelService({
    repository: createTravelRepository(t.db),
    provider: createOsrmProvider({ baseUrl: fake.url, geocoderUrl: '', timeoutMs: 2000 }),
    now: () => now,
  });

beforeAll(async () => {
  t = await createTestApp();
  accountId = (await t.createAccount('Travel Matrix')).account.id;
});
afterAll(async () => {
  await t.close();
  await fake.close();
});

describe('travel matrix for a plan', () => {
  it('asks the provider ONE table for a small matrix, then answers from the cache with no request', async () => {
    const before = tableRequests();
    const first = await travelService().getMatrix(accountId, addresses);
    expect(tableRequests() - before).toBe(1);
    expect(first.size).toBe(5);
    expect(first.kms[0]).toBe(0);
    expect(first.kms[1]).toBe(2);
    expect(first.mins[1]).toBe(3);
    expect(first.kms.filter((kms) => kms === 2)).toHaveLength(20);

    const again = await travelService().getMatrix(accountId, addresses);
    expect(tableRequests() - before).toBe(1);
    expect(again).toEqual(first);
  });

  it('asks only for the addresses with pairs missing from the cache', async () => {
    const before = tableRequests();
    const more = [...addresses, 'Marrickville NSW 2204'];
    const matrix = await travelService().getMatrix(accountId, more);
    expect(tableRequests() - before).toBe(1);
    expect(fake.requests.at(-1)?.searchParams.has('sources')).toBe(false);
    expect(matrix.size).toBe(6);
    expect(matrix.kms.filter((kms) => kms === 2)).toHaveLength(30);
  });
});
