import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ErrorCode } from '../../../contracts/envelope';
import { readOsrmCoordinates, startFakeMapsServer, type FakeAnswer } from './fake-maps-server';
import { createOsrmProvider } from './osrm-provider';

const a = { latitude: -33.8817, longitude: 151.17 };
const b = { latitude: -33.8935, longitude: 151.264 };
const c = { latitude: -33.837, longitude: 151.219 };

let answer: (url: URL) => FakeAnswer = () => ({ body: {} });
let fake: Awaited<ReturnType<typeof startFakeMapsServer>>;
beforeAll(async () => {
  fake = await startFakeMapsServer((url) => answer(url));
});
afterAll(async () => fake.close());

const provider = (overrides: { geocoderUrl?: string; timeoutMs?: number; maxTableSize?: number } = {}) =>
  createOsrmProvider({ baseUrl: `${fake.url}/`, geocoderUrl: '', timeoutMs: 2000, ...overrides });
const failureOf = (promise: Promise<unknown>) =>
  promise.then(
    () => null,
    (error: unknown) => error,
  );

describe('osrm provider', () => {
  it('asks /route for one leg (lng,lat order) and reads metres and seconds', async () => {
    answer = () => ({ body: { code: 'Ok', routes: [{ distance: 12_345, duration: 1_530, legs: [] }] } });
    const travel = await provider().travel(a, b);
    expect(travel).toEqual({ kms: 12.345, mins: 25.5 });
    const url = fake.requests.at(-1);
    expect(url?.pathname).toBe('/route/v1/driving/151.170000,-33.881700;151.264000,-33.893500');
    expect(url?.searchParams.get('overview')).toBe('false');
  });

  it('asks /table once for a matrix with sources and destinations, and reads it row by row', async () => {
    answer = () => ({
      body: {
        code: 'Ok',
        durations: [
          [0, 600, 1200],
          [660, 0, 900],
        ],
        distances: [
          [0, 5000, 9000],
          [5100, 0, 7000],
        ],
      },
    });
    const before = fake.requests.length;
    const cells = await provider().matrix([a, b], [a, b, c]);
    expect(fake.requests.length - before).toBe(1);
    const url = fake.requests.at(-1);
    expect(url?.pathname.startsWith('/table/v1/driving/')).toBe(true);
    expect(url?.searchParams.get('annotations')).toBe('duration,distance');
    expect(url?.searchParams.get('sources')).toBe('0;1');
    expect(url?.searchParams.get('destinations')).toBe('2;3;4');
    expect(cells).toEqual([
      { kms: 0, mins: 0 },
      { kms: 5, mins: 10 },
      { kms: 9, mins: 20 },
      { kms: 5.1, mins: 11 },
      { kms: 0, mins: 0 },
      { kms: 7, mins: 15 },
    ]);
  });

  /** Answers 60 s and 60 m per cell; without sources and destinations OSRM answers every point to every point. */
  const answerFlatTable = (url: URL): FakeAnswer => {
    const coordinates = readOsrmCoordinates(url).length;
    const rows = url.searchParams.get('sources')?.split(';').length ?? coordinates;
    const columns = url.searchParams.get('destinations')?.split(';').length ?? coordinates;
    const grid = Array.from({ length: rows }, () => Array.from({ length: columns }, () => 60));
    return { body: { code: 'Ok', durations: grid, distances: grid } };
  };
  const points = Array.from({ length: 70 }, (_, index) => ({
    latitude: -33.8 - index / 1000,
    longitude: 151.1,
  }));

  it("asks a day plan's square matrix in ONE table, each coordinate once, up to the server's table size", async () => {
    answer = answerFlatTable;
    const before = fake.requests.length;
    const cells = await provider().matrix(points, points);
    expect(fake.requests.length - before).toBe(1);
    const url = fake.requests.at(-1);
    expect(url && readOsrmCoordinates(url)).toHaveLength(70);
    expect(url?.searchParams.has('sources')).toBe(false);
    expect(cells).toHaveLength(4900);
    expect(cells.every((cell) => cell.mins === 1 && cell.kms === 0.06)).toBe(true);
  });

  it('splits a matrix over the configured table size into tables within it', async () => {
    answer = (url) => {
      expect(readOsrmCoordinates(url).length).toBeLessThanOrEqual(40);
      return answerFlatTable(url);
    };
    const before = fake.requests.length;
    const cells = await provider({ maxTableSize: 40 }).matrix(points, points);
    // Blocks of 20 origins by 20 destinations: 4 x 4 tables.
    expect(fake.requests.length - before).toBe(16);
    expect(cells).toHaveLength(4900);
    expect(cells.every((cell) => cell.mins === 1 && cell.kms === 0.06)).toBe(true);
  });

  it("reports OSRM's own error code and message as code 9", async () => {
    answer = () => ({ status: 400, body: { code: 'NoRoute', message: 'Impossible route between points' } });
    const failure = await failureOf(provider().travel(a, b));
    expect(failure).toMatchObject({
      code: ErrorCode.mapsProvider,
      message: 'Unable to calculate travel. osrm: NoRoute. Impossible route between points',
    });
    answer = () => ({ body: { code: 'Ok', durations: [[null]], distances: [[null]] } });
    expect(await failureOf(provider().matrix([a], [b]))).toMatchObject({
      message: 'Unable to calculate travel. osrm: no road route between two stops.',
    });
  });

  it('reports a server error page, a timeout and a server that is not there', async () => {
    answer = () => ({ status: 502, raw: '<html>Bad gateway</html>' });
    expect(await failureOf(provider().travel(a, b))).toMatchObject({
      message: 'Unable to calculate travel. osrm: the service answered HTTP 502 without valid JSON.',
    });
    answer = () => ({ hang: true });
    expect(await failureOf(provider({ timeoutMs: 200 }).travel(a, b))).toMatchObject({
      code: ErrorCode.mapsProvider,
      message: 'Unable to calculate travel. osrm: no answer within 200 ms.',
    });
    const gone = createOsrmProvider({ baseUrl: 'http://127.0.0.1:1', geocoderUrl: '', timeoutMs: 2000 });
    expect(await failureOf(gone.travel(a, b))).toMatchObject({
      message: 'Unable to calculate travel. osrm: the service could not be reached.',
    });
  });

  it('geocodes through a Nominatim-compatible service, then the gazetteer', async () => {
    answer = (url) =>
      url.searchParams.get('q')?.includes('Lighthouse')
        ? { body: [{ lat: '-33.85', lon: '151.28', display_name: 'Lighthouse' }] }
        : { body: [] };
    const withGeocoder = provider({ geocoderUrl: `${fake.url}/nominatim` });
    expect(await withGeocoder.geocode('1 Lighthouse Road, Vaucluse NSW')).toEqual({
      latitude: -33.85,
      longitude: 151.28,
    });
    const url = fake.requests.at(-1);
    expect(url?.pathname).toBe('/nominatim/search');
    expect(url?.searchParams.get('format')).toBe('json');
    expect(await withGeocoder.geocode('3 Booth Street, Annandale NSW 2038')).toEqual({
      latitude: -33.8817,
      longitude: 151.17,
    });
    expect(await failureOf(withGeocoder.geocode('1 Nowhere Lane, Atlantis'))).toMatchObject({
      message: "Unable to calculate travel. osrm: no coordinates found for '1 Nowhere Lane, Atlantis'.",
    });
    answer = () => ({ hang: true });
    expect(await failureOf(provider({ geocoderUrl: fake.url, timeoutMs: 200 }).geocode('x'))).toMatchObject({
      message: 'Unable to calculate travel. osrm geocoder: no answer within 200 ms.',
    });
  });
});
