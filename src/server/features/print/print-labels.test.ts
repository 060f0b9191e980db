import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Account } from '../../../contracts/accounts';
import type { PrintLink, PrintRoundBody } from '../../../contracts/print';
import { meals } from '../../db/schema/meals';
import { extractPdfPages } from '../../testing/pdf-text';
import { createTestApp, type TestApp } from '../../testing/test-app';
import { fixtureClock, seedReportFixture, type ReportFixture } from '../../testing/reports-fixture';

let t: TestApp;
let token = '';
let accountId = 0;
let fixture: ReportFixture;

beforeAll(async () => {
  t = await createTestApp({}, { now: () => fixtureClock });
  const { account, user } = await t.createAccount('Label Prints');
  accountId = account.id;
  fixture = await seedReportFixture(t.db, account.id);
  await t.db
    .update(meals)
    .set({ reheatingInstructions: 'Microwave covered 3 minutes, stir, 1 more minute.', labels: ['Halal'] })
    .where(eq(meals.key, 'roast'));
  token = await t.login(user.username);
});
afterAll(async () => t.close());

const visit = (key: string) => fixture.visitIds[key] ?? 0;

async function printLabels(): Promise<Buffer> {
  const printed = await t.call<PrintLink>('POST', '/api/print/round', {
    token,
    body: {
      round: fixture.roundIds.north,
      date: '2026-12-07',
      format: 'meal_labels',
      events: [
        { id: visit('Bob 2026-12-07 completed'), start: '09:20', end: '09:35' },
        { id: visit('Alice 2026-12-07 completed'), start: '09:45', end: '10:00' },
      ],
    } satisfies PrintRoundBody,
  });
  expect(printed.body.meta).toMatchObject({ error_code: 0 });
  return (await t.server.inject({ method: 'GET', url: printed.body.data.url })).rawPayload;
}

describe('POST /api/print/round meal_labels with the account label options', () => {
  it('prints the use-by date for the meal state, the meal labels and its reheating instructions', async () => {
    const text = (await extractPdfPages(await printLabels())).join('\n').replace(/\s+/g, ' ');
    // Hot: 1 day by default; Frozen: 90 days.
    expect(text).toContain('Mains - Hot - Use by 08-12-2026');
    expect(text).toContain('Desserts - Frozen - Use by 07-03-2027');
    expect(text).toContain('Meal labels: Halal');
    expect(text).toContain('Reheat: Microwave covered 3 minutes, stir, 1 more minute.');
    expect(text).toContain('Note: Extra gravy');
  });

  it('follows the chosen stock, use-by days and offset (US Letter 5160, 30 a page)', async () => {
    const saved = await t.call<Account>('PUT', `/api/accounts/${accountId}`, {
      token,
      body: {
        label_options: {
          layout: '5160',
          offset_x_mm: 2,
          offset_y_mm: -1.5,
          use_by_days: { Hot: 0, Frozen: 30, Fresh: 2 },
        },
      },
    });
    expect(saved.status).toBe(200);
    const pdf = await printLabels();
    // US Letter is 612 x 792 points.
    expect(pdf.toString('latin1')).toContain('/MediaBox [0 0 612 792]');
    const text = (await extractPdfPages(pdf)).join('\n').replace(/\s+/g, ' ');
    expect(text).toContain('Mains - Hot - Use by 07-12-2026');
    expect(text).toContain('Desserts - Frozen - Use by 06-01-2027');
  });
});
