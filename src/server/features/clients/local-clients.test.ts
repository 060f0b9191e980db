import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ClientDetail, ClientListItem } from '../../../contracts/clients';
import { ErrorCode } from '../../../contracts/envelope';
import { clients } from '../../db/schema/clients';
import { auditLog } from '../../db/schema/messages';
import { mapsFailed, type MapsProvider } from '../../integrations/maps/maps-provider';
import { createOfflineProvider } from '../../integrations/maps/offline-provider';
import { createTestApp, type TestApp } from '../../testing/test-app';
import { addressNotCheckedText, sourceClientMessage, sourceNewClientMessage } from './service';
import { createClientsAccount, fixedNow } from '../../testing/clients-fixture';

/** The offline gazetteer, whose geocoder the tests can take down (the maps provider failing: code 9). */
const offline = createOfflineProvider({ speedKmh: 30 });
let isGeocoderDown = false;
const switchableProvider: MapsProvider = {
  ...offline,
  geocode: (address) =>
    isGeocoderDown ? Promise.reject(mapsFailed('offline', 'it answered 503.')) : offline.geocode(address),
};

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({}, { now: () => fixedNow, routing: { mapsProvider: switchableProvider } });
});
afterAll(async () => t.close());

/** An account with rounds and labels, and `none` (no CRM) unless `isCrm`; two CRM clients when `isCrm`. */
async function setUp(name: string, isFromSource = false) {
  const s = await createClientsAccount(
    t,
    name,
    isFromSource ? [{ name: 'Ann Able', round: 'North', externalId: 'A-1' }] : [],
  );
  if (!isFromSource) {
    const answer = await t.call('PUT', `/api/accounts/${s.accountId}`, {
      token: s.adminToken,
      body: { source_system: 'none' },
    });
    expect(answer.body.meta.error_code).toBe(0);
  }
  return s;
}
type Setup = Awaited<ReturnType<typeof setUp>>;

const newtown = { address: '14 Smith Street', city: 'Newtown', state: 'nsw', zip: '2042' };
const nowhere = { address: '1 Nowhere Lane', city: 'Atlantis', state: 'QLD', zip: '4999' };

/** The details form as the client screen sends it, with the identity fields given. */
function detailsWith(identity: Record<string, unknown>) {
  return {
    round: 'North',
    labels: [],
    dietary_requirements: '',
    plan: 'Weekdays',
    plan_dow: [1, 1, 1, 1, 1, 0, 0],
    delivery_instructions: '',
    ...identity,
  };
}

function create(s: Setup, body: unknown, token = s.token) {
  return t.call<ClientDetail>('POST', '/api/clients', { token, body });
}

function put(s: Setup, id: number, body: unknown, token = s.token) {
  return t.call<ClientDetail>('PUT', `/api/clients/${id}`, { token, body });
}

async function auditActions(accountId: number, clientId: number) {
  const rows = await t.db
    .select()
    .from(auditLog)
    .where(
      and(
        eq(auditLog.accountId, accountId),
        eq(auditLog.targetType, 'client'),
        eq(auditLog.targetId, String(clientId)),
      ),
    );
  return rows.map((row) => row.action);
}

