import { execFile } from 'node:child_process';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { describe, expect, it } from 'vitest';
import { joinAllergenNames } from '../../domain/allergen-clash';
import {
  countLabelsPerPage,
  labelLayoutIds,
  labelLayouts,
  type LabelLayoutId,
} from '../../domain/label-layouts';
import { defaultUseByDays } from '../../domain/use-by';
import { findDemoAllergens } from '../db/seed/demo-allergens';
import { demoMeals, describeDemoReheating } from '../db/seed/demo-catalogue';
import { demoDietaryRequirements } from '../db/seed/demo-clients';
import { demoComments } from '../db/seed/demo-meal-choices';
import { listMealLabels, renderLabelSheetPdf, type LabelPrint } from './label-sheet-pdf';
import type { RoundSheet, SheetMeal } from './round-sheet';

const run = promisify(execFile);
const mm = 72 / 25.4;

type Word = { page: number; text: string; xMin: number; yMin: number; xMax: number; yMax: number };

/** Every word of the PDF with its box in points, as poppler's pdftotext finds it. */
async function readWords(pdf: Buffer, name: string): Promise<Word[]> {
  // Kept for looking at: pdftoppm -png -r 80 /tmp/mealrounds-labels-<name>.pdf /tmp/out
  await writeFile(`/tmp/mealrounds-labels-${name}.pdf`, pdf);
  const folder = await mkdtemp(join(tmpdir(), 'mealrounds-labels-'));
  try {
    const file = join(folder, 'labels.pdf');
    await writeFile(file, pdf);
    const { stdout } = await run('pdftotext', ['-bbox', file, '-'], { maxBuffer: 64 * 1024 * 1024 });
    return stdout
      .split('<page ')
      .slice(1)
      .flatMap((page, index) =>
        [
          ...page.matchAll(
            /<word xMin="([\d.]+)" yMin="([\d.]+)" xMax="([\d.]+)" yMax="([\d.]+)">([^<]*)<\/word>/g,
          ),
        ].map((match) => ({
          page: index,
          xMin: Number(match[1]),
          yMin: Number(match[2]),
          xMax: Number(match[3]),
          yMax: Number(match[4]),
          text: (match[5] ?? '')
            .replace(/&amp;/g, '&')
            .replace(/&lt;/g, '<')
            .replace(/&gt;/g, '>')
            .replace(/&quot;/g, '"'),
        })),
      );
  } finally {
    await rm(folder, { recursive: true, force: true });
  }
}

/** Which label (index over the whole run) a word lies on, or -1 when it is outside every label. */
function findLabel(word: Word, print: LabelPrint): number {
  const { layout, offset } = print;
  for (let row = 0; row < layout.rows; row += 1) {
    for (let column = 0; column < layout.columns; column += 1) {
      const left = (layout.left + column * layout.pitchX + offset.x) * mm;
      const top = (layout.top + row * layout.pitchY + offset.y) * mm;
      // Glyph boxes reach a little past the text's line (accents, descenders): half a point of slack.
      const isInside =
        word.xMin >= left - 0.5 &&
        word.xMax <= left + layout.labelWidth * mm + 0.5 &&
        word.yMin >= top - 0.5 &&
        word.yMax <= top + layout.labelHeight * mm + 0.5;
      if (isInside) return word.page * countLabelsPerPage(layout) + row * layout.columns + column;
    }
  }
  return -1;
}

/** The text of each label in reading order (lines top to bottom, words left to right), words joined by spaces. */
function readLabels(words: Word[], print: LabelPrint): string[] {
  const byLabel = new Map<number, Word[]>();
  for (const word of words) {
    const index = findLabel(word, print);
    expect(index, `'${word.text}' lies outside every label`).toBeGreaterThanOrEqual(0);
    byLabel.set(index, [...(byLabel.get(index) ?? []), word]);
  }
  return [...byLabel.entries()]
    .sort(([a], [b]) => a - b)
    .map(([, labelWords]) =>
      [...labelWords]
        .sort((a, b) => (Math.abs(a.yMin - b.yMin) < 2 ? a.xMin - b.xMin : a.yMin - b.yMin))
        .map((word) => word.text)
        .join(' '),
    );
}

const clientName = 'Margaret Papadopoulou-Nguyễn';

const longest = (texts: string[]) =>
  texts.reduce((best, text) => (text.length > best.length ? text : best), '');

