import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Account } from '../../../contracts/accounts';
import type { RunningSimulator } from '../../integrations/alayacare/simulator/start-simulator';
import { createTestApp, type TestApp } from '../../testing/test-app';
import { createAccountWithSimulator } from '../../testing/test-source';

/** What the CMS Integration check reads: GET /api/tags, whose code 7 says why the CRM failed. */

describe('a CRM failure says why (meta.source_failure)', () => {
  let t: TestApp;
  let simulator: RunningSimulator;
  let adminToken = '';
  let accountId = 0;

  beforeAll(async () => {
    t = await createTestApp();
    ({
      simulator,
      adminToken,
      account: { id: accountId },
    } = await createAccountWithSimulator(t, { clients: 3 }));
  });
  afterAll(async () => {
    await simulator.close();
    await t.close();
  });

  const readTags = () => t.call('GET', '/api/tags', { token: adminToken });

  it('a CRM that is down: unreachable, with the one message every connection failure has', async () => {
    simulator.faults.setFaults({ isDown: true });
    try {
      const result = await readTags();
      expect(result.status).toBe(502);
      expect(result.body.meta).toEqual({
        error_code: 7,
        message: 'The CRM could not list client tags: it could not be reached.',
        source_failure: 'unreachable',
      });
    } finally {
      simulator.faults.resetFaults();
    }
  });

  it('a CRM that answers 503: bad_answer', async () => {
    simulator.faults.setFaults({ status5xx: 503 });
    try {
      const result = await readTags();
      expect(result.body.meta).toMatchObject({ error_code: 7, source_failure: 'bad_answer' });
    } finally {
      simulator.faults.resetFaults();
    }
  });

  it('a wrong password: refused_login', async () => {
    const saved = await t.call<Account>('PUT', `/api/accounts/${String(accountId)}`, {
      token: adminToken,
      body: { source_password: 'not-the-simulator-password' },
    });
    expect(saved.body.meta.error_code).toBe(0);
    const result = await readTags();
    expect(result.body.meta).toEqual({
      error_code: 7,
      message: 'The CRM could not list client tags: it refused the username and password (401).',
      source_failure: 'refused_login',
    });
  });
});

describe('SOURCE_ALLOW_PRIVATE_HOSTS=false', () => {
  let t: TestApp;
  let simulator: RunningSimulator;
  let adminToken = '';
  let accountId = 0;

  beforeAll(async () => {
    t = await createTestApp({ SOURCE_ALLOW_PRIVATE_HOSTS: 'false' });
    ({
      simulator,
      adminToken,
      account: { id: accountId },
    } = await createAccountWithSimulator(t, { clients: 3 }));
  });
  afterAll(async () => {
    await simulator.close();
    await t.close();
  });

  it.each(['127.0.0.1', 'localhost', '[::ffff:127.0.0.1]'])(
    'a CRM address on %s is refused before connecting, with the same message as a CRM that is down',
    async (host) => {
      const port = new URL(simulator.url).port;
      const saved = await t.call<Account>('PUT', `/api/accounts/${String(accountId)}`, {
        token: adminToken,
        body: {
          source_url: `http://${host}:${port}`,
          source_password: simulator.credentials.password,
        },
      });
      expect(saved.body.meta.error_code).toBe(0);
      simulator.faults.clearRequests();
      const result = await t.call('GET', '/api/tags', { token: adminToken });
      expect(result.status).toBe(502);
      expect(result.body.meta).toEqual({
        error_code: 7,
        message: 'The CRM could not list client tags: it could not be reached.',
        source_failure: 'unreachable',
      });
      expect(simulator.faults.requests).toEqual([]);
    },
  );
});
