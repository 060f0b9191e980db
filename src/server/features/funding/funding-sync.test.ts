import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FundingProfile, FundingProfileBody } from '../../../contracts/funding';
import type { RunningSimulator } from '../../integrations/alayacare/simulator/start-simulator';
import { createTestApp, type TestApp } from '../../testing/test-app';
import { createAccountWithSimulator } from '../../testing/test-source';

// The simulator's clients carry a gender (M or F) in their AlayaCare profile.
let t: TestApp;
let simulator: RunningSimulator;
let token = '';
beforeAll(async () => {
  t = await createTestApp({}, { now: () => new Date('2026-11-18T03:00:00Z') });
  const setup = await createAccountWithSimulator(t);
  simulator = setup.simulator;
  token = setup.adminToken;
});
afterAll(async () => {
  await simulator.close();
  await t.close();
});

const sync = () => t.call<{ client_id: number; name: string }[]>('GET', '/api/clients?sync=true', { token });

describe('funder profile from the CRM', () => {
  it('fills the gender from the AlayaCare profile on a sync, and keeps a gender a user set', async () => {
    const listed = await sync();
    const first = listed.body.data[0];
    if (!first) throw new Error('no client synced');
    const wire = simulator.state.clients.find(
      (client) => `${client.firstName} ${client.lastName}` === first.name,
    );
    const path = `/api/clients/${String(first.client_id)}/funding`;
    const filled = await t.call<FundingProfile>('GET', path, { token });
    expect(filled.body.data.gender_code).toBe(wire?.gender === 'M' ? 'MALE' : 'FEMALE');
    expect(filled.body.data.programme).toBeNull();

    const { client_id: _id, slk: _slk, ...body } = filled.body.data;
    const local: FundingProfileBody = { ...body, gender_code: 'NOTSTATED', programme: 'CHSP' };
    expect((await t.call('PUT', path, { token, body: local })).status).toBe(200);
    await sync();
    const kept = await t.call<FundingProfile>('GET', path, { token });
    expect(kept.body.data).toMatchObject({ gender_code: 'NOTSTATED', programme: 'CHSP' });
  });
});
