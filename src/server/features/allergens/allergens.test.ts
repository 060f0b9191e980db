import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { standardAllergens, type Allergen, type AllergenClash } from '../../../contracts/allergens';
import type { ClientDetail, SavedClient } from '../../../contracts/clients';
import type { SavedMeal } from '../../../contracts/meals';
import { clients } from '../../db/schema/clients';
import { meals } from '../../db/schema/meals';
import { auditLog } from '../../db/schema/messages';
import { createTestApp, type TestApp } from '../../testing/test-app';
import { createClientsAccount, fixedNow } from '../../testing/clients-fixture';

// fixedNow is Wednesday 18-11-2026 in Sydney: 18-11 on is the future, 17-11 the past.
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({}, { now: () => fixedNow });
});
afterAll(async () => t.close());

async function setUp(name: string) {
  return createClientsAccount(t, name, [{ name: 'Ann Able', round: 'North' }, { name: 'Bob Baker' }]);
}
type Setup = Awaited<ReturnType<typeof setUp>>;

function list(s: Setup) {
  return t.call<Allergen[]>('GET', '/api/allergens', { token: s.token });
}

async function keyOf(s: Setup, name: string): Promise<string> {
  const found = (await list(s)).body.data.find((allergen) => allergen.name === name);
  if (!found) throw new Error(`no allergen ${name}`);
  return found.key;
}

function setMealAllergens(s: Setup, key: string, allergens: unknown) {
  return t.call<SavedMeal>('PUT', '/api/meals/meals', { token: s.token, body: { key, allergens } });
}

function setAllergies(s: Setup, clientId: number, allergies: unknown) {
  return t.call<SavedClient>('PUT', `/api/clients/${clientId}`, {
    token: s.token,
    body: {
      round: '',
      labels: [],
      dietary_requirements: '',
      plan: '',
      plan_dow: [0, 0, 0, 0, 0, 0, 0],
      delivery_instructions: '',
      allergies,
    },
  });
}

function putChoices(s: Setup, clientId: number, mealChoices: unknown) {
  return t.call<ClientDetail>('PUT', `/api/clients/${clientId}`, {
    token: s.token,
    body: { meal_choices: mealChoices },
  });
}

describe('allergens API access', () => {
  it.each([
    ['GET', '/api/allergens'],
    ['POST', '/api/allergens'],
    ['PUT', '/api/allergens/some-key'],
    ['DELETE', '/api/allergens/some-key'],
    ['GET', '/api/allergens/clashes'],
  ])('%s %s answers 401 without a token', async (method, url) => {
    const result = await t.call(
      method as 'GET',
      url,
      method === 'POST' || method === 'PUT' ? { body: {} } : {},
    );
    expect(result.status).toBe(401);
    expect(result.body.meta.error_code).toBe(3);
  });
});

