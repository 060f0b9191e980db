import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Envelope } from '../../../contracts/envelope';
import { createTestApp, type TestApp } from '../../testing/test-app';
import { driverOutcomesRateLimit } from './routes';

// The counters live in the database and follow the app's clock, so the window is moved on by hand: no waiting.
const clock = { ms: Date.parse('2026-12-07T01:00:00Z') };
const now = () => new Date(clock.ms);
/** The limit's window, '1 minute'. */
const windowMs = 60_000;

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({}, { now });
});
afterAll(async () => t.close());

/** A well-formed outcome for a token that opens nothing: each call counts and answers the one 404. */
const body = [
  {
    id: '20000000-0000-4000-8000-000000000001',
    visit_id: 1,
    outcome: 'delivered',
    note: '',
    recorded_at: '2026-12-07T12:00:00+11:00',
  },
];

async function send(remoteAddress: string) {
  const response = await t.server.inject({
    method: 'POST',
    url: `/api/driver/${'D'.repeat(43)}/outcomes`,
    payload: body,
    remoteAddress,
  });
  return { status: response.statusCode, body: response.json() as Envelope<unknown> };
}

describe('POST /api/driver/{token}/outcomes rate limit', () => {
  it('takes the configured number of calls per address and window, then answers 429 with code 8', async () => {
    expect(driverOutcomesRateLimit.timeWindow).toBe('1 minute');
    const phone = '198.51.100.7';
    for (let call = 1; call <= driverOutcomesRateLimit.max; call += 1) {
      expect((await send(phone)).status, `call ${String(call)}`).toBe(404);
    }
    const limited = await send(phone);
    expect(limited.status).toBe(429);
    expect(limited.body.meta.error_code).toBe(8);
    expect(limited.body.meta.message).toBe('Too many requests. Please try again in 60 seconds.');

    // Another address has its own allowance, and the run route its own counter.
    expect((await send('198.51.100.8')).status).toBe(404);
    const run = await t.server.inject({
      method: 'GET',
      url: `/api/driver/${'D'.repeat(43)}/run`,
      remoteAddress: phone,
    });
    expect(run.statusCode).toBe(404);

    clock.ms += windowMs - 1;
    expect((await send(phone)).status).toBe(429);
    clock.ms += 1;
    expect((await send(phone)).status).toBe(404);
  });
});
