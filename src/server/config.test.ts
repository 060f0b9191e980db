import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from './config';

describe('configuration', () => {
  it('has working defaults for the embedded default', () => {
    const config = loadConfig({});
    expect(config).toMatchObject({ PORT: 3000, DATA_DIR: './data', isEmbedded: true, shouldSeedDemo: true });
  });

  it.each([
    [{ PORT: 'eighty' }, 'PORT'],
    [{ DATABASE_URL: 'mysql://x' }, 'DATABASE_URL'],
    [{ SMTP_URL: 'http://mail' }, 'SMTP_URL'],
    [{ APP_SECRET: 'short' }, 'APP_SECRET'],
    [{ CONTACT_WEBHOOK_URL: 'not a url' }, 'CONTACT_WEBHOOK_URL'],
    [{ PARENT_COMPANY_URL: 'nope' }, 'PARENT_COMPANY_URL'],
    [{ LOG_LEVEL: 'loud' }, 'LOG_LEVEL'],
    [{ SOURCE_ALLOW_PRIVATE_HOSTS: 'yes' }, 'SOURCE_ALLOW_PRIVATE_HOSTS'],
  ])('a bad value stops the start with one line naming the variable (%j)', (env, variable) => {
    expect(() => loadConfig(env)).toThrow(ConfigError);
    try {
      loadConfig(env);
    } catch (error) {
      const message = (error as Error).message;
      expect(message.startsWith(`Invalid configuration: ${variable} `)).toBe(true);
      expect(message).not.toContain('\n');
    }
  });

  it('allows private CRM addresses by default only where the demo CRM simulator runs on 127.0.0.1', () => {
    const production = { NODE_ENV: 'production', APP_SECRET: 'p'.repeat(40) };
    const postgres = { DATABASE_URL: 'postgres://db.internal/mealrounds' };
    expect(loadConfig({}).isSourcePrivateHostAllowed).toBe(true);
    expect(loadConfig(production).isSourcePrivateHostAllowed).toBe(false);
    expect(loadConfig(postgres).isSourcePrivateHostAllowed).toBe(false);
    expect(loadConfig({ SEED_DEMO: 'no' }).isSourcePrivateHostAllowed).toBe(false);
    expect(loadConfig({ ...production, SOURCE_ALLOW_PRIVATE_HOSTS: 'true' }).isSourcePrivateHostAllowed).toBe(
      true,
    );
    expect(loadConfig({ SOURCE_ALLOW_PRIVATE_HOSTS: 'false' }).isSourcePrivateHostAllowed).toBe(false);
  });

  it('production refuses to start without its own APP_SECRET and seeds no demo data', () => {
    expect(() => loadConfig({ NODE_ENV: 'production' })).toThrow(
      'Invalid configuration: APP_SECRET is required when NODE_ENV=production (at least 32 characters).',
    );
    const config = loadConfig({ NODE_ENV: 'production', APP_SECRET: 'p'.repeat(40) });
    expect(config.shouldSeedDemo).toBe(false);
  });

  it('a clock start is taken only by tests, and only as an instant with its offset', () => {
    expect(() => loadConfig({ CLOCK_START: '2026-11-25T10:00:00+11:00' })).toThrow(
      'Invalid configuration: CLOCK_START is only for tests (NODE_ENV=test).',
    );
    expect(() => loadConfig({ NODE_ENV: 'test', CLOCK_START: '2026-11-25 10:00' })).toThrow(
      /^Invalid configuration: CLOCK_START /,
    );
    expect(loadConfig({ NODE_ENV: 'test', CLOCK_START: '2026-11-25T10:00:00+11:00' }).CLOCK_START).toBe(
      '2026-11-25T10:00:00+11:00',
    );
  });

  it('the embedded demo listens on this machine only unless HOST says otherwise; any other setup on every address', () => {
    expect(loadConfig({}).HOST).toBe('127.0.0.1');
    expect(loadConfig({ HOST: '0.0.0.0' }).HOST).toBe('0.0.0.0');
    expect(loadConfig({ SEED_DEMO: 'no' }).HOST).toBe('0.0.0.0');
    expect(loadConfig({ DATABASE_URL: 'postgres://db/meals' }).HOST).toBe('0.0.0.0');
    expect(loadConfig({ DATABASE_URL: 'postgres://db/meals', HOST: '10.0.0.5' }).HOST).toBe('10.0.0.5');
  });

  it('requests log at debug on the embedded default and at info with PostgreSQL', () => {
    expect(loadConfig({}).requestLogLevel).toBe('debug');
    expect(loadConfig({ DATABASE_URL: 'postgres://db/meals' }).requestLogLevel).toBe('info');
  });

  it('PostgreSQL is not seeded unless asked', () => {
    expect(loadConfig({ DATABASE_URL: 'postgres://db/meals' }).shouldSeedDemo).toBe(false);
    expect(loadConfig({ DATABASE_URL: 'postgres://db/meals', SEED_DEMO: 'yes' }).shouldSeedDemo).toBe(true);
  });

  it('takes the welfare step interval and the demo auto-reply delay, 0 turning the reply off', () => {
    expect(loadConfig({})).toMatchObject({
      WELFARE_STEPS_INTERVAL_MS: 15_000,
      DEMO_SMS_AUTO_REPLY_MS: 20_000,
    });
    expect(loadConfig({ WELFARE_STEPS_INTERVAL_MS: '1000', DEMO_SMS_AUTO_REPLY_MS: '0' })).toMatchObject({
      WELFARE_STEPS_INTERVAL_MS: 1000,
      DEMO_SMS_AUTO_REPLY_MS: 0,
    });
    expect(() => loadConfig({ WELFARE_STEPS_INTERVAL_MS: '10' })).toThrow(
      /^Invalid configuration: WELFARE_STEPS_INTERVAL_MS /,
    );
  });
});
