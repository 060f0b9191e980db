import type { Driver, RosterPattern, TimeOff } from '../../../contracts/drivers';
import type { TestApp } from '../../testing/test-app';

export type RosterSamples = {
  roundId: number;
  driverId: number;
  removableId: number;
  timeOffId: number;
  patternId: number;
};

/**
 * The drivers and roster rows the OpenAPI answer check calls against (today 18-11-2026): a driver who knows the
 * round with time off and a pattern not begun (both deleted by the samples), and one never on the roster (removed).
 */
export async function seedRosterSamples(t: TestApp, token: string, roundId: number): Promise<RosterSamples> {
  const addDriver = async (name: string, phone: string) =>
    (await t.call<Driver>('POST', '/api/drivers', { token, body: { name, phone, round_ids: [roundId] } }))
      .body.data.id;
  const driverId = await addDriver('Sample Driver', '0412 345 678');
  const removableId = await addDriver('Removable Driver', '0412 345 679');
  const timeOff = await t.call<TimeOff>('POST', `/api/drivers/${String(driverId)}/time_off`, {
    token,
    body: { from_date: '01-12-2026', to_date: '02-12-2026' },
  });
  const pattern = await t.call<RosterPattern>('POST', '/api/roster/patterns', {
    token,
    body: { driver_id: driverId, round_id: roundId, weekdays: [1], starts: '30-11-2026' },
  });
  return { roundId, driverId, removableId, timeOffId: timeOff.body.data.id, patternId: pattern.body.data.id };
}

/** A real call for each drivers and roster route. */
export function listRosterSampleCalls(
  samples: RosterSamples,
): Record<string, { url: string; body?: unknown }> {
  const driver = `/api/drivers/${String(samples.driverId)}`;
  const slot = `/api/roster/${String(samples.roundId)}/19-11-2026`;
  return {
    'GET /api/drivers': { url: '/api/drivers' },
    'POST /api/drivers': { url: '/api/drivers', body: { name: 'New Driver', phone: '0412 000 111' } },
    'PUT /api/drivers/:id': {
      url: driver,
      body: { name: 'Sample Driver', phone: '0412 345 678', round_ids: [samples.roundId] },
    },
    'DELETE /api/drivers/:id': { url: `/api/drivers/${String(samples.removableId)}` },
    'GET /api/drivers/:id/time_off': { url: `${driver}/time_off` },
    'POST /api/drivers/:id/time_off': {
      url: `${driver}/time_off`,
      body: { from_date: '10-12-2026', to_date: '10-12-2026' },
    },
    'DELETE /api/drivers/:id/time_off/:time_off_id': {
      url: `${driver}/time_off/${String(samples.timeOffId)}`,
    },
    'GET /api/roster/patterns': { url: '/api/roster/patterns' },
    'POST /api/roster/patterns': {
      url: '/api/roster/patterns',
      body: { driver_id: samples.driverId, round_id: samples.roundId, weekdays: [2], starts: '18-11-2026' },
    },
    'DELETE /api/roster/patterns/:id': { url: `/api/roster/patterns/${String(samples.patternId)}` },
    'GET /api/roster': { url: '/api/roster?from=16-11-2026&to=22-11-2026' },
    'PUT /api/roster/:round_id/:date': { url: slot, body: { driver_id: samples.driverId } },
    'GET /api/roster/:round_id/:date/suggestions': { url: `${slot}/suggestions` },
  };
}
