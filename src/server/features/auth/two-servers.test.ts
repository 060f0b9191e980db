import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { LoginResult } from '../../../contracts/auth';
import type { Envelope } from '../../../contracts/envelope';
import { buildApp } from '../../app';
import { loadConfig } from '../../config';
import { hashCode } from '../../crypto/codes';
import { hashPassword } from '../../crypto/passwords';
import type { DatabaseHandle } from '../../db/client';
import { eq } from 'drizzle-orm';
import type { Account } from '../../../contracts/accounts';
import { accounts, rounds } from '../../db/schema/accounts';
import { confirmCodes, users } from '../../db/schema/users';
import { createTestDatabase } from '../../testing/test-database';
import { testPassword, testPasswordCost, testSecret } from '../../testing/test-app';

/**
 * Two app servers on one database, as behind a load balancer. DATABASE_URL marks them as the PostgreSQL setup
 * (no in-process session cache) whichever test database runs underneath; the apps use the one given.
 */
let database: DatabaseHandle;
let servers: FastifyInstance[] = [];
let clock = new Date('2026-11-23T07:00:00Z');

beforeAll(async () => {
  database = await createTestDatabase();
  const config = loadConfig({
    NODE_ENV: 'test',
    APP_SECRET: testSecret,
    DATABASE_URL: 'postgres://app@db.internal/mealrounds',
    LOGIN_RATE_LIMIT_PER_MINUTE: '8',
  });
  servers = await Promise.all(
    [0, 1].map(async () => {
      const { server } = await buildApp({
        config,
        db: database.db,
        appSecret: testSecret,
        webRoot: null,
        now: () => clock,
      });
      await server.ready();
      return server;
    }),
  );
});
afterAll(async () => {
  await Promise.all(servers.map((server) => server.close()));
  await database.close();
});

async function createUser(name: string) {
  const [account] = await database.db.insert(accounts).values({ name }).returning();
  if (!account) throw new Error('account not created');
  const [user] = await database.db
    .insert(users)
    .values({
      accountId: account.id,
      username: `kim@${name.toLowerCase()}.test`,
      passwordHash: await hashPassword(testPassword, testPasswordCost),
    })
    .returning();
  if (!user) throw new Error('user not created');
  return { account, user };
}

async function logIn(server: number, username: string, password: string, address: string) {
  const response = await servers[server]!.inject({
    method: 'POST',
    url: '/api/users/login',
    payload: { username, password },
    remoteAddress: address,
  });
  return { status: response.statusCode, body: response.json<Envelope<LoginResult>>() };
}

async function call(server: number, method: 'GET' | 'POST', url: string, token: string) {
  const response = await servers[server]!.inject({
    method,
    url,
    headers: { authorization: `Bearer ${token}` },
    ...(method === 'POST' ? { payload: {} } : {}),
  });
  return response.json<Envelope<unknown>>().meta.error_code;
}

