import type { APIRequestContext, Locator, Page } from '@playwright/test';
import { formatPanelDate } from '../../src/domain/round-panel';
import { getTodayIn } from '../../src/domain/today';
import { formatDayMonthYear } from '../../src/domain/weeks';
import { addDays, getIsoWeekday } from '../../src/domain/zoned-time';
import { demoSimulatorCredentials } from '../../src/server/integrations/alayacare/simulator/server';
import { expect } from './fixtures';
import { readPdfText } from './pdf-text';

/** Demo rounds run in Sydney: "today" is Sydney's, whatever the machine's zone. */
export const roundToday = getTodayIn('Australia/Sydney');

/** The first weekday (demo visits are Monday to Friday) at least `minDays` after today. */
export function findWeekdayAhead(minDays: number): string {
  let date = addDays(roundToday, minDays);
  while (getIsoWeekday(date) > 5) date = addDays(date, 1);
  return date;
}

export async function showRound(page: Page, roundName: string, date: string) {
  // The screen loads on demand: after a menu click the page before it (the clients list has its own Round filter)
  // may still be showing.
  await expect(page.getByRole('heading', { name: 'Rounds', level: 1 })).toBeVisible();
  await page.getByRole('combobox', { name: 'Round' }).selectOption({ label: roundName });
  await page.getByRole('textbox', { name: 'Date' }).fill(formatDayMonthYear(date));
  await page.getByRole('button', { name: 'Show', exact: true }).click();
}

/** Prints a day panel's Driver Run Sheet from its Print dialog, closes the dialog, and answers the PDF's text. */
export async function printDriverSheet(page: Page, panel: Locator): Promise<string> {
  await panel.getByRole('button', { name: 'Print' }).click();
  const printAnswer = page.waitForResponse(
    (response) => response.url().endsWith('/api/print/round') && response.request().method() === 'POST',
  );
  const printPopup = page.waitForEvent('popup');
  await page.getByRole('dialog', { name: 'Print' }).getByRole('button', { name: 'Driver Run Sheet' }).click();
  const { data } = (await (await printAnswer).json()) as { data: { url: string } };
  await (await printPopup).close();
  const dialog = page.getByRole('dialog', { name: 'Print' });
  await dialog.getByRole('button', { name: 'Close' }).click();
  await expect(dialog).toHaveCount(0);
  const pdf = await page.request.get(data.url);
  expect(pdf.headers()['content-type']).toContain('application/pdf');
  return readPdfText(await pdf.body());
}

/** A day's panel once its visits and every leg's travel have loaded. */
export async function openPanel(page: Page, date: string): Promise<Locator> {
  const panel = page.getByRole('region', { name: formatPanelDate(date) });
  // A day never fetched waits for the CRM, then its legs come in one maps/distances call: allow for a busy machine.
  await expect(panel.getByText('Loading...')).toHaveCount(0, { timeout: 30_000 });
  await expect(panel.getByText('Travel...')).toHaveCount(0, { timeout: 30_000 });
  await expect(panel.getByText(/^\d+\.\d km, \d+ mins$/)).toBeVisible();
  return panel;
}

const simulatorAuthorization = `Basic ${Buffer.from(
  `${demoSimulatorCredentials.username}:${demoSimulatorCredentials.password}`,
).toString('base64')}`;

/** Turns the demo CRM's fault modes on (`{isDown: true}` ...) or, with null, off. */
export async function setDemoSourceFaults(
  request: APIRequestContext,
  faults: Record<string, unknown> | null,
) {
  const response = faults
    ? await request.put('/demo-crm/_simulator/faults', {
        data: faults,
        headers: { authorization: simulatorAuthorization },
      })
    : await request.delete('/demo-crm/_simulator/faults', {
        headers: { authorization: simulatorAuthorization },
      });
  expect(response.status(), 'demo CRM faults').toBe(200);
}
