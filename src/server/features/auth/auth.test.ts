import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { LoginResult, RefreshResult } from '../../../contracts/auth';
import type { User } from '../../../contracts/users';
import { mailOutbox } from '../../db/schema/messages';
import { confirmCodes } from '../../db/schema/users';
import { startSmtpCapture, type SmtpCapture } from '../../testing/smtp-capture';
import { createTestApp, testPassword, type TestApp } from '../../testing/test-app';

let smtp: SmtpCapture;
let t: TestApp;
let clock = new Date('2026-11-21T09:00:00Z');

beforeAll(async () => {
  smtp = await startSmtpCapture();
  t = await createTestApp({ SMTP_URL: smtp.url }, { now: () => clock });
});
afterAll(async () => {
  await t.close();
  await smtp.close();
});

/** The confirm link of the next mail to `to` (`after`: how many mails `to` had before). */
async function waitForLink(to: string, after: number): Promise<URL> {
  await smtp.waitForMail(to, after);
  const link = smtp.findConfirmLink(to);
  if (!link) throw new Error(`the mail to ${to} has no confirm link`);
  return link;
}

const countMailsTo = (to: string) => smtp.mails.filter((mail) => mail.to.includes(to)).length;

describe('POST /api/users/login', () => {
  it('answers a token and the account for the right password', async () => {
    const { account, admin } = await t.createAccount('Login Ok');
    const result = await t.call<LoginResult>('POST', '/api/users/login', {
      body: { username: admin.username.toUpperCase(), password: testPassword },
    });
    expect(result.status).toBe(200);
    expect(result.body.meta.error_code).toBe(0);
    expect(result.body.data.account.id).toBe(account.id);
    expect(result.body.data.account).not.toHaveProperty('source_password');
    const claims = JSON.parse(
      Buffer.from(result.body.data.jwt.split('.')[1]!, 'base64url').toString(),
    ) as Record<string, unknown>;
    expect(claims).toMatchObject({ username: admin.username, access_level: 'admin', account_id: account.id });
  });

  it('refuses a wrong password and an unknown user with code 3', async () => {
    const { user } = await t.createAccount('Login Bad');
    const wrong = await t.call('POST', '/api/users/login', {
      body: { username: user.username, password: 'nope-nope' },
    });
    expect(wrong.status).toBe(401);
    expect(wrong.body.meta).toMatchObject({ error_code: 3, message: 'Username or password is incorrect' });
    const unknown = await t.call('POST', '/api/users/login', {
      body: { username: 'ghost@x.test', password: 'whatever' },
    });
    expect(unknown.body.meta.error_code).toBe(3);
  });

  it('validates the body with field messages (code 2)', async () => {
    const result = await t.call('POST', '/api/users/login', { body: { username: '', extra: 1 } });
    expect(result.status).toBe(400);
    expect(result.body.meta.error_code).toBe(2);
    const fields = (result.body.meta.errors ?? []).map((error) => error.field);
    expect(fields).toEqual(expect.arrayContaining(['username', 'password', 'extra']));
  });

  it('throttles a username after 5 failures, whatever the password (code 8)', async () => {
    const { user } = await t.createAccount('Throttle');
    for (let attempt = 0; attempt < 5; attempt += 1) {
      const result = await t.call('POST', '/api/users/login', {
        body: { username: user.username, password: 'bad-pass' },
      });
      expect(result.body.meta.error_code).toBe(3);
    }
    const blocked = await t.call('POST', '/api/users/login', {
      body: { username: user.username, password: testPassword },
    });
    expect(blocked.status).toBe(429);
    expect(blocked.body.meta.error_code).toBe(8);
    expect(String(blocked.body.meta.message)).toContain('15 minutes');
    clock = new Date(clock.getTime() + 16 * 60 * 1000);
    const later = await t.call('POST', '/api/users/login', {
      body: { username: user.username, password: testPassword },
    });
    expect(later.body.meta.error_code).toBe(0);
  });
});

describe('tokens', () => {
  it('refresh answers a fresh working token; no token gives code 3', async () => {
    const { user, account } = await t.createAccount('Refresh');
    const token = await t.login(user.username);
    const refreshed = await t.call<RefreshResult>('POST', '/api/users/refresh', { token, body: {} });
    expect(refreshed.body.meta.error_code).toBe(0);
    const fetched = await t.call('GET', `/api/accounts/${account.id}`, { token: refreshed.body.data.jwt });
    expect(fetched.body.meta.error_code).toBe(0);
    const anonymous = await t.call('POST', '/api/users/refresh', { body: {} });
    expect(anonymous.status).toBe(401);
    expect(anonymous.body.meta.error_code).toBe(3);
  });

  it('logout ends that login session only', async () => {
    const { user, account } = await t.createAccount('Logout');
    const first = await t.login(user.username);
    const second = await t.login(user.username);
    const out = await t.call('POST', '/api/users/logout', { token: first, body: {} });
    expect(out.body.meta.error_code).toBe(0);
    const revoked = await t.call('GET', `/api/accounts/${account.id}`, { token: first });
    expect(revoked.status).toBe(401);
    expect(revoked.body.meta.error_code).toBe(3);
    const other = await t.call('GET', `/api/accounts/${account.id}`, { token: second });
    expect(other.body.meta.error_code).toBe(0);
  });

  it('refuses forged and garbage tokens', async () => {
    const { account } = await t.createAccount('Forged');
    const forged = await t.call('GET', `/api/accounts/${account.id}`, { token: 'e30.e30.sig' });
    expect(forged.body.meta.error_code).toBe(3);
  });
});

