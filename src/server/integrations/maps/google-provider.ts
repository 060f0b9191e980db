import { askMatrixInBlocks, fetchJson, isObject } from './http-json';
import { addressNotFound, mapsFailed, type MapsProvider, type Point, type RawTravel } from './maps-provider';

/** The Distance Matrix API takes at most 100 elements per request (10 origins x 10 destinations). */
const blockSize = 10;

function formatPoints(points: Point[]): string {
  return points.map((point) => `${point.latitude.toFixed(6)},${point.longitude.toFixed(6)}`).join('|');
}

function readStatus(body: Record<string, unknown>): string {
  const detail = typeof body.error_message === 'string' ? ` ${body.error_message}` : '';
  return `${String(body.status ?? 'error')}.${detail}`;
}

function readElement(element: unknown): RawTravel {
  if (!isObject(element) || element.status !== 'OK') {
    const status = isObject(element) ? String(element.status) : 'missing';
    throw mapsFailed('google', `no route between two stops (${status}).`);
  }
  const distance = isObject(element.distance) ? element.distance.value : undefined;
  const duration = isObject(element.duration) ? element.duration.value : undefined;
  if (typeof distance !== 'number' || typeof duration !== 'number') {
    throw mapsFailed('google', 'the answer had no distance or duration.');
  }
  return { kms: distance / 1000, mins: duration / 60 };
}

/** Google's Distance Matrix and Geocoding APIs with an API key. */
export function createGoogleProvider(options: {
  apiKey: string;
  timeoutMs: number;
  /** https://maps.googleapis.com unless a test points elsewhere. */
  baseUrl?: string;
  fetch?: typeof fetch;
}): MapsProvider {
  const base = (options.baseUrl ?? 'https://maps.googleapis.com').replace(/\/+$/, '');
  const fetchOptions = {
    provider: 'google',
    timeoutMs: options.timeoutMs,
    ...(options.fetch ? { fetch: options.fetch } : {}),
  };

  async function callGoogle(path: string, params: Record<string, string>): Promise<Record<string, unknown>> {
    const query = new URLSearchParams({ ...params, key: options.apiKey }).toString();
    const body = await fetchJson(`${base}${path}?${query}`, fetchOptions);
    if (!isObject(body)) throw mapsFailed('google', 'the answer was not a JSON object.');
    return body;
  }

  async function askMatrix(origins: Point[], destinations: Point[]): Promise<RawTravel[]> {
    const body = await callGoogle('/maps/api/distancematrix/json', {
      origins: formatPoints(origins),
      destinations: formatPoints(destinations),
      mode: 'driving',
      units: 'metric',
    });
    if (body.status !== 'OK') throw mapsFailed('google', readStatus(body));
    const rows = Array.isArray(body.rows) ? body.rows : [];
    if (rows.length !== origins.length)
      throw mapsFailed('google', 'the matrix had the wrong number of rows.');
    return rows.flatMap((row: unknown) => {
      const elements = isObject(row) && Array.isArray(row.elements) ? row.elements : [];
      if (elements.length !== destinations.length) {
        throw mapsFailed('google', 'the matrix had the wrong number of columns.');
      }
      return elements.map(readElement);
    });
  }

  return {
    name: 'google',
    async geocode(address) {
      const body = await callGoogle('/maps/api/geocode/json', { address, region: 'au' });
      if (body.status === 'ZERO_RESULTS') throw addressNotFound('google', address);
      if (body.status !== 'OK') throw mapsFailed('google', readStatus(body));
      const first: unknown = Array.isArray(body.results) ? body.results[0] : undefined;
      const geometry = isObject(first) && isObject(first.geometry) ? first.geometry : {};
      const location = isObject(geometry.location) ? geometry.location : {};
      if (typeof location.lat !== 'number' || typeof location.lng !== 'number') {
        throw addressNotFound('google', address);
      }
      return { latitude: location.lat, longitude: location.lng };
    },
    async travel(from, to) {
      const [leg] = await askMatrix([from], [to]);
      if (!leg) throw mapsFailed('google', 'the answer had no route.');
      return leg;
    },
    matrix: (origins, destinations) => askMatrixInBlocks(origins, destinations, blockSize, askMatrix),
  };
}
