import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Account } from '../../../contracts/accounts';
import type { RoundClient } from '../../../contracts/rounds';
import { clients } from '../../db/schema/clients';
import { createTestApp, type TestApp } from '../../testing/test-app';

let t: TestApp;
let token = '';
let roundId = 0;
let emptyRoundId = 0;
let otherRoundId = 0;
let accountId = 0;

const roundInput = (name: string) => ({
  name,
  address: '12 Parramatta Road, Annandale NSW 2038',
  pickup_time: '09:30',
  timezone: 'Australia/Sydney',
});

beforeAll(async () => {
  t = await createTestApp();
  const { account, admin, user } = await t.createAccount('Rounds');
  accountId = account.id;
  const adminToken = await t.login(admin.username);
  token = await t.login(user.username);
  const updated = await t.call<Account>('PUT', `/api/accounts/${accountId}`, {
    token: adminToken,
    body: { rounds: [roundInput('Inner West'), roundInput('Empty')] },
  });
  roundId = updated.body.data.rounds.find((round) => round.name === 'Inner West')?.id ?? 0;
  emptyRoundId = updated.body.data.rounds.find((round) => round.name === 'Empty')?.id ?? 0;
  const client = (sourceId: string, name: string, extra: Partial<typeof clients.$inferInsert> = {}) => ({
    accountId,
    sourceId,
    name,
    address: `${sourceId} Booth Street`,
    city: 'Annandale',
    state: 'NSW',
    zip: '2038',
    roundId,
    ...extra,
  });
  await t.db
    .insert(clients)
    .values([
      client('101', 'Margaret Smith'),
      client('102', 'Alan Jones'),
      client('103', 'Wei Chen', { address: '', city: '', state: '', zip: '' }),
      client('104', 'Betty White'),
      client('105', 'Hidden Client', { isHidden: true }),
      client('106', 'Elsewhere', { roundId: emptyRoundId, name: 'Zed Elsewhere' }),
    ]);
  const other = await t.createAccount('Other Rounds');
  const otherAdmin = await t.login(other.admin.username);
  const otherUpdated = await t.call<Account>('PUT', `/api/accounts/${other.account.id}`, {
    token: otherAdmin,
    body: { rounds: [roundInput('Theirs')] },
  });
  otherRoundId = otherUpdated.body.data.rounds[0]?.id ?? 0;
});
afterAll(async () => t.close());

const listClients = (round: number, auth = token) =>
  t.call<RoundClient[]>('GET', `/api/rounds/${round}/clients`, { token: auth });

describe('GET /api/rounds/:round/clients', () => {
  it("lists the round's visible clients by name, with the CRM id as key and the visit-style address", async () => {
    const result = await listClients(roundId);
    expect(result.body.meta).toMatchObject({ error_code: 0, record_total: 4 });
    expect(result.body.data).toEqual([
      { key: '102', name: 'Alan Jones', address: '102 Booth Street, Annandale NSW 2038' },
      { key: '104', name: 'Betty White', address: '104 Booth Street, Annandale NSW 2038' },
      { key: '101', name: 'Margaret Smith', address: '101 Booth Street, Annandale NSW 2038' },
      { key: '103', name: 'Wei Chen', address: '' },
    ]);
    expect((await listClients(emptyRoundId)).body.data.map((client) => client.key)).toEqual(['106']);
  });

  it('puts the preferred delivery order of the round first, the others after by name', async () => {
    await t.call('PUT', `/api/accounts/${accountId}`, {
      token,
      body: { preferred_delivery_order: { 'Inner West': ['103', 'gone', '101'], Empty: ['102'] } },
    });
    const keys = (await listClients(roundId)).body.data.map((client) => client.key);
    expect(keys).toEqual(['103', '101', '102', '104']);
  });

  it("answers 404 for another account's round or an unknown one, 400 for a bad id, 401 without login", async () => {
    expect(await listClients(otherRoundId)).toMatchObject({ status: 404, body: { meta: { error_code: 5 } } });
    expect((await listClients(2147483000)).status).toBe(404);
    expect((await t.call('GET', '/api/rounds/abc/clients', { token })).status).toBe(400);
    expect((await t.call('GET', `/api/rounds/${roundId}/clients`)).status).toBe(401);
  });
});
