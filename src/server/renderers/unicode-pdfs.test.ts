import { writeFile } from 'node:fs/promises';
import { describe, expect, it } from 'vitest';
import { labelLayouts } from '../../domain/label-layouts';
import { defaultUseByDays } from '../../domain/use-by';
import { extractPdfText } from '../testing/pdf-text';
import { renderDriverSheetPdf } from './driver-sheet-pdf';
import { renderKitchenSheetPdf } from './kitchen-sheet-pdf';
import { listMealLabels, renderLabelSheetPdf } from './label-sheet-pdf';
import { renderMenuPdf } from './menu-pdf';
import type { RoundSheet } from './round-sheet';

/** A name in each script our clients write in: Latin with Vietnamese marks, Greek, Cyrillic, CJK, Arabic, Hebrew. */
export const scriptNames = [
  'Nguyễn Văn Ánh',
  'Ελένη Παπαδοπούλου',
  'Иван Петров',
  '李小龍',
  '山田太郎',
  '김민준',
  'محمد علي',
  'דוד כהן',
] as const;

const sheet: RoundSheet = {
  round: { name: 'Round Ελλάδα', address: '1 Base Rd, Bondi NSW 2026', pickupTime: '09:00' },
  date: '2026-12-07',
  stops: scriptNames.map((name, index) => ({
    number: index + 1,
    start: '09:30',
    end: '09:45',
    travelMins: 5,
    travelKms: 2.5,
    client: {
      id: index + 1,
      name,
      phone: '0400 000 000',
      address: `${String(index + 1)} Long St, Bondi NSW 2026`,
      deliveryInstructions: 'Ring twice 🔔',
      labels: [],
      dietaryRequirements: '',
      allergies: [],
    },
    meals: [
      {
        description: `Soup ${name}`,
        categoryName: 'Mains',
        rank: index,
        quantity: 1,
        mealState: 'Hot',
        cookDeliver: 'Cook & Deliver',
        comment: '',
        allergens: [],
        allergenClash: [],
        labels: [],
        reheatingInstructions: '',
      },
    ],
    mealsAtStop: null,
  })),
  unvisited: [],
};

/** The PDF's text as pdftotext reads it, without the embedding marks it puts around right-to-left text. */
async function readPdf(pdf: Buffer, name: string): Promise<string> {
  // Kept for looking at: pdftoppm -png -r 70 /tmp/mealrounds-unicode-<name>.pdf /tmp/out
  await writeFile(`/tmp/mealrounds-unicode-${name}.pdf`, pdf);
  return (await extractPdfText(pdf)).replace(/[\u202a-\u202e\u2066-\u2069]/g, '');
}

/** pdftotext reads every name back in reading order (right-to-left ones too); nothing became '?'. */
function expectEveryName(text: string, prefix = '') {
  for (const name of scriptNames) expect(text).toContain(`${prefix}${name}`);
  expect(text).not.toMatch(/\?{2,}/);
}

describe('every PDF prints every script', () => {
  it('the driver sheet', async () => {
    const pdf = await renderDriverSheetPdf(sheet);
    // Only the glyphs used are embedded: eight scripts (three CJK fonts of 10 MB each) stay small.
    expect(pdf.length).toBeLessThan(100_000);
    const text = await readPdf(pdf, 'driver');
    expectEveryName(text);
    expect(text).toContain('Round: Round Ελλάδα');
    // An emoji no font has shows as the replacement mark, never as '?'.
    expect(text).toContain('Ring twice \ufffd');
  });

  it('the kitchen sheet', async () => {
    expectEveryName(await readPdf(await renderKitchenSheetPdf(sheet), 'kitchen'), 'Soup ');
  });

  it('the label sheet', async () => {
    const print = { layout: labelLayouts.L7160, offset: { x: 0, y: 0 } };
    const pdf = await renderLabelSheetPdf(listMealLabels([sheet], defaultUseByDays), print);
    expectEveryName(await readPdf(pdf, 'labels'));
  });

  it('the weekly menu', async () => {
    const meals = scriptNames.map((name, index) => ({
      key: `m${String(index)}`,
      description: name,
      labels: [],
    }));
    const pdf = await renderMenuPdf({
      week_start: '07-12-2026',
      items: { '07-12-2026': { Mains: meals } },
      categories: [{ key: 'mains', name: 'Mains' }],
      labels: [],
      customText: 'Bon appétit · Καλή όρεξη · 慢慢吃',
    });
    const text = await readPdf(pdf, 'menu');
    // A day's column is narrow: long names wrap, within a word too.
    const squeezed = text.replace(/\s+/g, '');
    for (const name of scriptNames) expect(squeezed).toContain(name.replace(/\s+/g, ''));
    expect(text).toContain('Καλή όρεξη');
  });
});
