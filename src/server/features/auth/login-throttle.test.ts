import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { LoginResult } from '../../../contracts/auth';
import type { Envelope } from '../../../contracts/envelope';
import { createTestApp, testPassword, type TestApp } from '../../testing/test-app';
import { toClientNetwork } from './client-network';
import { loginFailures } from '../../db/schema/users';
import { describeLoginRefusal, findLoginRetryMs, loginThrottle } from './login-throttle';

const minute = 60 * 1000;
let t: TestApp;
let clock = new Date('2026-11-23T08:00:00Z');

beforeAll(async () => {
  // The per-address request limit is not what these tests are about.
  t = await createTestApp({ LOGIN_RATE_LIMIT_PER_MINUTE: '1000' }, { now: () => clock });
});
afterAll(async () => t.close());

async function logIn(username: string, password: string, address: string) {
  const response = await t.server.inject({
    method: 'POST',
    url: '/api/users/login',
    payload: { username, password },
    remoteAddress: address,
  });
  return { status: response.statusCode, body: response.json<Envelope<LoginResult>>() };
}

async function failTimes(times: number, username: string, address: string) {
  for (let attempt = 0; attempt < times; attempt += 1) {
    expect((await logIn(username, 'not-the-password', address)).body.meta.error_code).toBe(3);
  }
}

describe('log in throttling per username and address', () => {
  it("a stranger's failures from another address do not lock the user out", async () => {
    const { user } = await t.createAccount('Throttle Stranger');
    await failTimes(5, user.username, '203.0.113.7');
    const stranger = await logIn(user.username, 'guess-six', '203.0.113.7');
    expect(stranger.body.meta.error_code).toBe(8);
    const owner = await logIn(user.username, testPassword, '198.51.100.7');
    expect(owner.status).toBe(200);
    expect(owner.body.meta.error_code).toBe(0);
  });

  it('repeated failures from one address lock that address out for this username, right password or not', async () => {
    const { user, admin } = await t.createAccount('Throttle Repeat');
    await failTimes(5, user.username, '203.0.113.8');
    const blocked = await logIn(user.username, testPassword, '203.0.113.8');
    expect(blocked.status).toBe(429);
    expect(blocked.body.meta).toMatchObject({
      error_code: 8,
      message: 'Too many failed log in attempts. Please try again in 15 minutes.',
    });
    // Another username from the same address is not affected.
    expect((await logIn(admin.username, testPassword, '203.0.113.8')).body.meta.error_code).toBe(0);

    clock = new Date(clock.getTime() + 10 * minute);
    const stillBlocked = await logIn(user.username, testPassword, '203.0.113.8');
    expect(stillBlocked.body.meta.message).toBe(
      'Too many failed log in attempts. Please try again in 5 minutes.',
    );
    clock = new Date(clock.getTime() + 5 * minute);
    expect((await logIn(user.username, testPassword, '203.0.113.8')).body.meta.error_code).toBe(0);
  });

  it('a successful log in clears the failures of its address only', async () => {
    const { user } = await t.createAccount('Throttle Clear');
    await failTimes(4, user.username, '203.0.113.9');
    await failTimes(4, user.username, '203.0.113.10');
    expect((await logIn(user.username, testPassword, '203.0.113.9')).body.meta.error_code).toBe(0);
    await failTimes(4, user.username, '203.0.113.9');
    await failTimes(1, user.username, '203.0.113.10');
    expect((await logIn(user.username, testPassword, '203.0.113.10')).body.meta.error_code).toBe(8);
  });

  it('a username failing from many addresses gives each address fewer tries, while its owner still logs in', async () => {
    const { user } = await t.createAccount('Throttle Spread');
    for (let host = 1; host <= loginThrottle.usernameCeiling; host += 1) {
      await failTimes(1, user.username, `192.0.2.${host}`);
    }
    await failTimes(loginThrottle.maxFailuresPerNetworkUnderAttack, user.username, '192.0.2.200');
    expect((await logIn(user.username, 'third-guess', '192.0.2.200')).body.meta.error_code).toBe(8);
    expect((await logIn(user.username, testPassword, '198.51.100.77')).body.meta.error_code).toBe(0);
  }, 180_000);

  it('counts the addresses of one IPv6 /56 network together', async () => {
    const { user } = await t.createAccount('Throttle IPv6');
    for (let host = 1; host <= 5; host += 1) {
      await failTimes(1, user.username, `2001:db8:aa:bb0${host}::${host}`);
    }
    expect((await logIn(user.username, testPassword, '2001:db8:aa:bb99::1')).body.meta.error_code).toBe(8);
    expect((await logIn(user.username, testPassword, '2001:db8:aa:100::1')).body.meta.error_code).toBe(0);
  });

  it('attempts still being checked count, but a refusal they caused says so and marks nothing as failed', async () => {
    const { user } = await t.createAccount('Throttle In Progress');
    const address = toClientNetwork('203.0.113.12');
    // Five attempts of the right password from this address, their passwords still being checked.
    await t.db
      .insert(loginFailures)
      .values(Array.from({ length: 5 }, () => ({ username: user.username, address, attemptedAt: clock })));
    const refused = await logIn(user.username, testPassword, '203.0.113.12');
    expect(refused.status).toBe(429);
    expect(refused.body.meta).toMatchObject({
      error_code: 8,
      message: 'Too many log in attempts at the same time. Please try again in a moment.',
    });
    // A failure is marked as checked; the refused attempt leaves no row.
    await failTimes(1, user.username, '203.0.113.13');
    const rows = await t.db
      .select({ address: loginFailures.address, isChecked: loginFailures.isChecked })
      .from(loginFailures)
      .where(eq(loginFailures.username, user.username));
    expect(rows.filter((row) => row.address === address)).toHaveLength(5);
    expect(rows.filter((row) => row.isChecked)).toEqual([{ address: '203.0.113.13', isChecked: true }]);
  });

  it('keeps refusing bad bodies with code 2 before counting anything', async () => {
    const result = await logIn('', '', '203.0.113.11');
    expect(result.status).toBe(400);
    expect(result.body.meta.error_code).toBe(2);
  });
});

