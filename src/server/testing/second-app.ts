import { buildApp } from '../app';
import { loadConfig } from '../config';
import type { Database } from '../db/client';
import { testSecret, type TestAppOptions } from './test-app';

/**
 * Another app server on a test app's database, as a second server behind a load balancer would run (its own
 * outbox sender and jobs, the same rows). Close it with `server.close()`.
 */
export function buildSecondApp(db: Database, options: Omit<TestAppOptions, 'beforeReady'> = {}) {
  return buildApp({
    config: loadConfig({ NODE_ENV: 'test', APP_SECRET: testSecret, PUBLIC_URL: 'http://mealrounds.test' }),
    db,
    appSecret: testSecret,
    webRoot: null,
    ...options,
  });
}
