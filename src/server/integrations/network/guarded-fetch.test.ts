import { createServer, type Server } from 'node:http';
import type { LookupAddress, LookupOptions } from 'node:dns';
import type { AddressInfo, LookupFunction } from 'node:net';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createGuardedFetch, createGuardedLookup, PrivateAddressError } from './guarded-fetch';

/**
 * Name resolution is injected: no test asks a real DNS server, and no request goes anywhere but a server of the
 * test's own on 127.0.0.1 (reached only where private addresses are allowed, or refused before connecting).
 */
function createResolver(answers: Record<string, string[]>): LookupFunction {
  return (hostname, options: LookupOptions, callback) => {
    const addresses = answers[hostname];
    if (!addresses?.[0]) {
      const error = Object.assign(new Error(`getaddrinfo ENOTFOUND ${hostname}`), { code: 'ENOTFOUND' });
      callback(error, options.all ? [] : '', 0);
      return;
    }
    const entries: LookupAddress[] = addresses.map((address) => ({
      address,
      family: address.includes(':') ? 6 : 4,
    }));
    if (options.all) callback(null, entries);
    else callback(null, entries[0]?.address ?? '', entries[0]?.family ?? 4);
  };
}

type LookupAnswer = { error: Error | null; address: string | LookupAddress[] };

function lookUp(lookup: LookupFunction, hostname: string, all: boolean): Promise<LookupAnswer> {
  return new Promise((resolve) => {
    lookup(hostname, { all }, (error, address) => resolve({ error, address }));
  });
}

describe('the guarded lookup', () => {
  const resolve = createResolver({
    'crm.example': ['203.0.113.10'],
    'internal.example': ['10.0.0.5'],
    'metadata.example': ['169.254.169.254'],
    'mapped.example': ['::ffff:192.168.1.1'],
    'mixed.example': ['203.0.113.10', '127.0.0.1'],
    'v6.example': ['2001:db8::1', 'fd00::1'],
  });

  it('answers a public address as the resolver did', async () => {
    const lookup = createGuardedLookup({ isPrivateAllowed: false, resolve });
    expect(await lookUp(lookup, 'crm.example', false)).toEqual({ error: null, address: '203.0.113.10' });
    expect(await lookUp(lookup, 'crm.example', true)).toEqual({
      error: null,
      address: [{ address: '203.0.113.10', family: 4 }],
    });
  });

  it.each(['internal.example', 'metadata.example', 'mapped.example', 'mixed.example', 'v6.example'])(
    'refuses %s, which resolves to a private address (any one of its addresses)',
    async (hostname) => {
      const lookup = createGuardedLookup({ isPrivateAllowed: false, resolve });
      expect((await lookUp(lookup, hostname, true)).error).toBeInstanceOf(PrivateAddressError);
      // Asked for one address, the resolver answers the first: private here, except for the two mixed names.
      const first = await lookUp(lookup, hostname, false);
      if (!hostname.startsWith('mixed') && !hostname.startsWith('v6'))
        expect(first.error).toBeInstanceOf(PrivateAddressError);
    },
  );

  it('passes private addresses when the operator allows them', async () => {
    const lookup = createGuardedLookup({ isPrivateAllowed: true, resolve });
    expect(await lookUp(lookup, 'internal.example', false)).toEqual({ error: null, address: '10.0.0.5' });
  });

  it("passes the resolver's own failure on", async () => {
    const lookup = createGuardedLookup({ isPrivateAllowed: false, resolve });
    const answer = await lookUp(lookup, 'unknown.example', false);
    expect(answer.error).toMatchObject({ code: 'ENOTFOUND' });
  });
});

describe('the guarded fetch', () => {
  let server: Server;
  let port = 0;
  const received: string[] = [];
  const resolve = createResolver({ 'crm.test': ['127.0.0.1'], localhost: ['127.0.0.1', '::1'] });

  beforeAll(async () => {
    server = createServer((request, response) => {
      received.push(request.url ?? '');
      if (request.url === '/moved') {
        response.writeHead(302, { location: `http://crm.test:${String(port)}/elsewhere` }).end();
        return;
      }
      response.writeHead(200, { 'content-type': 'application/json' }).end('{"ok":true}');
    });
    await new Promise<void>((done) => server.listen(0, '127.0.0.1', done));
    port = (server.address() as AddressInfo).port;
  });
  afterAll(async () => new Promise<void>((done) => server.close(() => done())));
  beforeEach(() => {
    received.length = 0;
  });

  const init = () => ({
    method: 'GET',
    headers: { authorization: 'Basic c2VjcmV0' },
    signal: AbortSignal.timeout(10_000),
    redirect: 'manual' as const,
  });

  async function causeOf(promise: Promise<unknown>): Promise<unknown> {
    const error = await promise.then(
      () => null,
      (rejection: unknown) => rejection,
    );
    expect(error).toBeInstanceOf(Error);
    return (error as Error).cause;
  }

  it.each([
    'http://crm.test:PORT/',
    'http://127.0.0.1:PORT/',
    'http://[::1]:PORT/',
    'http://localhost:PORT/',
  ])('refuses %s before connecting', async (address) => {
    const guardedFetch = createGuardedFetch({ isPrivateAllowed: false, resolve });
    const url = new URL(address.replace('PORT', String(port)));
    expect(await causeOf(guardedFetch(url, init()))).toBeInstanceOf(PrivateAddressError);
    expect(received).toEqual([]);
  });

  it('reaches a private address when the operator allows it', async () => {
    const guardedFetch = createGuardedFetch({ isPrivateAllowed: true, resolve });
    const response = await guardedFetch(new URL(`http://crm.test:${String(port)}/tags`), init());
    expect(response.status).toBe(200);
    expect(await response.text()).toBe('{"ok":true}');
    expect(received).toEqual(['/tags']);
  });

  it('never follows a redirect: the 3xx is the answer', async () => {
    const guardedFetch = createGuardedFetch({ isPrivateAllowed: true, resolve });
    const response = await guardedFetch(new URL(`http://crm.test:${String(port)}/moved`), init());
    expect(response.status).toBe(302);
    expect(received).toEqual(['/moved']);
  });
});
