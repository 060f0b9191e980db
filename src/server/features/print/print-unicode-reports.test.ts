import { writeFile } from 'node:fs/promises';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { PrintLink } from '../../../contracts/print';
import { clients } from '../../db/schema/clients';
import { meals } from '../../db/schema/meals';
import { extractPdfText } from '../../testing/pdf-text';
import { createTestApp, type TestApp } from '../../testing/test-app';
import { fixtureClock, seedReportFixture } from '../../testing/reports-fixture';

/** The report fixture's clients and meals renamed into every script (the round sheets have their own test). */
const clientNames: Record<string, string> = {
  'Alice Archer': 'Nguyễn Văn Ánh',
  'Bob Baker': 'محمد علي',
  'Carol Cook': '李小龍',
  'Dan Dunn': 'דוד כהן',
  'Eve Evans': 'Иван Петров',
};
const mealNames: Record<string, string> = {
  roast: 'Ελένη Παπαδοπούλου',
  fish: '山田太郎',
  crumble: '김민준',
  soup: 'Суп محمد',
};

let t: TestApp;
let token = '';

beforeAll(async () => {
  t = await createTestApp({}, { now: () => fixtureClock });
  const { account, user } = await t.createAccount('Unicode Reports');
  await seedReportFixture(t.db, account.id);
  for (const [name, renamed] of Object.entries(clientNames)) {
    await t.db
      .update(clients)
      .set({ name: renamed })
      .where(and(eq(clients.accountId, account.id), eq(clients.name, name)));
  }
  for (const [key, renamed] of Object.entries(mealNames)) {
    await t.db
      .update(meals)
      .set({ description: renamed })
      .where(and(eq(meals.accountId, account.id), eq(meals.key, key)));
  }
  token = await t.login(user.username);
});
afterAll(async () => t.close());

async function fetchReportText(body: Record<string, unknown>): Promise<string> {
  const result = await t.call<PrintLink>('POST', '/api/print/report', {
    token,
    body: { ...body, format: 'pdf' },
  });
  expect(result.body.meta).toMatchObject({ error_code: 0 });
  const file = await t.server.inject({ method: 'GET', url: result.body.data.url });
  // Kept for looking at: pdftoppm -png -r 60 -f 1 -l 1 /tmp/mealrounds-unicode-<report>.pdf /tmp/out
  await writeFile(`/tmp/mealrounds-unicode-${String(body.report)}.pdf`, file.rawPayload);
  // pdftotext puts embedding marks around right-to-left text.
  return (await extractPdfText(file.rawPayload)).replace(/[\u202a-\u202e\u2066-\u2069]/g, '');
}

const all = { mains: true, desserts: true, '': true };

describe('every report PDF prints every script', () => {
  it.each([
    { report: 'kitchen_prep_by_week', shows: Object.values(mealNames) },
    { report: 'kitchen_prep_by_day', shows: Object.values(mealNames) },
    { report: 'client_meal_choices', shows: ['Nguyễn Văn Ánh', 'محمد علي', '李小龍'] },
    {
      report: 'packing_list',
      categories: all,
      shows: ['Nguyễn Văn Ánh', 'محمد علي', '李小龍', 'Ελένη Παπαδοπούλου', '김민준'],
    },
    { report: 'delivered_by_client', shows: ['Nguyễn Văn Ánh', 'محمد علي', '李小龍'] },
  ])('$report', async ({ shows, ...body }) => {
    const text = await fetchReportText({ ...body, date: '07-12-2026' });
    for (const name of shows) expect(text).toContain(name);
    expect(text).not.toMatch(/\?{2,}/);
  });
});