describe('POST /api/clients (an account without a CRM)', () => {
  it('adds a client with a local key, the phone in E.164, the state in capitals and the address placed', async () => {
    const s = await setUp('Local create');
    const answer = await create(s, {
      name: '  Nell Newtown ',
      phone: '0412 345 678',
      external_id: 'NN-1',
      ...newtown,
    });
    expect(answer.status).toBe(201);
    expect(answer.body.meta.message).toBe('Client added successfully.');
    const client = answer.body.data;
    expect(client).toMatchObject({
      name: 'Nell Newtown',
      phone: '+61412345678',
      state: 'NSW',
      zip: '2042',
      external_status: 'active',
      external_id: 'NN-1',
      address_unplaced: false,
      round: '',
      plan_dow: [0, 0, 0, 0, 0, 0, 0],
    });
    expect(client.key).toMatch(/^local-/);
    expect(client.latitude).toBeCloseTo(-33.8976, 3);
    expect(client.longitude).toBeCloseTo(151.1794, 3);
    expect(Object.keys(client.meal_choices)).toHaveLength(7);
    expect(await auditActions(s.accountId, client.client_id)).toEqual(['client.create']);

    // The list shows it, and its sync (nothing to sync from) hides nothing.
    const list = await t.call<ClientListItem[]>('GET', '/api/clients?sync=true', { token: s.token });
    expect(list.body.meta.message).toBe('');
    expect(list.body.data.map((row) => row.name)).toEqual(['Nell Newtown']);
  });

  it('flags an address the maps cannot place, and needs only a name', async () => {
    const s = await setUp('Local unplaced');
    const answer = await create(s, { name: 'Una Placed', ...nowhere });
    expect(answer.status).toBe(201);
    expect(answer.body.data).toMatchObject({ address_unplaced: true, latitude: null, longitude: null });
    const bare = await create(s, { name: 'No Address' });
    expect(bare.body.data).toMatchObject({ address_unplaced: false, latitude: null, phone: '', state: '' });
  });

  it('refuses bad fields with code 2 and a message per field, adding nothing', async () => {
    const s = await setUp('Local invalid');
    const cases: [unknown, string][] = [
      [{ name: '   ' }, 'name'],
      [{ name: 'x'.repeat(201) }, 'name'],
      [{ name: 'Sam', state: 'New South Wales' }, 'state'],
      [{ name: 'Sam', zip: '204' }, 'zip'],
      [{ name: 'Sam', phone: '12' }, 'phone'],
      [{ name: 'Sam', external_status: 'deleted' }, 'external_status'],
      [{ name: 'Sam', address: 'x'.repeat(501) }, 'address'],
    ];
    for (const [body, field] of cases) {
      const answer = await create(s, body);
      expect(answer.status, JSON.stringify(body)).toBe(400);
      expect(answer.body.meta.error_code).toBe(ErrorCode.invalidInput);
      expect(answer.body.meta.errors?.map((error) => error.field)).toContain(field);
    }
    const unknown = await create(s, { name: 'Sam', round: 'North' });
    expect(unknown.body.meta.error_code).toBe(ErrorCode.invalidInput);
    const rows = await t.db.select().from(clients).where(eq(clients.accountId, s.accountId));
    expect(rows).toEqual([]);
  });

  it('keeps external ids unique in the account (empty ones excepted)', async () => {
    const s = await setUp('Local unique');
    expect((await create(s, { name: 'First', external_id: 'X-1' })).status).toBe(201);
    const taken = await create(s, { name: 'Second', external_id: ' X-1 ' });
    expect(taken.body.meta.error_code).toBe(ErrorCode.invalidInput);
    expect(taken.body.meta.errors).toEqual([
      { field: 'external_id', message: "Another client already has the external id 'X-1'." },
    ]);
    expect((await create(s, { name: 'Third' })).status).toBe(201);
    expect((await create(s, { name: 'Fourth' })).status).toBe(201);
    // Another account may use the same id.
    const other = await setUp('Local unique other');
    expect((await create(other, { name: 'Elsewhere', external_id: 'X-1' })).status).toBe(201);
  });

  it('answers 401 without a token and code 6 on an account with a CRM', async () => {
    const s = await setUp('Crm create', true);
    const anonymous = await t.call('POST', '/api/clients', { body: { name: 'Sam' } });
    expect(anonymous.status).toBe(401);
    const answer = await create(s, { name: 'Sam' });
    expect(answer.status).toBe(409);
    expect(answer.body.meta).toMatchObject({
      error_code: ErrorCode.conflict,
      message: sourceNewClientMessage,
    });
  });

  it('saves the client when the maps provider fails, unflagged, and says the address was not checked', async () => {
    const s = await setUp('Local maps down');
    isGeocoderDown = true;
    const answer = await create(s, { name: 'Dora Down', ...newtown }).finally(() => {
      isGeocoderDown = false;
    });
    expect(answer.status).toBe(201);
    expect(answer.body.meta.message).toBe(`Client added successfully. ${addressNotCheckedText}`);
    expect(answer.body.data).toMatchObject({ address_unplaced: false, latitude: null, longitude: null });
    // The next save checks the address again, though it did not change.
    const again = await put(s, answer.body.data.client_id, detailsWith({}));
    expect(again.body.meta.message).toBe('Client updated successfully.');
    expect(again.body.data.latitude).toBeCloseTo(-33.8976, 3);
  });
});

