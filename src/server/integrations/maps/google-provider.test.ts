import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ErrorCode } from '../../../contracts/envelope';
import { startFakeMapsServer, type FakeAnswer } from './fake-maps-server';
import { createGoogleProvider } from './google-provider';

const a = { latitude: -33.8817, longitude: 151.17 };
const b = { latitude: -33.8935, longitude: 151.264 };

let answer: (url: URL) => FakeAnswer = () => ({ body: {} });
let fake: Awaited<ReturnType<typeof startFakeMapsServer>>;
beforeAll(async () => {
  fake = await startFakeMapsServer((url) => answer(url));
});
afterAll(async () => fake.close());

const provider = (timeoutMs = 2000) =>
  createGoogleProvider({ apiKey: 'test-key', baseUrl: fake.url, timeoutMs });
const failureOf = (promise: Promise<unknown>) =>
  promise.then(
    () => null,
    (error: unknown) => error,
  );
const element = (metres: number, seconds: number) => ({
  status: 'OK',
  distance: { text: `${metres / 1000} km`, value: metres },
  duration: { text: `${Math.round(seconds / 60)} mins`, value: seconds },
});

describe('google provider', () => {
  it('asks the Distance Matrix API with the key and reads metres and seconds', async () => {
    answer = () => ({
      body: {
        status: 'OK',
        origin_addresses: ['a'],
        destination_addresses: ['b'],
        rows: [{ elements: [element(8_700, 1_260)] }],
      },
    });
    expect(await provider().travel(a, b)).toEqual({ kms: 8.7, mins: 21 });
    const url = fake.requests.at(-1);
    expect(url?.pathname).toBe('/maps/api/distancematrix/json');
    expect(url?.searchParams.get('key')).toBe('test-key');
    expect(url?.searchParams.get('origins')).toBe('-33.881700,151.170000');
    expect(url?.searchParams.get('destinations')).toBe('-33.893500,151.264000');
    expect(url?.searchParams.get('mode')).toBe('driving');
  });

  it('keeps each matrix request within 100 elements', async () => {
    answer = (url) => {
      const rows = url.searchParams.get('origins')?.split('|').length ?? 0;
      const columns = url.searchParams.get('destinations')?.split('|').length ?? 0;
      expect(rows * columns).toBeLessThanOrEqual(100);
      return {
        body: {
          status: 'OK',
          rows: Array.from({ length: rows }, () => ({
            elements: Array.from({ length: columns }, () => element(1000, 120)),
          })),
        },
      };
    };
    const points = Array.from({ length: 15 }, (_, index) => ({
      latitude: -33.8 - index / 100,
      longitude: 151.1,
    }));
    const before = fake.requests.length;
    const cells = await provider().matrix(points, points);
    expect(fake.requests.length - before).toBe(4);
    expect(cells).toHaveLength(225);
    expect(cells.every((cell) => cell.kms === 1 && cell.mins === 2)).toBe(true);
  });

  it('geocodes with the Geocoding API', async () => {
    answer = () => ({
      body: { status: 'OK', results: [{ geometry: { location: { lat: -33.86, lng: 151.21 } } }] },
    });
    expect(await provider().geocode('1 Macquarie Street, Sydney NSW 2000')).toEqual({
      latitude: -33.86,
      longitude: 151.21,
    });
    expect(fake.requests.at(-1)?.searchParams.get('address')).toBe('1 Macquarie Street, Sydney NSW 2000');
    answer = () => ({ body: { status: 'ZERO_RESULTS', results: [] } });
    expect(await failureOf(provider().geocode('1 Nowhere Lane, Atlantis'))).toMatchObject({
      code: ErrorCode.mapsProvider,
      message: "Unable to calculate travel. google: no coordinates found for '1 Nowhere Lane, Atlantis'.",
    });
  });

  it("reports Google's refusals, a missing route, a server error and a timeout as code 9 (never the key)", async () => {
    answer = () => ({
      body: { status: 'REQUEST_DENIED', error_message: 'The provided API key is invalid.' },
    });
    const denied = await failureOf(provider().travel(a, b));
    expect(denied).toMatchObject({
      code: ErrorCode.mapsProvider,
      message: 'Unable to calculate travel. google: REQUEST_DENIED. The provided API key is invalid.',
    });
    expect((denied as Error).message).not.toContain('test-key');
    answer = () => ({ body: { status: 'OK', rows: [{ elements: [{ status: 'ZERO_RESULTS' }] }] } });
    expect(await failureOf(provider().travel(a, b))).toMatchObject({
      message: 'Unable to calculate travel. google: no route between two stops (ZERO_RESULTS).',
    });
    answer = () => ({ status: 500, raw: 'oops' });
    expect(await failureOf(provider().travel(a, b))).toMatchObject({
      message: 'Unable to calculate travel. google: the service answered HTTP 500 without valid JSON.',
    });
    answer = () => ({ hang: true });
    expect(await failureOf(provider(200).travel(a, b))).toMatchObject({
      message: 'Unable to calculate travel. google: no answer within 200 ms.',
    });
  });
});