describe('findLoginRetryMs', () => {
  const now = new Date('2026-11-23T10:00:00Z');
  const ago = (minutes: number) => new Date(now.getTime() - minutes * minute);
  it.each([
    { fromNetwork: 0, total: 0, oldest: null, expected: null },
    { fromNetwork: 4, total: 4, oldest: ago(14), expected: null },
    { fromNetwork: 5, total: 5, oldest: ago(0), expected: 15 * minute },
    { fromNetwork: 5, total: 19, oldest: ago(14), expected: minute },
    { fromNetwork: 1, total: 20, oldest: ago(3), expected: null },
    { fromNetwork: 2, total: 20, oldest: ago(3), expected: 12 * minute },
  ])(
    '$fromNetwork from the network, $total in all: $expected',
    ({ fromNetwork, total, oldest, expected }) => {
      expect(
        findLoginRetryMs({ fromNetwork, inProgressFromNetwork: 0, total, oldestFromNetwork: oldest }, now),
      ).toBe(expected);
    },
  );
});

describe('describeLoginRefusal', () => {
  const counts = (fromNetwork: number, inProgressFromNetwork: number, total = fromNetwork) => ({
    fromNetwork,
    inProgressFromNetwork,
    total,
    oldestFromNetwork: null,
  });
  it.each([
    [counts(5, 0), 15 * minute, 'Too many failed log in attempts. Please try again in 15 minutes.'],
    [counts(5, 0), minute, 'Too many failed log in attempts. Please try again in 1 minute.'],
    [counts(5, 0), 1, 'Too many failed log in attempts. Please try again in 1 minute.'],
    [counts(7, 2), 4 * minute, 'Too many failed log in attempts. Please try again in 4 minutes.'],
    [counts(5, 1), 15 * minute, 'Too many log in attempts at the same time. Please try again in a moment.'],
    [counts(5, 5), 15 * minute, 'Too many log in attempts at the same time. Please try again in a moment.'],
    // Under attack a network has 2 tries: 2 failures are the reason, whatever else is in progress.
    [counts(3, 1, 20), 9 * minute, 'Too many failed log in attempts. Please try again in 9 minutes.'],
    [
      counts(2, 1, 20),
      9 * minute,
      'Too many log in attempts at the same time. Please try again in a moment.',
    ],
  ])('%o, retry in %i ms: %s', (given, retryMs, expected) => {
    expect(describeLoginRefusal(given, retryMs)).toBe(expected);
  });
});

describe('toClientNetwork', () => {
  it.each([
    ['203.0.113.7', '203.0.113.7'],
    ['::ffff:203.0.113.7', '203.0.113.7'],
    ['2001:db8:aa:bb12::1', '2001:db8:aa:bb00:0:0:0:0/56'],
    ['2001:DB8:AA:BBFF:1:2:3:4', '2001:db8:aa:bb00:0:0:0:0/56'],
    ['::1', '0:0:0:0:0:0:0:0/56'],
    ['fe80::1%eth0', 'fe80:0:0:0:0:0:0:0/56'],
    ['not an address', 'not an address'],
  ])('%s counts as %s', (address, network) => {
    expect(toClientNetwork(address)).toBe(network);
  });
});
