import type { APIRequestContext } from '@playwright/test';
import { apiLogIn, demo, expect, expectAccessible, logIn, test } from './support/fixtures';

/*
 * A day whose CRM visits are all cancelled counts nowhere (kitchen, packing list, sheets): the clients list's strip
 * and the client's week show it as cancelled, with the CRM's reason, instead of looking ordered.
 */

type StripDay = { date: string; count: number; hold_reason: string | null; cancel_reason: string | null };
type ListedClient = { client_id: number; name: string; meal_strip: StripDay[] };

/** The demo CRM cancels some visits (client cancellation); the meals sync stores the visits of the strip's days. */
async function findCancelledDay(request: APIRequestContext) {
  const jwt = await apiLogIn(request, demo.user);
  const headers = { authorization: `Bearer ${jwt}` };
  const synced = await request.put('/api/clients/meals_sync', { data: {}, headers, timeout: 120_000 });
  expect(synced.status(), 'meals sync').toBe(200);
  for (let page = 1; page <= 20; page += 1) {
    const answer = await request.get(`/api/clients?page_size=100&page=${String(page)}`, { headers });
    const { data } = (await answer.json()) as { data: ListedClient[] };
    for (const client of data) {
      const day = client.meal_strip.find((candidate) => candidate.cancel_reason !== null);
      if (day) return { client, day };
    }
    if (data.length < 100) break;
  }
  throw new Error('no demo client has a day whose visits the CRM cancelled');
}

test("a day the CRM cancelled shows as cancelled, with its reason, on the clients list and the client's week", async ({
  page,
  request,
}) => {
  test.setTimeout(240_000);
  const { client, day } = await findCancelledDay(request);
  const reason = day.cancel_reason ? ` (${day.cancel_reason})` : '';
  await logIn(page, demo.user);
  await page.goto('/clients');
  await page.getByRole('textbox', { name: /name/i }).first().fill(client.name);
  await page.getByRole('button', { name: 'Search' }).click();
  const row = page.getByRole('table', { name: 'Clients' }).getByRole('row').filter({ hasText: client.name });
  const item = row.getByRole('listitem', {
    name: new RegExp(
      `${day.date}: .*visit cancelled in the CRM${reason.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}: not counted$`,
    ),
  });
  await expect(item.first()).toBeVisible({ timeout: 30_000 });
  await expect(item.first()).toHaveAttribute('data-paused', 'cancelled');

  // The client's week of that day: its column says why its meals are not counted.
  await page.goto(`/client/${String(client.client_id)}/`);
  const section = page.getByRole('region', { name: 'Client Menu Selection' });
  const week = section.getByRole('textbox', { name: /Week of/ });
  await week.fill(day.date);
  await section.getByRole('button', { name: 'Show' }).click();
  const header = section
    .getByRole('table', { name: 'Client meal choices' })
    .getByRole('columnheader')
    .filter({ hasText: day.date });
  await expect(header).toContainText(`Cancelled in the CRM${reason}: meals not counted`, { timeout: 30_000 });
  await expect(header).toHaveAttribute('data-paused', 'cancelled');
  await expectAccessible(page);
});
