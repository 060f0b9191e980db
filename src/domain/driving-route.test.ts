import { describe, expect, it } from 'vitest';
import { describeDrivingRoutePart, maxRouteWaypoints, splitDrivingRoute } from './driving-route';

const stopsOf = (count: number) => Array.from({ length: count }, (_, index) => `${index + 1} Stop St`);

/** origin, waypoints and destination of a directions link. */
function readLink(url: string) {
  const link = new URL(url);
  const waypoints = link.searchParams.get('waypoints');
  return {
    origin: link.searchParams.get('origin'),
    waypoints: waypoints === null ? [] : waypoints.split('|'),
    destination: link.searchParams.get('destination'),
  };
}

describe('splitDrivingRoute', () => {
  it('has no link without stops', () => {
    expect(splitDrivingRoute('Base', [])).toEqual([]);
  });

  it('drives to one stop and back in one link', () => {
    const [only, ...rest] = splitDrivingRoute('1 Base St, Sydney', ["3 O'Brien St & Co"]);
    expect(rest).toEqual([]);
    expect(only).toMatchObject({ part: 1, parts: 1, firstStop: 1, lastStop: 1, endsAtBase: true });
    const url = new URL(only?.url ?? '');
    expect(`${url.origin}${url.pathname}`).toBe('https://www.google.com/maps/dir/');
    expect(url.searchParams.get('api')).toBe('1');
    expect(readLink(only?.url ?? '')).toEqual({
      origin: '1 Base St, Sydney',
      waypoints: ["3 O'Brien St & Co"],
      destination: '1 Base St, Sydney',
    });
    expect(describeDrivingRoutePart(only!)).toBe('Driving Route');
  });

  it('keeps a round of exactly the waypoint limit in one link from the base and back', () => {
    const parts = splitDrivingRoute('Base', stopsOf(maxRouteWaypoints));
    expect(parts).toHaveLength(1);
    expect(readLink(parts[0]?.url ?? '')).toEqual({
      origin: 'Base',
      waypoints: stopsOf(9),
      destination: 'Base',
    });
  });

  it('returns to the base in a part of its own when the stops fill the parts exactly', () => {
    const parts = splitDrivingRoute('Base', stopsOf(10));
    expect(parts.map((part) => readLink(part.url))).toEqual([
      { origin: 'Base', waypoints: stopsOf(9), destination: '10 Stop St' },
      { origin: '10 Stop St', waypoints: [], destination: 'Base' },
    ]);
    expect(parts.map(describeDrivingRoutePart)).toEqual([
      'Driving route, part 1 of 2: stops 1-10',
      'Driving route, part 2 of 2: back to base',
    ]);
  });

  it('splits 24 stops into three links, in order, each starting where the last one ended', () => {
    const stops = stopsOf(24);
    const parts = splitDrivingRoute('Base', stops);
    expect(parts.map(describeDrivingRoutePart)).toEqual([
      'Driving route, part 1 of 3: stops 1-10',
      'Driving route, part 2 of 3: stops 11-20',
      'Driving route, part 3 of 3: stops 21-24 and back to base',
    ]);
    const links = parts.map((part) => readLink(part.url));
    expect(links).toEqual([
      { origin: 'Base', waypoints: stops.slice(0, 9), destination: '10 Stop St' },
      { origin: '10 Stop St', waypoints: stops.slice(10, 19), destination: '20 Stop St' },
      { origin: '20 Stop St', waypoints: stops.slice(20), destination: 'Base' },
    ]);
    // Every stop is driven to once, in order, and no link has more waypoints than the limit.
    expect(links.flatMap((link) => [...link.waypoints, link.destination])).toEqual([...stops, 'Base']);
    expect(Math.max(...links.map((link) => link.waypoints.length))).toBeLessThanOrEqual(maxRouteWaypoints);
  });

  it('names a last part with one stop', () => {
    const parts = splitDrivingRoute('Base', stopsOf(11), 9);
    expect(parts.map(describeDrivingRoutePart)).toEqual([
      'Driving route, part 1 of 2: stops 1-10',
      'Driving route, part 2 of 2: stop 11 and back to base',
    ]);
  });
});
