import { askMatrixInBlocks, fetchJson, isObject } from './http-json';
import { mapsFailed, type MapsProvider, type Point, type RawTravel } from './maps-provider';
import { createFallbackGeocoder } from './nominatim-geocoder';

/** osrm-routed refuses tables over 100 coordinates by default (--max-table-size). */
export const defaultMaxTableSize = 100;

function isSameList(a: Point[], b: Point[]): boolean {
  return (
    a.length === b.length &&
    a.every(
      (point, index) => point.latitude === b[index]?.latitude && point.longitude === b[index]?.longitude,
    )
  );
}

function formatCoordinates(points: Point[]): string {
  return points.map((point) => `${point.longitude.toFixed(6)},${point.latitude.toFixed(6)}`).join(';');
}

function readNumberGrid(value: unknown, rows: number, columns: number): (number | null)[][] | null {
  if (!Array.isArray(value) || value.length !== rows) return null;
  const grid = value.map((row: unknown) =>
    Array.isArray(row) && row.length === columns
      ? row.map((cell: unknown) => (typeof cell === 'number' && Number.isFinite(cell) ? cell : null))
      : null,
  );
  return grid.every((row) => row !== null) ? (grid as (number | null)[][]) : null;
}

/** An OSRM server's HTTP API (v1): /route for one leg, /table for a matrix. */
export function createOsrmProvider(options: {
  baseUrl: string;
  geocoderUrl: string;
  timeoutMs: number;
  /** The server's --max-table-size (coordinates per /table request). */
  maxTableSize?: number;
  fetch?: typeof fetch;
}): MapsProvider {
  const maxTableSize = options.maxTableSize ?? defaultMaxTableSize;
  const base = options.baseUrl.replace(/\/+$/, '');
  const fetchOptions = {
    provider: 'osrm',
    timeoutMs: options.timeoutMs,
    ...(options.fetch ? { fetch: options.fetch } : {}),
  };

  async function callOsrm(path: string): Promise<Record<string, unknown>> {
    const body = await fetchJson(`${base}${path}`, fetchOptions);
    if (!isObject(body)) throw mapsFailed('osrm', 'the answer was not a JSON object.');
    if (body.code !== 'Ok') {
      const message = typeof body.message === 'string' ? ` ${body.message}` : '';
      throw mapsFailed('osrm', `${String(body.code ?? 'error')}.${message}`);
    }
    return body;
  }

  async function askTable(origins: Point[], destinations: Point[]): Promise<RawTravel[]> {
    const sources = origins.map((_, index) => index).join(';');
    const targets = destinations.map((_, index) => origins.length + index).join(';');
    return readTable(
      await callOsrm(
        `/table/v1/driving/${formatCoordinates([...origins, ...destinations])}` +
          `?annotations=duration,distance&sources=${sources}&destinations=${targets}`,
      ),
      origins,
      destinations,
    );
  }

  /** Every point to every point: each coordinate is sent once, so a square table takes the full limit. */
  async function askSquareTable(points: Point[]): Promise<RawTravel[]> {
    const path = `/table/v1/driving/${formatCoordinates(points)}?annotations=duration,distance`;
    return readTable(await callOsrm(path), points, points);
  }

  function readTable(body: Record<string, unknown>, origins: Point[], destinations: Point[]): RawTravel[] {
    const durations = readNumberGrid(body.durations, origins.length, destinations.length);
    const distances = readNumberGrid(body.distances, origins.length, destinations.length);
    if (!durations || !distances) throw mapsFailed('osrm', 'the table had no durations or distances.');
    return durations.flatMap((row, i) =>
      row.map((seconds, j) => {
        const metres = distances[i]?.[j] ?? null;
        if (seconds === null || metres === null) throw mapsFailed('osrm', 'no road route between two stops.');
        return { kms: metres / 1000, mins: seconds / 60 };
      }),
    );
  }

  return {
    name: 'osrm',
    geocode: createFallbackGeocoder({ ...fetchOptions, geocoderUrl: options.geocoderUrl }),
    async travel(from, to) {
      const body = await callOsrm(`/route/v1/driving/${formatCoordinates([from, to])}?overview=false`);
      const route: unknown = Array.isArray(body.routes) ? body.routes[0] : undefined;
      const { distance, duration } = isObject(route) ? route : {};
      if (typeof distance !== 'number' || typeof duration !== 'number') {
        throw mapsFailed('osrm', 'the answer had no route.');
      }
      return { kms: distance / 1000, mins: duration / 60 };
    },
    matrix: (origins, destinations) =>
      isSameList(origins, destinations) && origins.length <= maxTableSize
        ? askSquareTable(origins)
        : askMatrixInBlocks(origins, destinations, Math.floor(maxTableSize / 2), askTable),
  };
}
