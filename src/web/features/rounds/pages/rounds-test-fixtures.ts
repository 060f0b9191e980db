import type { Visit } from '../../../../contracts/visits';
import { buildEnvelope, type ApiCall } from '../../../test-utils';

/** The round both rounds-screen tests show. */
export const round = {
  id: 7,
  name: 'Inner West',
  address: '1 Base Street, Leichhardt',
  pickup_time: '09:00',
  timezone: 'Australia/Sydney',
  capacity: null,
  latest_return_time: null,
};

const toMinutes = (clock: string) => Number(clock.slice(0, 2)) * 60 + Number(clock.slice(3));

/** A Sydney visit of client `name` (client id `id` x 10) from `start` to `end` (HH:MM). */
export function buildVisit(
  id: number,
  name: string,
  date: string,
  start: string,
  end: string,
  status = 'scheduled',
): Visit {
  return {
    id,
    date,
    start,
    end,
    duration: toMinutes(end) - toMinutes(start),
    address: `${id} ${name} Street`,
    status,
    timezone: 'Australia/Sydney',
    client: { id: id * 10, name, key: `k${id}` },
    service: { id: 's1' },
  };
}

/** Answers a travel call with every leg 2.5 km and 5 minutes. */
export function answerLegs(call: ApiCall) {
  const { legs } = call.body as { legs: { from: string; to: string }[] };
  return buildEnvelope(legs.map((leg) => ({ ...leg, kms: 2.5, mins: 5 })));
}
