import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../testing/test-app';
import { createTravelRepository } from './repository';

/**
 * The travel cache's lookup binds its keys as one array parameter: keys with the characters an array literal
 * quotes (commas, quotes, backslashes, braces, spaces) must come back as stored, on PGlite and on PostgreSQL.
 */
let t: TestApp;
let accountId = 0;
let otherAccountId = 0;
const now = new Date('2026-11-18T01:00:00Z');
const freshSince = new Date('2026-10-19T01:00:00Z');
const stale = new Date('2026-10-01T01:00:00Z');

const awkwardKeys = [
  '12 smith st, newtown nsw 2042:3 king st, newtown nsw 2042',
  'unit 4 "the mews", annandale:o\'brien lane, stanmore',
  'c:\\depot {north}:null',
  'NULL:',
];

beforeAll(async () => {
  t = await createTestApp();
  accountId = (await t.createAccount('Travel Lookup')).account.id;
  otherAccountId = (await t.createAccount('Travel Lookup Other')).account.id;
  const repository = createTravelRepository(t.db);
  await repository.saveTravel(
    accountId,
    'osrm',
    awkwardKeys.map((routeKey, index) => ({ routeKey, kms: index + 0.5, mins: index + 1 })),
    now,
    freshSince,
  );
  await repository.saveTravel(accountId, 'osrm', [{ routeKey: 'old:leg', kms: 1, mins: 1 }], stale, stale);
  await repository.saveTravel(accountId, 'google', [{ routeKey: 'a:b', kms: 2, mins: 2 }], now, freshSince);
  await repository.saveTravel(
    otherAccountId,
    'osrm',
    [{ routeKey: 'a:b', kms: 3, mins: 3 }],
    now,
    freshSince,
  );
});
afterAll(async () => {
  await t.close();
});

describe('travel cache lookup', () => {
  it('answers the fresh legs among the keys, in one statement, whatever characters the keys hold', async () => {
    const repository = createTravelRepository(t.db);
    const found = await repository.findTravel(
      accountId,
      'osrm',
      [...awkwardKeys, 'old:leg', 'a:b', 'not:cached'],
      freshSince,
    );
    expect(found.sort((a, b) => a.kms - b.kms)).toEqual(
      awkwardKeys.map((routeKey, index) => ({ routeKey, kms: index + 0.5, mins: index + 1 })),
    );
  });

  it('keeps to the account and the provider, and answers nothing for no keys', async () => {
    const repository = createTravelRepository(t.db);
    expect(await repository.findTravel(accountId, 'google', ['a:b'], freshSince)).toEqual([
      { routeKey: 'a:b', kms: 2, mins: 2 },
    ]);
    expect(
      await repository.findTravel(otherAccountId, 'osrm', ['a:b', awkwardKeys[0] ?? ''], freshSince),
    ).toEqual([{ routeKey: 'a:b', kms: 3, mins: 3 }]);
    expect(await repository.findTravel(accountId, 'osrm', [], freshSince)).toEqual([]);
  });

  it('looks up more keys than one statement could bind as separate parameters', async () => {
    const repository = createTravelRepository(t.db);
    const many = Array.from({ length: 70_000 }, (_, index) => `from ${String(index)}:to`);
    const found = await repository.findTravel(accountId, 'osrm', [...many, awkwardKeys[1] ?? ''], freshSince);
    expect(found.map((row) => row.routeKey)).toEqual([awkwardKeys[1]]);
  });
});
