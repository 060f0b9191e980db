import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { User } from '../../../contracts/users';
import { startSmtpCapture, type SmtpCapture } from '../../testing/smtp-capture';
import { createTestApp, type TestApp } from '../../testing/test-app';

let smtp: SmtpCapture;
let t: TestApp;

beforeAll(async () => {
  smtp = await startSmtpCapture();
  t = await createTestApp({ SMTP_URL: smtp.url });
});
afterAll(async () => {
  await t.close();
  await smtp.close();
});

describe('users API', () => {
  it("lists, adds, edits and deletes users of the admin's own account", async () => {
    const { admin, user } = await t.createAccount('Users Crud');
    const token = await t.login(admin.username);

    const list = await t.call<User[]>('GET', '/api/users', { token });
    expect(list.body.data.map((row) => row.username)).toEqual([admin.username, user.username]);
    expect(list.body.meta).toMatchObject({ record_total: 2, record_count: 2, page: 1, page_max: 1 });

    const created = await t.call<User>('POST', '/api/users', {
      token,
      body: { username: 'Cook@Users-Crud.test', access_level: 'admin' },
    });
    expect(created.status).toBe(201);
    expect(created.body.data).toMatchObject({
      username: 'cook@users-crud.test',
      access_level: 'admin',
      is_confirmed: false,
    });

    const edited = await t.call<User>('PUT', `/api/users/${created.body.data.id}`, {
      token,
      body: { username: 'cook@users-crud.test', access_level: 'normal' },
    });
    expect(edited.body.data.access_level).toBe('normal');

    const renamed = await t.call('PUT', `/api/users/${created.body.data.id}`, {
      token,
      body: { username: 'other@users-crud.test', access_level: 'normal' },
    });
    expect(renamed.body.meta.error_code).toBe(2);

    const deleted = await t.call('DELETE', `/api/users/${created.body.data.id}`, { token });
    expect(deleted.body.meta).toMatchObject({ error_code: 0, message: 'User deleted successfully' });
    const after = await t.call<User[]>('GET', '/api/users', { token });
    expect(after.body.data).toHaveLength(2);
  });

  it('answers 409 (code 6) for a duplicate username, even one in another account', async () => {
    const { admin } = await t.createAccount('Dup One');
    const { user: otherUser } = await t.createAccount('Dup Two');
    const token = await t.login(admin.username);
    const result = await t.call('POST', '/api/users', {
      token,
      body: { username: otherUser.username, access_level: 'normal' },
    });
    expect(result.status).toBe(409);
    expect(result.body.meta.error_code).toBe(6);
  });

  it('validates the user form (code 2 with field messages)', async () => {
    const { admin } = await t.createAccount('Validate');
    const token = await t.login(admin.username);
    const result = await t.call('POST', '/api/users', {
      token,
      body: { username: 'not-an-email', access_level: 'sys_admin' },
    });
    expect(result.status).toBe(400);
    expect(result.body.meta.errors).toEqual(
      expect.arrayContaining([
        { field: 'username', message: 'Username needs to be a valid email address.' },
        expect.objectContaining({ field: 'access_level' }),
      ]),
    );
    const badId = await t.call('DELETE', '/api/users/abc', { token });
    expect(badId.body.meta.error_code).toBe(2);
  });

  it('needs a login (code 3) and an admin (code 4)', async () => {
    const { user, admin } = await t.createAccount('Perms');
    const anonymous = await t.call('GET', '/api/users');
    expect(anonymous.status).toBe(401);
    expect(anonymous.body.meta.error_code).toBe(3);
    const token = await t.login(user.username);
    for (const [method, url, body] of [
      ['GET', '/api/users', undefined],
      ['POST', '/api/users', { username: 'x@y.test', access_level: 'normal' }],
      ['PUT', `/api/users/${admin.id}`, { access_level: 'normal' }],
      ['DELETE', `/api/users/${admin.id}`, undefined],
      ['POST', `/api/users/${admin.id}/reset`, {}],
    ] as const) {
      const result = await t.call(method, url, { token, body });
      expect(result.status, `${method} ${url}`).toBe(403);
      expect(result.body.meta.error_code).toBe(4);
    }
  });

  it("answers 404 (code 5) for another account's user", async () => {
    const { admin } = await t.createAccount('Mine');
    const { user: theirs } = await t.createAccount('Theirs');
    const token = await t.login(admin.username);
    for (const [method, url, body] of [
      ['PUT', `/api/users/${theirs.id}`, { access_level: 'admin' }],
      ['DELETE', `/api/users/${theirs.id}`, undefined],
      ['POST', `/api/users/${theirs.id}/reset`, {}],
    ] as const) {
      const result = await t.call(method, url, { token, body });
      expect(result.status, `${method} ${url}`).toBe(404);
      expect(result.body.meta.error_code).toBe(5);
    }
    const theirToken = await t.login(theirs.username);
    expect((await t.call('GET', '/api/users', { token: theirToken })).status).toBe(403);
  });

  it('refuses deleting oneself and losing the last admin', async () => {
    const { admin } = await t.createAccount('Last Admin');
    const token = await t.login(admin.username);
    const self = await t.call('DELETE', `/api/users/${admin.id}`, { token });
    expect(self.body.meta).toMatchObject({ error_code: 4, message: 'You cannot delete your own user.' });
    const demote = await t.call('PUT', `/api/users/${admin.id}`, { token, body: { access_level: 'normal' } });
    expect(demote.body.meta).toMatchObject({
      error_code: 4,
      message: 'An account must keep at least one administrator.',
    });
  });

  it('sends a password reset mail with a confirm link', async () => {
    const { admin, user } = await t.createAccount('Reset Mail');
    const token = await t.login(admin.username);
    const result = await t.call('POST', `/api/users/${user.id}/reset`, { token, body: {} });
    expect(result.body.meta.message).toBe(`Email instructions successfully sent to ${user.username}`);
    expect(smtp.findConfirmLink(user.username)?.searchParams.get('username')).toBe(user.username);
  });

  it('a demoted admin loses admin rights at once', async () => {
    const { admin } = await t.createAccount('Demote');
    const adminToken = await t.login(admin.username);
    const second = await t.call<User>('POST', '/api/users', {
      token: adminToken,
      body: { username: 'boss@demote.test', access_level: 'admin' },
    });
    await t.call('PUT', `/api/users/${admin.id}`, { token: adminToken, body: { access_level: 'normal' } });
    const after = await t.call('GET', '/api/users', { token: adminToken });
    expect(after.body.meta.error_code).toBe(4);
    expect(second.body.data.access_level).toBe('admin');
  });
});
