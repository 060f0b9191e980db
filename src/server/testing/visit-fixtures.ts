import type { Visit } from '../../contracts/visits';

/** A visit on the rounds screen at an address in a suburb (tests and the benchmark). */
export function makeVisit(id: number, place: string, overrides: Partial<Visit> = {}): Visit {
  return {
    id,
    date: '2026-11-19',
    start: '10:00',
    end: '10:20',
    duration: 20,
    address: `${id} Main Street, ${place}`,
    status: 'scheduled',
    timezone: 'Australia/Sydney',
    client: { id, name: `Client ${id}`, key: `c${id}` },
    service: { id: '101' },
    ...overrides,
  };
}
