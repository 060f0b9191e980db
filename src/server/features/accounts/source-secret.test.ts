import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { Account } from '../../../contracts/accounts';
import { reenterSourcePasswordMessage } from '../../../domain/source-credentials';
import { accounts } from '../../db/schema/accounts';
import { createTestApp, type TestApp } from '../../testing/test-app';

type Seen = { path: string; authorization: string };

// One recording "CRM": the address the password was entered for is /trusted, the one an admin changes to is /elsewhere.
let t: TestApp;
let recorder: Server;
let seen: Seen[] = [];
let trustedUrl = '';
let elsewhereUrl = '';
const storedSecret = 'entered-for-trusted-7731';

const basicOf = (username: string, password: string) =>
  `Basic ${Buffer.from(`${username}:${password}`).toString('base64')}`;

beforeAll(async () => {
  recorder = createServer((request, response) => {
    seen.push({ path: request.url ?? '', authorization: request.headers.authorization ?? '' });
    response.writeHead(401, { 'content-type': 'application/json' }).end('{"code":401,"message":"No"}');
  });
  await new Promise<void>((resolve) => recorder.listen(0, '127.0.0.1', resolve));
  const base = `http://127.0.0.1:${(recorder.address() as AddressInfo).port}`;
  trustedUrl = `${base}/trusted`;
  elsewhereUrl = `${base}/elsewhere`;
  t = await createTestApp();
});
afterAll(async () => {
  await t.close();
  await new Promise((resolve) => recorder.close(resolve));
});
beforeEach(() => {
  seen = [];
});

/** An account linked to /trusted with the stored secret, and its admin's token. */
async function createLinkedAccount(name: string) {
  const { account, admin, user } = await t.createAccount(name);
  const token = await t.login(admin.username);
  const linked = await t.call<Account>('PUT', `/api/accounts/${account.id}`, {
    token,
    body: {
      source_system: 'alayacare',
      source_url: trustedUrl,
      source_username: 'key',
      source_password: storedSecret,
    },
  });
  expect(linked.body.meta.error_code).toBe(0);
  return { accountId: account.id, token, userToken: await t.login(user.username) };
}

const readStored = async (accountId: number) =>
  (await t.db.select().from(accounts).where(eq(accounts.id, accountId)))[0];

describe('the CRM password follows only the address it was entered for', () => {
  it('refuses a new address or username without the password (code 2) and stores nothing', async () => {
    const { accountId, token } = await createLinkedAccount('Secret Refused');
    const before = await readStored(accountId);
    for (const body of [
      { source_url: elsewhereUrl },
      { source_url: elsewhereUrl, source_password: '' },
      { source_username: 'another-key' },
      { source_url: elsewhereUrl, source_username: 'key', description: 'and a description' },
    ]) {
      const refused = await t.call('PUT', `/api/accounts/${accountId}`, { token, body });
      expect(refused).toMatchObject({
        status: 400,
        body: {
          data: null,
          meta: {
            error_code: 2,
            message: reenterSourcePasswordMessage,
            errors: [{ field: 'source_password', message: reenterSourcePasswordMessage }],
          },
        },
      });
    }
    expect(await readStored(accountId)).toEqual(before);
  });

  it('saves a new address with the password typed again, and lets the rest change without it', async () => {
    const { accountId, token } = await createLinkedAccount('Secret Saved');
    const unchanged = await t.call<Account>('PUT', `/api/accounts/${accountId}`, {
      token,
      body: { source_url: trustedUrl, source_username: 'key', source_system: 'demo', description: 'Kept' },
    });
    expect(unchanged.body.meta.error_code).toBe(0);
    const moved = await t.call<Account>('PUT', `/api/accounts/${accountId}`, {
      token,
      body: { source_url: elsewhereUrl, source_username: 'new-key', source_password: 'typed-again' },
    });
    expect(moved.body.meta).toMatchObject({ error_code: 0, message: 'Settings saved successfully' });
    expect(moved.body.data).toMatchObject({
      source_url: elsewhereUrl,
      source_username: 'new-key',
      has_source_password: true,
    });
    // Clearing the address sends the secret nowhere.
    const cleared = await t.call<Account>('PUT', `/api/accounts/${accountId}`, {
      token,
      body: { source_url: '' },
    });
    expect(cleared.body.data.source_url).toBe('');
  });

  it('never sends the stored password to a new address, in a save or in a connection check', async () => {
    const { accountId, token } = await createLinkedAccount('Secret Kept');
    const refused = await t.call('PUT', `/api/accounts/${accountId}`, {
      token,
      body: { source_url: elsewhereUrl },
    });
    expect(refused.body.meta.error_code).toBe(2);
    // The settings screen's access check reads the CRM with the saved link: still /trusted.
    const check = await t.call('GET', '/api/tags', { token });
    expect(check.body.meta.error_code).toBe(7);
    expect(seen.length).toBeGreaterThan(0);
    expect(seen.every((request) => request.path.startsWith('/trusted/'))).toBe(true);
    expect(seen.every((request) => request.authorization === basicOf('key', storedSecret))).toBe(true);

    seen = [];
    await t.call('PUT', `/api/accounts/${accountId}`, {
      token,
      body: { source_url: elsewhereUrl, source_password: 'typed-for-elsewhere' },
    });
    await t.call('GET', '/api/visits/tags', { token });
    expect(seen.length).toBeGreaterThan(0);
    expect(seen.every((request) => request.path.startsWith('/elsewhere/'))).toBe(true);
    expect(seen.every((request) => request.authorization === basicOf('key', 'typed-for-elsewhere'))).toBe(
      true,
    );
    expect(JSON.stringify(seen)).not.toContain(Buffer.from(`key:${storedSecret}`).toString('base64'));
  });

  it('keeps the CRM link to admins (403), the own account (404) and a login (401)', async () => {
    const { accountId, userToken } = await createLinkedAccount('Secret Guarded');
    const { token: otherToken } = await createLinkedAccount('Secret Other');
    const body = { source_url: elsewhereUrl, source_password: 'typed' };
    expect(await t.call('PUT', `/api/accounts/${accountId}`, { token: userToken, body })).toMatchObject({
      status: 403,
    });
    expect(await t.call('PUT', `/api/accounts/${accountId}`, { token: otherToken, body })).toMatchObject({
      status: 404,
    });
    expect(await t.call('PUT', `/api/accounts/${accountId}`, { body })).toMatchObject({ status: 401 });
    expect((await readStored(accountId))?.sourceUrl).toBe(trustedUrl);
  });
});
