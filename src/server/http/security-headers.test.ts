import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from '../config';
import { createTestApp, type TestApp } from '../testing/test-app';
import { buildContentSecurityPolicy, buildPermissionsPolicy, isApiPath } from './security-headers';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => t.close());

describe('Cache-Control and Permissions-Policy', () => {
  it('an authenticated answer is never stored and carries the Permissions-Policy', async () => {
    const { admin, account } = await t.createAccount('Headers');
    const token = await t.login(admin.username);
    const response = await t.server.inject({
      method: 'GET',
      url: `/api/accounts/${account.id}`,
      headers: { authorization: `Bearer ${token}` },
    });
    expect(response.statusCode).toBe(200);
    expect(response.headers['cache-control']).toBe('no-store');
    expect(response.headers['permissions-policy']).toBe(buildPermissionsPolicy());
  });

  it('so are the log in answer and the refusals', async () => {
    const { user } = await t.createAccount('Headers Login');
    for (const request of [
      {
        method: 'POST' as const,
        url: '/api/users/login',
        payload: { username: user.username, password: 'x' },
      },
      { method: 'GET' as const, url: '/api/users' },
      { method: 'GET' as const, url: '/api/no-such-route' },
    ]) {
      const response = await t.server.inject(request);
      expect(response.statusCode).toBeGreaterThanOrEqual(400);
      expect(response.headers['cache-control']).toBe('no-store');
      expect(response.headers['permissions-policy']).toBeDefined();
    }
  });

  it.each(['/%61pi/accounts/', '/%61%70%69/accounts/', '/api%2Faccounts/'])(
    'an API answer reached through an encoded path %s is never stored either',
    async (prefix) => {
      const { admin, account } = await t.createAccount('Headers Encoded');
      const token = await t.login(admin.username);
      const response = await t.server.inject({
        method: 'GET',
        url: `${prefix}${account.id}`,
        headers: { authorization: `Bearer ${token}` },
      });
      expect(response.headers['cache-control']).toBe('no-store');
    },
  );

  it('denies camera and microphone and keeps geolocation to our own pages', () => {
    expect(buildPermissionsPolicy()).toBe('camera=(), microphone=(), geolocation=(self), payment=(), usb=()');
  });
});

describe('isApiPath decides on the path as the router reads it', () => {
  it.each([
    ['/api/clients', true],
    ['/api/clients?page=2', true],
    ['/%61pi/clients', true],
    ['/%41PI/clients', true],
    ['//api//clients', true],
    ['/api', true],
    ['/%E0%A4%A/clients', true],
    ['/', false],
    ['/clients/', false],
    ['/apis/clients', false],
    ['/assets/index.js?api/', false],
  ])('%s -> %s', (url, expected) => {
    expect(isApiPath(url)).toBe(expected);
  });
});

describe('map tiles in the configuration and the CSP', () => {
  it("defaults to OpenStreetMap's tiles and allows exactly that origin for images", () => {
    const config = loadConfig({});
    expect(config.MAP_TILE_URL).toBe('https://tile.openstreetmap.org/{z}/{x}/{y}.png');
    expect(buildContentSecurityPolicy(config).imgSrc).toEqual([
      "'self'",
      'data:',
      'blob:',
      'https://tile.openstreetmap.org',
    ]);
  });

  it("allows another tile server's origin (and only its origin) when configured", () => {
    const config = loadConfig({ MAP_TILE_URL: 'https://tiles.example.org:8443/osm/{z}/{x}/{y}.png?key=abc' });
    expect(buildContentSecurityPolicy(config).imgSrc).toContain('https://tiles.example.org:8443');
    expect(buildContentSecurityPolicy(config).imgSrc).not.toContain('https://tile.openstreetmap.org');
  });

  it('accepts the placeholders in any order (some servers put y before x)', () => {
    const config = loadConfig({ MAP_TILE_URL: 'https://tiles.example.org/tile/{z}/{y}/{x}' });
    expect(buildContentSecurityPolicy(config).imgSrc).toContain('https://tiles.example.org');
  });

  it.each([
    'tile.openstreetmap.org/{z}/{x}/{y}.png',
    'https://tiles.example.org/{x}/{y}.png',
    'ftp://t/{z}/{x}/{y}',
  ])('refuses %j with one line naming MAP_TILE_URL', (value) => {
    expect(() => loadConfig({ MAP_TILE_URL: value })).toThrow(ConfigError);
    expect(() => loadConfig({ MAP_TILE_URL: value })).toThrow(/^Invalid configuration: MAP_TILE_URL /);
  });
});
