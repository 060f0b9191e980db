import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Account } from '../../../contracts/accounts';
import { clients, visits } from '../../db/schema/clients';
import { createTestApp, type TestApp } from '../../testing/test-app';

let t: TestApp;
let adminToken = '';
let userToken = '';
let accountId = 0;
let otherRoundId = 0;

const roundInput = (name: string) => ({
  name,
  address: '12 Parramatta Road, Annandale NSW 2038',
  pickup_time: '09:30',
  timezone: 'Australia/Sydney',
});

/** Adds rounds to the account's list, keeping the rounds it has. */
async function addRounds(token: string, id: number, names: string[]): Promise<Account> {
  const current = await t.call<Account>('GET', `/api/accounts/${id}`, { token });
  const kept = current.body.data.rounds.map(({ id: roundId, name, address, pickup_time, timezone }) => ({
    id: roundId,
    name,
    address,
    pickup_time,
    timezone,
  }));
  const answer = await t.call<Account>('PUT', `/api/accounts/${id}`, {
    token,
    body: { rounds: [...kept, ...names.map(roundInput)] },
  });
  return answer.body.data;
}

const roundIdOf = (account: Account, name: string) =>
  account.rounds.find((round) => round.name === name)?.id ?? 0;

const deleteRound = (round: number | string, token = adminToken) =>
  t.call<null>('DELETE', `/api/rounds/${round}`, { token });

const readAccount = async () =>
  (await t.call<Account>('GET', `/api/accounts/${accountId}`, { token: adminToken })).body.data;

beforeAll(async () => {
  t = await createTestApp();
  const { account, admin, user } = await t.createAccount('Round Delete');
  accountId = account.id;
  adminToken = await t.login(admin.username);
  userToken = await t.login(user.username);
  const other = await t.createAccount('Other Round Delete');
  const otherAccount = await addRounds(await t.login(other.admin.username), other.account.id, ['Theirs']);
  otherRoundId = roundIdOf(otherAccount, 'Theirs');
});
afterAll(async () => t.close());

describe('DELETE /api/rounds/:round', () => {
  it('deletes an unused round and its preferred delivery order', async () => {
    const account = await addRounds(adminToken, accountId, ['Inner West', 'Spare']);
    await t.call('PUT', `/api/accounts/${accountId}`, {
      token: adminToken,
      body: { preferred_delivery_order: { Spare: ['1', '2'], 'Inner West': ['3'] } },
    });
    const result = await deleteRound(roundIdOf(account, 'Spare'));
    expect(result.status).toBe(200);
    expect(result.body.meta).toMatchObject({ error_code: 0, message: 'Round deleted.' });
    const after = await readAccount();
    expect(after.rounds.map((round) => round.name)).toEqual(['Inner West']);
    expect(after.preferred_delivery_order).toEqual({ 'Inner West': ['3'] });
  });

  it('refuses with code 6 while visible clients are on the round, saying how many', async () => {
    const account = await addRounds(adminToken, accountId, ['Busy']);
    const busyId = roundIdOf(account, 'Busy');
    await t.db.insert(clients).values([
      { accountId, sourceId: 'busy-1', name: 'Margaret Smith', roundId: busyId },
      { accountId, sourceId: 'busy-2', name: 'Alan Jones', roundId: busyId },
    ]);
    const result = await deleteRound(busyId);
    expect(result.status).toBe(409);
    expect(result.body.meta).toMatchObject({
      error_code: 6,
      message: 'This round is used by 2 clients. Move its clients to another round before deleting it.',
    });
    expect((await readAccount()).rounds.map((round) => round.name)).toContain('Busy');
  });

  it('refuses the same when an account update leaves out a round in use', async () => {
    const account = await readAccount();
    const kept = account.rounds.filter((round) => round.name !== 'Busy');
    const result = await t.call('PUT', `/api/accounts/${accountId}`, {
      token: adminToken,
      body: {
        rounds: kept.map(({ id, name, address, pickup_time, timezone }) => ({
          id,
          name,
          address,
          pickup_time,
          timezone,
        })),
      },
    });
    expect(result.status).toBe(409);
    expect(result.body.meta).toMatchObject({
      error_code: 6,
      message: 'Busy: This round is used by 2 clients. Move its clients to another round before deleting it.',
    });
    expect((await readAccount()).rounds.map((round) => round.name)).toContain('Busy');
  });

  it('refuses while a hidden client on the round still has visits', async () => {
    const account = await addRounds(adminToken, accountId, ['Visited']);
    const visitedId = roundIdOf(account, 'Visited');
    const [client] = await t.db
      .insert(clients)
      .values({ accountId, sourceId: 'hidden-1', name: 'Hidden', roundId: visitedId, isHidden: true })
      .returning();
    await t.db.insert(visits).values({
      accountId,
      clientId: client?.id ?? 0,
      sourceId: 'visit-1',
      date: '2026-03-02',
      startAt: new Date('2026-03-01T23:00:00Z'),
      endAt: new Date('2026-03-01T23:30:00Z'),
    });
    const result = await deleteRound(visitedId);
    expect(result.body.meta).toMatchObject({
      error_code: 6,
      message: 'This round is used by 1 visit. Move its clients to another round before deleting it.',
    });
  });

  it('answers code 2 for a round id that is not a number', async () => {
    const result = await deleteRound('abc');
    expect(result.status).toBe(400);
    expect(result.body.meta.error_code).toBe(2);
  });

  it('answers 401 without a session and 403 for a non-admin user', async () => {
    const account = await addRounds(adminToken, accountId, ['Guarded']);
    const guardedId = roundIdOf(account, 'Guarded');
    const anonymous = await t.call('DELETE', `/api/rounds/${guardedId}`);
    expect(anonymous.status).toBe(401);
    const forbidden = await deleteRound(guardedId, userToken);
    expect(forbidden.status).toBe(403);
    expect(forbidden.body.meta.error_code).toBe(4);
    expect((await readAccount()).rounds.map((round) => round.name)).toContain('Guarded');
  });

  it("answers 404 for another account's round and a missing one", async () => {
    expect((await deleteRound(otherRoundId)).status).toBe(404);
    expect((await deleteRound(2147483000)).body.meta).toMatchObject({
      error_code: 5,
      message: 'Round not found.',
    });
  });
});