describe('registration and password reset', () => {
  it('a new user sets a password from the mailed link, once; earlier tokens die with a reset', async () => {
    const { admin } = await t.createAccount('Register');
    const adminToken = await t.login(admin.username);
    const before = countMailsTo('new.person@register.test');
    const created = await t.call<User>('POST', '/api/users', {
      token: adminToken,
      body: { username: 'new.person@register.test', access_level: 'normal' },
    });
    expect(created.status).toBe(201);
    const link = await waitForLink('new.person@register.test', before);
    expect(link.pathname).toBe('/confirm');
    const body = {
      username: link.searchParams.get('username'),
      confirmCode: link.searchParams.get('confirmCode'),
      password: 'a-brand-new-password',
      passwordConfirm: 'a-brand-new-password',
    };
    const confirmed = await t.call('POST', '/api/users/confirm', { body });
    expect(confirmed.body.meta).toMatchObject({
      error_code: 0,
      message:
        'Your registration was successful. You can now log in with the username and password you entered.',
    });
    const token = await t.login('new.person@register.test', 'a-brand-new-password');

    const reused = await t.call('POST', '/api/users/confirm', { body });
    expect(reused.body.meta.error_code).toBe(2);

    const resetBefore = countMailsTo('new.person@register.test');
    const forgot = await t.call('POST', '/api/users/forgot', {
      body: { username: 'new.person@register.test' },
    });
    expect(forgot.body.meta.message).toContain('If an account exists with that email address');
    const resetLink = await waitForLink('new.person@register.test', resetBefore);
    const reset = await t.call('POST', '/api/users/reset', {
      body: {
        username: 'new.person@register.test',
        confirmCode: resetLink.searchParams.get('confirmCode'),
        password: 'another-long-password',
        passwordConfirm: 'another-long-password',
      },
    });
    expect(reset.body.meta.error_code).toBe(0);
    const stale = await t.call('POST', '/api/users/refresh', { token, body: {} });
    expect(stale.body.meta.error_code).toBe(3);
    await t.login('new.person@register.test', 'another-long-password');
  });

  it('refuses an expired code and mismatched passwords', async () => {
    const { admin } = await t.createAccount('Expired');
    const adminToken = await t.login(admin.username);
    const before = countMailsTo(admin.username);
    await t.call('POST', `/api/users/${admin.id}/reset`, { token: adminToken, body: {} });
    const link = await waitForLink(admin.username, before);
    const code = link.searchParams.get('confirmCode');
    const mismatch = await t.call('POST', '/api/users/confirm', {
      body: {
        username: admin.username,
        confirmCode: code,
        password: 'long-enough-pass',
        passwordConfirm: 'other-pass-x',
      },
    });
    expect(mismatch.body.meta.errors).toEqual([
      { field: 'passwordConfirm', message: 'The passwords do not match.' },
    ]);
    clock = new Date(clock.getTime() + 25 * 60 * 60 * 1000);
    const expired = await t.call('POST', '/api/users/confirm', {
      body: {
        username: admin.username,
        confirmCode: code,
        password: 'long-enough-pass',
        passwordConfirm: 'long-enough-pass',
      },
    });
    expect(expired.body.meta.error_code).toBe(2);
    expect(await t.db.select().from(confirmCodes)).not.toHaveLength(0);
  });

  it('forgot answers the same for an unknown user and sends nothing', async () => {
    const result = await t.call('POST', '/api/users/forgot', { body: { username: 'nobody@nowhere.test' } });
    expect(result.body.meta).toMatchObject({ error_code: 0 });
    expect(result.body.meta.message).toContain('If an account exists with that email address');
    // Every mail is queued in the outbox before the answer: nothing queued is nothing sent.
    const queued = await t.db
      .select()
      .from(mailOutbox)
      .where(eq(mailOutbox.recipient, 'nobody@nowhere.test'));
    expect(queued).toEqual([]);
  });

  it('a short password is refused with the length message, word for word', async () => {
    const result = await t.call('POST', '/api/users/confirm', {
      body: { username: 'a@b.test', confirmCode: 'x', password: 'short', passwordConfirm: 'short' },
    });
    expect(result.body.meta.errors).toContainEqual({
      field: 'password',
      message: 'Must be greater than 10 characters.',
    });
  });
});
