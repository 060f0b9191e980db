import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mealFieldLimits, type Meal, type MealList } from '../../../contracts/meals';
import { createTestApp, type TestApp } from '../../testing/test-app';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => t.close());

async function setUp(name: string) {
  const { user } = await t.createAccount(name);
  return t.login(user.username);
}

const steps = 'Microwave covered on high for 3 minutes.\nStir, then 1 more minute until piping hot.';

describe("a meal's reheating instructions", () => {
  it('are saved on create, changed on update, kept when not sent, and listed', async () => {
    const token = await setUp('Reheat Saved');
    const created = await t.call<Meal>('POST', '/api/meals/meals', {
      token,
      body: { description: 'Beef Casserole', reheating_instructions: steps },
    });
    expect(created.status).toBe(201);
    expect(created.body.data.reheating_instructions).toBe(steps);
    const key = created.body.data.key;
    const renamed = await t.call<Meal>('PUT', '/api/meals/meals', {
      token,
      body: { key, description: 'Stew' },
    });
    expect(renamed.body.data.reheating_instructions).toBe(steps);
    const cleared = await t.call<Meal>('PUT', '/api/meals/meals', {
      token,
      body: { key, reheating_instructions: '' },
    });
    expect(cleared.body.data.reheating_instructions).toBe('');
    const atLimit = 'x'.repeat(mealFieldLimits.reheating_instructions);
    await t.call('PUT', '/api/meals/meals', { token, body: { key, reheating_instructions: atLimit } });
    const list = await t.call<MealList>('GET', '/api/meals/meals', { token });
    expect(list.body.data.meals[0]?.reheating_instructions).toBe(atLimit);
  });

  it('are refused over 500 characters, with control characters or not a string (code 2, the field named)', async () => {
    const token = await setUp('Reheat Invalid');
    const created = await t.call<Meal>('POST', '/api/meals/meals', { token, body: { description: 'Soup' } });
    for (const value of ['x'.repeat(mealFieldLimits.reheating_instructions + 1), 'Heat\u0000 it', 42, null]) {
      for (const [method, body] of [
        ['POST', { reheating_instructions: value }],
        ['PUT', { key: created.body.data.key, reheating_instructions: value }],
      ] as const) {
        const result = await t.call(method, '/api/meals/meals', { token, body });
        expect(result.status, `${method} ${JSON.stringify(value).slice(0, 20)}`).toBe(400);
        expect(result.body.meta.error_code).toBe(2);
        expect(JSON.stringify(result.body.meta)).toContain('reheating_instructions');
      }
    }
    const list = await t.call<MealList>('GET', '/api/meals/meals', { token });
    expect(list.body.data.meals.map((meal) => meal.reheating_instructions)).toEqual(['']);
  });

  it("another account's meal answers 404 and keeps its instructions; no token answers 401", async () => {
    const token = await setUp('Reheat Mine');
    const otherToken = await setUp('Reheat Theirs');
    const theirs = await t.call<Meal>('POST', '/api/meals/meals', {
      token: otherToken,
      body: { description: 'Theirs', reheating_instructions: steps },
    });
    const body = { key: theirs.body.data.key, reheating_instructions: 'Changed' };
    const foreign = await t.call('PUT', '/api/meals/meals', { token, body });
    expect(foreign.status).toBe(404);
    const anonymous = await t.call('PUT', '/api/meals/meals', { body });
    expect(anonymous.status).toBe(401);
    const still = await t.call<MealList>('GET', '/api/meals/meals', { token: otherToken });
    expect(still.body.data.meals[0]?.reheating_instructions).toBe(steps);
  });
});