describe('the allergen list', () => {
  it("starts with the food standards' declarable allergens for every new account", async () => {
    const s = await setUp('Seeded');
    const result = await list(s);
    expect(result.status).toBe(200);
    expect(result.body.data.map((allergen) => allergen.name)).toEqual([...standardAllergens]);
    expect(result.body.meta).toMatchObject({ record_total: 12, page: 1, page_max: 1 });
  });

  it('adds an allergen for a normal user, refusing a taken or empty name with code 2', async () => {
    const s = await setUp('Add');
    const added = await t.call<Allergen[]>('POST', '/api/allergens', {
      token: s.token,
      body: { name: ' celery ' },
    });
    expect(added.status).toBe(201);
    expect(added.body.meta.message).toBe('Allergen Added.');
    expect(added.body.data.map((allergen) => allergen.name).at(-1)).toBe('celery');
    for (const body of [
      { name: 'Egg' },
      { name: '  ' },
      { name: 'x'.repeat(61) },
      {},
      { name: 'mustard', extra: 1 },
    ]) {
      const refused = await t.call('POST', '/api/allergens', { token: s.token, body });
      expect(refused.status, JSON.stringify(body)).toBe(400);
      expect(refused.body.meta.error_code).toBe(2);
    }
    expect((await list(s)).body.data).toHaveLength(13);
  });

  it('renames an allergen and carries the new name to the meals and clients that have it', async () => {
    const s = await setUp('Rename');
    const clientId = s.clientIds[0] ?? 0;
    expect((await setMealAllergens(s, 'beef-pie', ['milk', 'gluten'])).status).toBe(200);
    expect((await setAllergies(s, clientId, ['milk'])).status).toBe(200);
    const key = await keyOf(s, 'milk');
    const renamed = await t.call<Allergen[]>('PUT', `/api/allergens/${key}`, {
      token: s.token,
      body: { name: 'dairy' },
    });
    expect(renamed.status).toBe(200);
    expect(renamed.body.data.map((allergen) => allergen.name)).toContain('dairy');
    const [meal] = await t.db
      .select()
      .from(meals)
      .where(eq(meals.id, s.mealIds['beef-pie'] ?? 0));
    expect(meal?.allergens).toEqual(['dairy', 'gluten']);
    const [client] = await t.db.select().from(clients).where(eq(clients.id, clientId));
    expect(client?.allergies).toEqual(['dairy']);

    const taken = await t.call('PUT', `/api/allergens/${key}`, { token: s.token, body: { name: 'EGG' } });
    expect(taken.body.meta.error_code).toBe(2);
    expect(taken.body.meta.errors).toEqual([{ field: 'name', message: 'This name is already in use.' }]);
    const empty = await t.call('PUT', `/api/allergens/${key}`, { token: s.token, body: { name: '' } });
    expect(empty.body.meta.error_code).toBe(2);
  });

  it('removes an unused allergen, and refuses one in use with code 6 naming where', async () => {
    const s = await setUp('Remove');
    const lupin = await keyOf(s, 'lupin');
    const removed = await t.call<Allergen[]>('DELETE', `/api/allergens/${lupin}`, { token: s.token });
    expect(removed.status).toBe(200);
    expect(removed.body.data.map((allergen) => allergen.name)).not.toContain('lupin');

    await setMealAllergens(s, 'beef-pie', ['egg']);
    await setMealAllergens(s, 'pumpkin-soup', ['egg']);
    await setAllergies(s, s.clientIds[1] ?? 0, ['egg']);
    const egg = await keyOf(s, 'egg');
    const refused = await t.call('DELETE', `/api/allergens/${egg}`, { token: s.token });
    expect(refused.status).toBe(409);
    expect(refused.body.meta.error_code).toBe(6);
    expect(refused.body.meta.message).toBe(
      "'egg' is still used by 2 meals (Beef Pie, Pumpkin Soup) and 1 client (Bob Baker). Remove it from them first.",
    );
    expect((await list(s)).body.data.map((allergen) => allergen.name)).toContain('egg');
  });

  it("answers 404 for another account's allergen and never changes it", async () => {
    const mine = await setUp('Mine');
    const theirs = await setUp('Theirs');
    const key = await keyOf(theirs, 'fish');
    const renamed = await t.call('PUT', `/api/allergens/${key}`, {
      token: mine.token,
      body: { name: 'seafood' },
    });
    expect(renamed.status).toBe(404);
    expect(renamed.body.meta.error_code).toBe(5);
    const removed = await t.call('DELETE', `/api/allergens/${key}`, { token: mine.token });
    expect(removed.status).toBe(404);
    expect((await list(theirs)).body.data.map((allergen) => allergen.name)).toContain('fish');
  });
});

describe('allergens of meals and clients', () => {
  it('keeps the names in the list spelling, once, and refuses unknown ones with code 2', async () => {
    const s = await setUp('Names');
    const saved = await setMealAllergens(s, 'beef-pie', ['MILK', 'egg', 'milk']);
    expect(saved.body.data.allergens).toEqual(['milk', 'egg']);
    expect(saved.body.data.allergen_clashes).toEqual([]);
    const unknown = await setMealAllergens(s, 'beef-pie', ['milk', 'unobtainium']);
    expect(unknown.body.meta.error_code).toBe(2);
    expect(unknown.body.meta.errors).toEqual([
      { field: 'allergens', message: "Unknown allergen 'unobtainium'." },
    ]);

    const clientId = s.clientIds[0] ?? 0;
    const client = await setAllergies(s, clientId, ['Peanut']);
    expect(client.body.data.allergies).toEqual(['peanut']);
    const bad = await setAllergies(s, clientId, ['moonbeam']);
    expect(bad.body.meta.errors).toEqual([{ field: 'allergies', message: "Unknown allergen 'moonbeam'." }]);
    const read = await t.call<ClientDetail>('GET', `/api/clients/${clientId}`, { token: s.token });
    expect(read.body.data.allergies).toEqual(['peanut']);
  });

  it('leaves allergies as they are when the details form does not send them', async () => {
    const s = await setUp('Absent');
    const clientId = s.clientIds[0] ?? 0;
    await setAllergies(s, clientId, ['soy']);
    const saved = await setAllergies(s, clientId, undefined);
    expect(saved.status).toBe(200);
    expect(saved.body.data.allergies).toEqual(['soy']);
  });
});

