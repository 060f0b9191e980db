import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../testing/test-app';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp(
    {},
    {
      beforeReady: (server) => {
        server.get('/api/test-crash', async () => {
          throw new Error('relation "secret_table" does not exist at line 42');
        });
      },
    },
  );
});
afterAll(async () => t.close());

describe('the envelope on every answer', () => {
  it('unknown API routes answer code 5', async () => {
    const result = await t.call('GET', '/api/no-such-thing');
    expect(result.status).toBe(404);
    expect(result.body).toEqual({
      meta: { error_code: 5, message: 'No route GET /api/no-such-thing.' },
      data: null,
    });
  });

  it('malformed JSON answers code 2', async () => {
    const response = await t.server.inject({
      method: 'POST',
      url: '/api/users/login',
      headers: { 'content-type': 'application/json' },
      payload: '{"username": ',
    });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({
      meta: { error_code: 2, message: 'The request body is not valid JSON.' },
      data: null,
    });
  });

  it('a body over 1 MiB answers 413 with code 2', async () => {
    const response = await t.server.inject({
      method: 'POST',
      url: '/api/contact',
      headers: { 'content-type': 'application/json' },
      payload: JSON.stringify({ message: 'x'.repeat(1024 * 1024 + 10) }),
    });
    expect(response.statusCode).toBe(413);
    expect(response.json()).toMatchObject({ meta: { error_code: 2 }, data: null });
  });

  it('another media type answers code 2', async () => {
    const response = await t.server.inject({
      method: 'POST',
      url: '/api/users/login',
      headers: { 'content-type': 'text/plain' },
      payload: 'hello',
    });
    expect(response.json()).toMatchObject({ meta: { error_code: 2 }, data: null });
  });

  it('internal errors answer code 99 without the cause', async () => {
    const result = await t.call('GET', '/api/test-crash');
    expect(result.status).toBe(500);
    expect(result.body).toEqual({
      meta: { error_code: 99, message: 'Internal error. Please try again later.' },
      data: null,
    });
  });

  it('prototype poisoning is refused', async () => {
    const response = await t.server.inject({
      method: 'POST',
      url: '/api/users/login',
      headers: { 'content-type': 'application/json' },
      payload: '{"username":"a@b.co","password":"xxxxxx","__proto__":{"admin":true}}',
    });
    expect(response.json()).toMatchObject({ meta: { error_code: 2 } });
  });

  it('security headers are set', async () => {
    const response = await t.server.inject({ method: 'GET', url: '/api/config' });
    expect(response.headers['content-security-policy']).toContain("frame-ancestors 'none'");
    expect(response.headers['x-content-type-options']).toBe('nosniff');
    expect(response.headers['referrer-policy']).toBe('no-referrer');
  });

  it('the forgot route is rate limited per IP with code 8', async () => {
    let last = await t.call('POST', '/api/users/forgot', { body: { username: 'x@y.test' } });
    for (let attempt = 0; attempt < 12 && last.status !== 429; attempt += 1) {
      last = await t.call('POST', '/api/users/forgot', { body: { username: 'x@y.test' } });
    }
    expect(last.status).toBe(429);
    expect(last.body.meta.error_code).toBe(8);
    expect(String(last.body.meta.message)).toMatch(/try again in \d+ seconds/);
  });
});