/** The demo's longest meal name, its labels and allergens, and the demo's longest notes of every kind. */
const demoList = Object.entries(demoMeals).flatMap(([category, list]) =>
  list.map(([description, state, labels, ingredients]) => ({
    category,
    description,
    state,
    labels,
    ingredients,
  })),
);
const longestMeal = demoList.reduce((best, meal) =>
  meal.description.length > best.description.length ? meal : best,
);
const longestReheating = longest(
  demoList.map((meal) => describeDemoReheating(meal.category, meal.state, meal.labels)),
);
const longestDiet = longest(demoDietaryRequirements);
/** The longest allergen list of a demo meal (the longest-named meal has none). */
const mostAllergens = demoList
  .map((meal) => findDemoAllergens(meal.ingredients))
  .reduce((best, list) => (list.join(', ').length > best.join(', ').length ? list : best));
const longestComment = longest(demoComments);
const clientLabels = ['Texture Modified', 'Gluten Free'];

function buildMeal(overrides: Partial<SheetMeal> = {}): SheetMeal {
  return {
    description: longestMeal.description,
    categoryName: longestMeal.category,
    rank: 0,
    quantity: 1,
    mealState: longestMeal.state,
    cookDeliver: 'Cook & Deliver',
    comment: longestComment,
    allergens: mostAllergens,
    // The worst case: a client allergic to all of them, chosen without an override.
    allergenClash: mostAllergens,
    labels: longestMeal.labels,
    reheatingInstructions: longestReheating,
    ...overrides,
  };
}

function buildSheet(meals: SheetMeal[], stops = 1): RoundSheet {
  return {
    round: {
      name: 'Eastern Suburbs',
      address: '12 Parramatta Road, Annandale NSW 2038',
      pickupTime: '09:45',
    },
    date: '2026-12-07',
    stops: Array.from({ length: stops }, (_, index) => ({
      number: index + 1,
      start: '10:00',
      end: '10:10',
      client: {
        id: index + 1,
        name: index === 0 ? clientName : `Client ${String(index + 1)}`,
        phone: '',
        address: '',
        deliveryInstructions: '',
        labels: clientLabels,
        dietaryRequirements: longestDiet,
        allergies: [],
      },
      meals,
      mealsAtStop: null,
    })),
    unvisited: [],
  };
}

const squeeze = (text: string) => text.replace(/\s+/g, ' ').trim();

/** The flag of the portion's open clash (the client is allergic to every allergen of the meal). */
const allergyFlag = `ALLERGY: ${joinAllergenNames(mostAllergens)}`;

/**
 * The portion's texts without the header and footer the continuation labels repeat (the client's and meal's names
 * and the allergy flag, as much of them as leaves room: at least the client's name).
 */
function joinPortion(labels: string[], header: string): string {
  const repeatable = [`${header} ${allergyFlag}`, header, clientName];
  return labels
    .map((label, index) => {
      const withoutFooter = squeeze(label).replace(/ Eastern Suburbs - Stop \d+ - 07-12-2026( - .*)?$/, '');
      if (index === 0) return withoutFooter;
      const repeated = repeatable.find((text) => withoutFooter.startsWith(text)) ?? '';
      expect(repeated).not.toBe('');
      return withoutFooter.slice(repeated.length).trim();
    })
    .join(' ');
}