describe('clashing meal choices', () => {
  async function clashSetUp(name: string) {
    const s = await setUp(name);
    const clientId = s.clientIds[0] ?? 0;
    await setAllergies(s, clientId, ['egg', 'milk']);
    await setMealAllergens(s, 'beef-pie', ['egg', 'gluten']);
    return { s, clientId };
  }

  it('refuses a newly ticked clashing meal without a reason, with code 2 naming the clash', async () => {
    const { s, clientId } = await clashSetUp('Refuse');
    const refused = await putChoices(s, clientId, { '24-11-2026': { 'beef-pie': 1, 'pumpkin-soup': 1 } });
    expect(refused.status).toBe(400);
    expect(refused.body.meta.error_code).toBe(2);
    expect(refused.body.meta.errors).toEqual([
      {
        field: 'meal_choices.24-11-2026.beef-pie.allergen_override',
        message: 'Beef Pie: Contains egg — client is allergic. Give a reason to override.',
      },
    ]);
    const read = await t.call<ClientDetail>('GET', `/api/clients/${clientId}?week=24-11-2026`, {
      token: s.token,
    });
    expect(read.body.data.meal_choices['24-11-2026']).toEqual({});
    const blank = await putChoices(s, clientId, {
      '24-11-2026': { 'beef-pie': { allergen_override: '  ' } },
    });
    expect(blank.body.meta.error_code).toBe(2);
  });

  it('stores an override with its reason, records it in the audit log and keeps it on later saves', async () => {
    const { s, clientId } = await clashSetUp('Override');
    const reason = 'Doctor says a little egg is fine';
    const saved = await putChoices(s, clientId, {
      '24-11-2026': { 'beef-pie': { quantity: 2, allergen_override: ` ${reason} ` } },
    });
    expect(saved.status).toBe(200);
    expect(saved.body.data.meal_choices['24-11-2026']?.['beef-pie']).toMatchObject({
      quantity: 2,
      allergen_override: reason,
    });
    const audits = await t.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.accountId, s.accountId), eq(auditLog.action, 'client.allergen_override')));
    expect(audits.map((row) => row.detail)).toEqual([
      { date: '24-11-2026', meal: 'Beef Pie', allergens: ['egg'], reason },
    ]);

    // Sent again as a plain quantity, the choice keeps its override and no new audit entry is made.
    const again = await putChoices(s, clientId, { '24-11-2026': { 'beef-pie': 3 } });
    expect(again.body.data.meal_choices['24-11-2026']?.['beef-pie']?.allergen_override).toBe(reason);
    const after = await t.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.accountId, s.accountId), eq(auditLog.action, 'client.allergen_override')));
    expect(after).toHaveLength(1);

    // A reason sent for a meal that does not clash is not kept.
    const plain = await putChoices(s, clientId, {
      '25-11-2026': { 'pumpkin-soup': { allergen_override: 'not needed' } },
    });
    expect(plain.body.data.meal_choices['25-11-2026']?.['pumpkin-soup']).not.toHaveProperty(
      'allergen_override',
    );
  });

  it('says how many clashes a meal save or an allergy added created, listing them all', async () => {
    const s = await setUp('Created');
    const [ann = 0, bob = 0] = s.clientIds;
    await s.addChoices([
      [ann, '2026-11-19', 'pumpkin-soup', 1],
      [ann, '2026-11-20', 'beef-pie', 1],
      [bob, '2026-11-20', 'pumpkin-soup', 1],
    ]);
    await setMealAllergens(s, 'pumpkin-soup', ['milk']);
    await setMealAllergens(s, 'beef-pie', ['egg']);

    // An allergy added to Ann: her soup clashes (one created); the details form without allergies says nothing.
    const added = await setAllergies(s, ann, ['milk']);
    expect(added.status).toBe(200);
    expect(added.body.data.allergen_clashes_created).toBe(1);
    expect(added.body.data.allergen_clashes?.map((clash) => [clash.date, clash.meal_key])).toEqual([
      ['19-11-2026', 'pumpkin-soup'],
    ]);
    const more = await setAllergies(s, ann, ['milk', 'egg']);
    expect(more.body.data.allergen_clashes_created).toBe(1);
    expect(more.body.data.allergen_clashes).toHaveLength(2);
    const same = await setAllergies(s, ann, ['milk', 'egg']);
    expect(same.body.data.allergen_clashes_created).toBe(0);
    const untouched = await setAllergies(s, ann, undefined);
    expect(untouched.body.data).not.toHaveProperty('allergen_clashes_created');

    // Bob is allergic to soy: adding soy to the soup creates his clash; saving it again creates none.
    await setAllergies(s, bob, ['soy']);
    const edited = await setMealAllergens(s, 'pumpkin-soup', ['milk', 'soy']);
    expect(edited.body.data.allergen_clashes_created).toBe(1);
    expect(edited.body.data.allergen_clashes?.map((clash) => clash.client)).toEqual([
      'Ann Able',
      'Bob Baker',
    ]);
    const again = await setMealAllergens(s, 'pumpkin-soup', ['milk', 'soy']);
    expect(again.body.data.allergen_clashes_created).toBe(0);
  });

  it('lists the future clashes a meal change causes, for the meal save and the kitchen', async () => {
    const s = await setUp('Listed');
    const [ann = 0, bob = 0] = s.clientIds;
    await setAllergies(s, ann, ['milk']);
    await setAllergies(s, bob, ['milk']);
    await s.addChoices([
      [ann, '2026-11-17', 'pumpkin-soup', 1],
      [ann, '2026-11-18', 'pumpkin-soup', 1],
      [bob, '2026-11-20', 'pumpkin-soup', 2],
      [ann, '2026-11-19', 'beef-pie', 1],
    ]);
    const saved = await setMealAllergens(s, 'pumpkin-soup', ['milk', 'soy']);
    const expected: AllergenClash[] = [
      {
        client_id: ann,
        client: 'Ann Able',
        date: '18-11-2026',
        meal_key: 'pumpkin-soup',
        meal: 'Pumpkin Soup',
        allergens: ['milk'],
      },
      {
        client_id: bob,
        client: 'Bob Baker',
        date: '20-11-2026',
        meal_key: 'pumpkin-soup',
        meal: 'Pumpkin Soup',
        allergens: ['milk'],
      },
    ];
    expect(saved.body.data.allergen_clashes).toEqual(expected);
    const kitchen = await t.call<AllergenClash[]>('GET', '/api/allergens/clashes', { token: s.token });
    expect(kitchen.body.data).toEqual(expected);

    // An existing clashing choice can be saved again as it is (it stays on the list) or overridden (it leaves it).
    const kept = await putChoices(s, bob, { '20-11-2026': { 'pumpkin-soup': 2 } });
    expect(kept.status).toBe(200);
    await putChoices(s, ann, {
      '18-11-2026': { 'pumpkin-soup': { allergen_override: 'Milk-free version made' } },
    });
    const after = await t.call<AllergenClash[]>('GET', '/api/allergens/clashes', { token: s.token });
    expect(after.body.data.map((clash) => clash.client)).toEqual(['Bob Baker']);

    // Another account sees none of them.
    const other = await setUp('Listed Other');
    const theirs = await t.call<AllergenClash[]>('GET', '/api/allergens/clashes', { token: other.token });
    expect(theirs.body.data).toEqual([]);
  });

  it('leaves out the days the client is on hold, and lists them again when the hold ends', async () => {
    const s = await setUp('Held');
    const [ann = 0] = s.clientIds;
    await setAllergies(s, ann, ['milk']);
    await s.addChoices([
      [ann, '2026-11-19', 'pumpkin-soup', 1],
      [ann, '2026-11-23', 'pumpkin-soup', 1],
      [ann, '2026-11-26', 'pumpkin-soup', 1],
    ]);
    const hold = await t.call<{ id: number }>('POST', `/api/clients/${ann}/holds`, {
      token: s.token,
      body: { from_date: '20-11-2026', to_date: '25-11-2026', reason: 'hospital' },
    });
    expect(hold.status).toBe(201);
    const saved = await setMealAllergens(s, 'pumpkin-soup', ['milk']);
    const dates = (clashes: AllergenClash[] | undefined) => (clashes ?? []).map((clash) => clash.date);
    expect(dates(saved.body.data.allergen_clashes)).toEqual(['19-11-2026', '26-11-2026']);
    const kitchen = await t.call<AllergenClash[]>('GET', '/api/allergens/clashes', { token: s.token });
    expect(dates(kitchen.body.data)).toEqual(['19-11-2026', '26-11-2026']);

    // "End now" on a hold not begun yet removes it: the held day clashes again.
    await t.call('DELETE', `/api/clients/${ann}/holds/${hold.body.data.id}`, { token: s.token });
    const after = await t.call<AllergenClash[]>('GET', '/api/allergens/clashes', { token: s.token });
    expect(dates(after.body.data)).toEqual(['19-11-2026', '23-11-2026', '26-11-2026']);
  });

  it("answers 404 for another account's client", async () => {
    const { clientId } = await clashSetUp('Owner');
    const other = await setUp('Intruder');
    const result = await putChoices(other, clientId, {
      '24-11-2026': { 'beef-pie': { allergen_override: 'sneaky' } },
    });
    expect(result.status).toBe(404);
  });
});
