import type { FastifyInstance, InjectOptions } from 'fastify';
import type { LoginResult } from '../../contracts/auth';
import type { Envelope } from '../../contracts/envelope';
import { buildApp, type AppDependencies } from '../app';
import { loadConfig } from '../config';
import { hashPassword, type PasswordCost } from '../crypto/passwords';
import { accounts } from '../db/schema/accounts';
import { users } from '../db/schema/users';
import { createTestDatabase } from './test-database';

export const testSecret = 'test-secret-that-is-at-least-32-characters-long';
export const testPassword = 'correct-horse-battery';

/**
 * The test users' stored hashes are made at a low scrypt cost: a test log in then takes milliseconds instead of a
 * tenth of a second (some 700 of them ran per test run). A hash carries its cost, so logging in checks it exactly
 * as it checks any other; passwords the app sets itself keep the full cost.
 */
export const testPasswordCost: PasswordCost = { N: 1024, r: 8, p: 1 };

type Env = Record<string, string>;

/** Any optional dependency of the app (a fixed clock, a fake CRM or solver), plus a hook before `ready`. */
export type TestAppOptions = Partial<Omit<AppDependencies, 'config' | 'db' | 'appSecret' | 'webRoot'>> & {
  beforeReady?: (server: FastifyInstance) => void;
};

/** The real HTTP app on a throwaway database (PGlite, or PostgreSQL when TEST_DATABASE_URL is set). */
export async function createTestApp(env: Env = {}, options: TestAppOptions = {}) {
  const database = await createTestDatabase();
  const config = loadConfig({
    NODE_ENV: 'test',
    APP_SECRET: testSecret,
    PUBLIC_URL: 'http://mealrounds.test',
    // The tests' CRM is a simulator on 127.0.0.1 (on PostgreSQL too, where no demo is seeded).
    SOURCE_ALLOW_PRIVATE_HOSTS: 'true',
    ...env,
  });
  const { beforeReady, ...appOptions } = options;
  const {
    server,
    contact,
    routes,
    clientSync,
    roundAutomation,
    outboxSender,
    dayPlans,
    messages,
    messageSender,
    welfareSteps,
    rosterReminders,
    visitPlanner,
  } = await buildApp({
    config,
    db: database.db,
    appSecret: testSecret,
    webRoot: null,
    ...appOptions,
  });
  beforeReady?.(server);
  await server.ready();
  const passwordHash = await hashPassword(testPassword, testPasswordCost);

  /** Calls the API of `target` (this app's server unless another is given) as a browser would. */
  async function callOn<T = unknown>(
    target: FastifyInstance,
    method: InjectOptions['method'],
    url: string,
    init: { body?: unknown; token?: string } = {},
  ) {
    const response = await target.inject({
      method,
      url,
      headers: init.token ? { authorization: `Bearer ${init.token}` } : {},
      ...(init.body === undefined ? {} : { payload: init.body as InjectOptions['payload'] }),
    });
    return { status: response.statusCode, body: response.json() as Envelope<T> };
  }
  const call = <T = unknown>(
    method: InjectOptions['method'],
    url: string,
    init: { body?: unknown; token?: string } = {},
  ) => callOn<T>(server, method, url, init);

  return {
    server,
    contact,
    routes,
    clientSync,
    roundAutomation,
    outboxSender,
    dayPlans,
    welfareSteps,
    messages,
    messageSender,
    rosterReminders,
    visitPlanner,
    db: database.db,
    call,
    /** Creates an account with an admin and a normal user, both with `testPassword`. */
    async createAccount(name = 'Test Meals') {
      const [account] = await database.db.insert(accounts).values({ name }).returning();
      if (!account) throw new Error('account not created');
      const slug = `${name.toLowerCase().replace(/\W+/g, '-')}-${account.id}`;
      const [admin, user] = await database.db
        .insert(users)
        .values([
          { accountId: account.id, username: `admin@${slug}.test`, passwordHash, accessLevel: 'admin' },
          { accountId: account.id, username: `user@${slug}.test`, passwordHash, accessLevel: 'normal' },
        ])
        .returning();
      if (!admin || !user) throw new Error('users not created');
      return { account, admin, user };
    },
    async login(username: string, password = testPassword): Promise<string> {
      const result = await call<LoginResult>('POST', '/api/users/login', { body: { username, password } });
      if (result.body.meta.error_code !== 0)
        throw new Error(`login failed: ${String(result.body.meta.message)}`);
      return result.body.data.jwt;
    },
    /**
     * Another app server on the same database and configuration, as behind a load balancer (the same options
     * unless overridden). Close it before this app.
     */
    async createPeer(overrides: Omit<TestAppOptions, 'beforeReady'> = {}) {
      const peer = await buildApp({
        config,
        db: database.db,
        appSecret: testSecret,
        webRoot: null,
        ...appOptions,
        ...overrides,
      });
      await peer.server.ready();
      return {
        ...peer,
        call: <T = unknown>(
          method: InjectOptions['method'],
          url: string,
          init: { body?: unknown; token?: string } = {},
        ) => callOn<T>(peer.server, method, url, init),
      };
    },
    async close() {
      await server.close();
      await database.close();
    },
  };
}
export type TestApp = Awaited<ReturnType<typeof createTestApp>>;