describe('two app servers on one database', () => {
  it('share the failed log in counts: failures on either lock the address out on both', async () => {
    const { user } = await createUser('SharedFailures');
    for (const server of [0, 1, 0, 1, 0]) {
      const failed = await logIn(server, user.username, 'wrong-password', '198.51.100.20');
      expect(failed.body.meta.error_code).toBe(3);
    }
    for (const server of [0, 1]) {
      const blocked = await logIn(server, user.username, testPassword, '198.51.100.20');
      expect(blocked.status).toBe(429);
      expect(blocked.body.meta).toMatchObject({
        error_code: 8,
        message: 'Too many failed log in attempts. Please try again in 15 minutes.',
      });
    }
    // The user at their own address is not locked out.
    const mine = await logIn(1, user.username, testPassword, '203.0.113.20');
    expect(mine.body.meta.error_code).toBe(0);
  });

  it('share the per-address request limit, which starts again with the next window', async () => {
    const { user } = await createUser('SharedRate');
    const answers: number[] = [];
    for (const server of [0, 1, 0, 1, 0, 1, 0, 1, 0]) {
      answers.push((await logIn(server, user.username, testPassword, '192.0.2.30')).body.meta.error_code);
    }
    expect(answers).toEqual([0, 0, 0, 0, 0, 0, 0, 0, 8]);
    const tenth = await logIn(1, user.username, testPassword, '192.0.2.30');
    expect(tenth.status).toBe(429);
    expect(tenth.body.meta.message).toBe('Too many requests. Please try again in 60 seconds.');
    clock = new Date(clock.getTime() + 60 * 1000);
    expect((await logIn(0, user.username, testPassword, '192.0.2.30')).body.meta.error_code).toBe(0);
  });

  it('a logout on one ends the session on the other, renewed tokens included', async () => {
    const { user, account } = await createUser('SharedLogout');
    const login = await logIn(0, user.username, testPassword, '192.0.2.40');
    const token = login.body.data.jwt;
    expect(await call(1, 'GET', `/api/accounts/${account.id}`, token)).toBe(0);
    const renewed = await servers[1]!.inject({
      method: 'POST',
      url: '/api/users/refresh',
      headers: { authorization: `Bearer ${token}` },
      payload: {},
    });
    const renewedToken = renewed.json<Envelope<{ jwt: string }>>().data.jwt;
    expect(await call(0, 'POST', '/api/users/logout', renewedToken)).toBe(0);
    for (const server of [0, 1]) {
      expect(await call(server, 'GET', `/api/accounts/${account.id}`, token)).toBe(3);
      expect(await call(server, 'GET', `/api/accounts/${account.id}`, renewedToken)).toBe(3);
    }
  });

  it('see a change of the account made through the other or straight in the database on the next call', async () => {
    const { user, account } = await createUser('SharedSettings');
    await database.db.update(users).set({ accessLevel: 'admin' }).where(eq(users.id, user.id));
    await database.db
      .insert(rounds)
      .values({ accountId: account.id, name: 'North', timezone: 'Australia/Sydney' });
    const token = (await logIn(0, user.username, testPassword, '192.0.2.60')).body.data.jwt;
    async function readAccount(server: number) {
      const response = await servers[server]!.inject({
        method: 'GET',
        url: `/api/accounts/${account.id}`,
        headers: { authorization: `Bearer ${token}` },
      });
      return response.json<Envelope<Account>>().data;
    }
    // Read twice, so the second is served from what the first kept.
    for (const _ of [1, 2]) {
      expect(await readAccount(0)).toMatchObject({
        description: '',
        rounds: [{ timezone: 'Australia/Sydney' }],
      });
    }
    const changed = await servers[1]!.inject({
      method: 'PUT',
      url: `/api/accounts/${account.id}`,
      headers: { authorization: `Bearer ${token}` },
      payload: { description: 'The north kitchen' },
    });
    expect(changed.json<Envelope<Account>>().meta.error_code).toBe(0);
    expect(await readAccount(0)).toMatchObject({ description: 'The north kitchen' });
    await database.db
      .update(rounds)
      .set({ timezone: 'Australia/Perth' })
      .where(eq(rounds.accountId, account.id));
    expect(await readAccount(0)).toMatchObject({ rounds: [{ name: 'North', timezone: 'Australia/Perth' }] });
    await database.db.delete(rounds).where(eq(rounds.accountId, account.id));
    expect(await readAccount(0)).toMatchObject({ rounds: [] });
  });

  it('a password reset on one ends every session of the user on both', async () => {
    const { user, account } = await createUser('SharedReset');
    const tokens = await Promise.all(
      [0, 1].map(
        async (server) => (await logIn(server, user.username, testPassword, '192.0.2.50')).body.data.jwt,
      ),
    );
    await database.db.insert(confirmCodes).values({
      accountId: account.id,
      userId: user.id,
      codeHash: hashCode('reset-code-shared'),
      purpose: 'reset',
      expiresAt: new Date(clock.getTime() + 60 * 60 * 1000),
    });
    const reset = await servers[1]!.inject({
      method: 'POST',
      url: '/api/users/reset',
      payload: {
        username: user.username,
        confirmCode: 'reset-code-shared',
        password: 'a-new-long-password',
        passwordConfirm: 'a-new-long-password',
      },
    });
    expect(reset.json<Envelope<null>>().meta.error_code).toBe(0);
    for (const server of [0, 1]) {
      for (const token of tokens) {
        expect(await call(server, 'GET', `/api/accounts/${account.id}`, token)).toBe(3);
      }
    }
  });
});