describe('PUT /api/clients/:id with the identity fields', () => {
  it('changes them on an account without a CRM, places a changed address and discharges the client', async () => {
    const s = await setUp('Local edit');
    const created = await create(s, { name: 'Eve Edit', ...newtown });
    const id = created.body.data.client_id;

    const moved = await put(s, id, detailsWith({ name: 'Eve Edited', phone: '(02) 9999 0000', ...nowhere }));
    expect(moved.status).toBe(200);
    expect(moved.body.data).toMatchObject({
      name: 'Eve Edited',
      phone: '+61299990000',
      address: '1 Nowhere Lane',
      address_unplaced: true,
      latitude: null,
      round: 'North',
    });

    const fixed = await put(s, id, detailsWith({ address: '9 King Street', city: 'Newtown' }));
    expect(fixed.body.data).toMatchObject({ address: '9 King Street', address_unplaced: false });
    expect(fixed.body.data.latitude).toBeCloseTo(-33.8976, 3);

    const discharged = await put(s, id, detailsWith({ external_status: 'discharged', external_id: 'E-9' }));
    expect(discharged.body.data).toMatchObject({ external_status: 'discharged', external_id: 'E-9' });
    // Discharged, never deleted: the client is still there.
    expect((await t.call('GET', `/api/clients/${id}`, { token: s.token })).status).toBe(200);
    expect(await auditActions(s.accountId, id)).toEqual([
      'client.create',
      'client.update',
      'client.update',
      'client.update',
    ]);
  });

  it('refuses bad identity fields with code 2, changing nothing', async () => {
    const s = await setUp('Local edit invalid');
    const id = (await create(s, { name: 'Ivy Invalid', external_id: 'I-1' })).body.data.client_id;
    const other = (await create(s, { name: 'Olly Other', external_id: 'O-1' })).body.data.client_id;
    const cases: [unknown, string][] = [
      [detailsWith({ name: '' }), 'name'],
      [detailsWith({ zip: 'NSW' }), 'zip'],
      [detailsWith({ state: 'XYZ' }), 'state'],
      [detailsWith({ phone: 'call me' }), 'phone'],
      [detailsWith({ external_id: 'I-1' }), ''],
    ];
    for (const [body, field] of cases) {
      const answer = await put(s, other, body);
      if (field === '') {
        expect(answer.body.meta.errors).toEqual([
          { field: 'external_id', message: "Another client already has the external id 'I-1'." },
        ]);
      } else {
        expect(
          answer.body.meta.errors?.map((error) => error.field),
          JSON.stringify(body),
        ).toContain(field);
      }
      expect(answer.body.meta.error_code).toBe(ErrorCode.invalidInput);
    }
    const [row] = await t.db.select().from(clients).where(eq(clients.id, other));
    expect(row).toMatchObject({ name: 'Olly Other', externalId: 'O-1', roundId: null });
    // Its own external id again is fine.
    expect((await put(s, id, detailsWith({ external_id: 'I-1' }))).status).toBe(200);
  });

  it("answers 404 for another account's client and 401 without a token", async () => {
    const s = await setUp('Local edit owner');
    const other = await setUp('Local edit stranger');
    const id = (await create(s, { name: 'Owen Owned' })).body.data.client_id;
    const answer = await put(other, id, detailsWith({ name: 'Taken Over' }));
    expect(answer.status).toBe(404);
    expect((await t.call('PUT', `/api/clients/${id}`, { body: detailsWith({}) })).status).toBe(401);
    const [row] = await t.db.select().from(clients).where(eq(clients.id, id));
    expect(row?.name).toBe('Owen Owned');
  });

  it('with a CRM: repeating the fields is fine, changing one answers code 6 and changes nothing', async () => {
    const s = await setUp('Crm edit', true);
    const id = s.clientIds[0] ?? 0;
    const same = await put(s, id, detailsWith({ name: 'Ann Able', external_id: 'A-1' }));
    expect(same.status).toBe(200);
    for (const change of [
      { name: 'Ann Renamed' },
      { external_status: 'discharged' },
      { address: '1 New Road' },
    ]) {
      const answer = await put(s, id, detailsWith(change));
      expect(answer.status).toBe(409);
      expect(answer.body.meta).toMatchObject({
        error_code: ErrorCode.conflict,
        message: sourceClientMessage,
      });
    }
    const [row] = await t.db.select().from(clients).where(eq(clients.id, id));
    expect(row).toMatchObject({ name: 'Ann Able', externalStatus: 'active', address: '' });
  });
});

describe('the travel of clients kept in MealRounds', () => {
  it('uses the coordinates placed at the save, without asking the geocoder again', async () => {
    const s = await setUp('Local travel');
    await create(s, { name: 'From Here', ...newtown });
    await create(s, {
      name: 'To There',
      address: '3 Church Street',
      city: 'Marrickville',
      state: 'NSW',
      zip: '2204',
    });
    const distance = (from: string) =>
      t.call<{ kms: number }>('POST', '/api/maps/distance', {
        token: s.token,
        body: { from, to: '3 Church Street, Marrickville NSW 2204' },
      });
    isGeocoderDown = true;
    const [answer, notAClient] = await Promise.all([
      distance('14 Smith Street, Newtown NSW 2042'),
      distance('20 King Street, Newtown NSW 2042'),
    ]).finally(() => {
      isGeocoderDown = false;
    });
    expect(notAClient.body.meta.error_code).toBe(ErrorCode.mapsProvider);
    expect(answer.body.meta.error_code).toBe(0);
    expect(answer.body.data.kms).toBeGreaterThan(0);
  });
});