describe('the meal label sheet', () => {
  it.each(labelLayoutIds)(
    '%s: the demo’s longest meal name and notes print whole, on labels of the portion',
    async (id) => {
      const print: LabelPrint = { layout: labelLayouts[id], offset: { x: 0, y: 0 } };
      const labels = listMealLabels([buildSheet([buildMeal()])], defaultUseByDays);
      const texts = readLabels(await readWords(await renderLabelSheetPdf(labels, print), id), print);
      const header = `${clientName} ${longestMeal.description}`;
      texts.forEach((text, index) => {
        // Every label of the portion says whose meal it is, and which.
        expect(squeeze(text).startsWith(header)).toBe(true);
        if (texts.length > 1) {
          const marker =
            index === 0
              ? ` - 1 of ${String(texts.length)}`
              : ` - continued, ${String(index + 1)} of ${String(texts.length)}`;
          expect(squeeze(text)).toContain(`Eastern Suburbs - Stop 1 - 07-12-2026${marker}`);
        }
      });
      // The open clash is read with whose meal it is, in the header of the portion's first label.
      expect(squeeze(texts[0] ?? '').startsWith(squeeze(`${header} ${allergyFlag}`))).toBe(true);
      const portion = joinPortion(texts, header);
      for (const whole of [
        `${longestMeal.category} - ${longestMeal.state} - Use by 08-12-2026`,
        `Contains: ${mostAllergens.join(', ')}`,
        `Meal labels: ${longestMeal.labels.join(', ')}`,
        `Client diet: ${clientLabels.join(', ')}; ${longestDiet}`,
        `Note: ${longestComment}`,
        `Reheat: ${longestReheating}`,
      ])
        expect(portion).toContain(squeeze(whole));
      expect(portion).not.toContain('…');
    },
  );

  it('A4 L7160: the texture level stays on a label of its own size; a plain portion takes one label', async () => {
    const print: LabelPrint = { layout: labelLayouts.L7160, offset: { x: 0, y: 0 } };
    const plain = buildMeal({
      comment: '',
      reheatingInstructions: 'Keep in the fridge.',
      allergens: [],
      allergenClash: [],
    });
    const labels = listMealLabels([buildSheet([plain])], defaultUseByDays);
    const texts = readLabels(await readWords(await renderLabelSheetPdf(labels, print), 'plain'), print);
    expect(texts).toHaveLength(1);
    expect(squeeze(texts[0] ?? '')).toContain('Minced Beef and Gravy (Minced & Moist)');
    expect(texts[0]).not.toContain('continued');
  });

  it.each([
    ['L7160', 21],
    ['L7163', 14],
    ['5160', 30],
    ['5162', 14],
  ] as [LabelLayoutId, number][])(
    '%s: %i labels a page, every word inside its label, the offset applied',
    async (id, perPage) => {
      const print: LabelPrint = { layout: labelLayouts[id], offset: { x: 1.5, y: -2 } };
      const short = buildMeal({
        description: 'Pumpkin Soup',
        comment: '',
        reheatingInstructions: '',
        allergens: [],
        allergenClash: [],
        labels: [],
      });
      const sheet = buildSheet([short], perPage + 1);
      for (const stop of sheet.stops) stop.client = { ...stop.client, labels: [], dietaryRequirements: '' };
      const labels = listMealLabels([sheet], defaultUseByDays);
      const pdf = await renderLabelSheetPdf(labels, print);
      const words = await readWords(pdf, `${id}-grid`);
      expect(new Set(words.map((word) => word.page)).size).toBe(2);
      const texts = readLabels(words, print);
      expect(texts).toHaveLength(perPage + 1);
      texts.forEach((text, index) =>
        expect(squeeze(text)).toContain(`Stop ${String(index + 1)} - 07-12-2026`),
      );
      // The paper matches the stock.
      const size = labelLayouts[id].page;
      expect(pdf.toString('latin1')).toContain(
        `/MediaBox [0 0 ${String(Math.round(size.width * mm * 100) / 100).replace(/\.?0+$/, '')}`,
      );
    },
  );

  it('5160: the longest texts the API takes still print whole, on as many labels as they need', async () => {
    const print: LabelPrint = { layout: labelLayouts['5160'], offset: { x: 0, y: 0 } };
    /** Numbered words up to `length` characters, so their order can be checked. */
    const wordsOf = (prefix: string, length: number) => {
      const words: string[] = [];
      while ([...words, `${prefix}${String(words.length)}`].join(' ').length <= length)
        words.push(`${prefix}${String(words.length)}`);
      return words.join(' ');
    };
    const longestTexts = {
      meal: wordsOf('m', 200),
      comment: wordsOf('c', 1000),
      reheating: wordsOf('r', 500),
      diet: wordsOf('d', 2000),
    };
    const sheet = buildSheet([
      buildMeal({
        description: longestTexts.meal,
        comment: longestTexts.comment,
        reheatingInstructions: longestTexts.reheating,
      }),
    ]);
    for (const stop of sheet.stops)
      stop.client = { ...stop.client, labels: [], dietaryRequirements: longestTexts.diet };
    const labels = listMealLabels([sheet], defaultUseByDays);
    const texts = readLabels(
      await readWords(await renderLabelSheetPdf(labels, print), '5160-longest'),
      print,
    );
    expect(texts.length).toBeGreaterThan(5);
    const header = `${clientName} ${longestTexts.meal}`;
    const portion = joinPortion(texts, header);
    for (const whole of [
      `Client diet: ${longestTexts.diet}`,
      `Note: ${longestTexts.comment}`,
      `Reheat: ${longestTexts.reheating}`,
    ])
      expect(portion).toContain(whole);
  });
});
