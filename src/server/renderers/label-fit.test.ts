import { describe, expect, it } from 'vitest';
import {
  createLabelFitter,
  wrapText,
  type FittedLabel,
  type LabelContent,
  type LabelPart,
  type MeasureText,
} from './label-fit';

/** Every character half its size wide (a bold one a little wider): easy to reason about. */
const measure: MeasureText = (text, font, size) => [...text].length * size * (font === 'bold' ? 0.6 : 0.5);

const options = {
  minSize: 6.5,
  step: 0.5,
  lineHeight: 1.2,
  marker: (index: number, count: number) =>
    count > 1 ? ` - ${index > 0 ? 'continued, ' : ''}${String(index + 1)} of ${String(count)}` : '',
};

const mealName = 'Minced Beef and Gravy (Minced & Moist)';

function content(body: string[]): LabelContent {
  return {
    header: [
      { text: 'Alice Smith', font: 'bold', size: 11 },
      { text: mealName, font: 'bold', size: 10 },
    ],
    body: body.map((text) => ({ text, font: 'regular', size: 8 })),
    footer: { text: 'North - Stop 3 - 07-12-2026', font: 'regular', size: 8 },
  };
}

const textOf = (labels: FittedLabel[], part: LabelPart) =>
  labels
    .flatMap((label) => label.lines.filter((line) => line.part === part).map((line) => line.text))
    .join(' ');

const bottomOf = (label: FittedLabel) =>
  Math.max(...label.lines.map((line) => line.y + line.size * options.lineHeight));

const words = (count: number) =>
  Array.from({ length: count }, (_, index) => `word${String(index)}`).join(' ');

describe('wrapText', () => {
  const fitsTen = (text: string) => [...text].length <= 10;

  it('wraps by words and keeps every word', () => {
    expect(wrapText('Minced beef and gravy, moist', fitsTen)).toEqual([
      'Minced',
      'beef and',
      'gravy,',
      'moist',
    ]);
  });

  it('breaks a word wider than the label between characters, never dropping one', () => {
    expect(wrapText('Supercalifragilistic ok', fitsTen)).toEqual(['Supercalif', 'ragilistic', 'ok']);
    expect(wrapText('李小龍李小龍李小龍李小龍', fitsTen).join('')).toBe('李小龍李小龍李小龍李小龍');
  });

  it('keeps a letter and its combining marks together', () => {
    const lines = wrapText(
      'e\u0301'.repeat(12),
      (text) => [...new Intl.Segmenter().segment(text)].length <= 10,
    );
    expect(lines).toEqual(['e\u0301'.repeat(10), 'e\u0301'.repeat(2)]);
  });

  it('starts each paragraph on a new line and drops empty ones', () => {
    expect(wrapText('Heat well\n\nStir', fitsTen)).toEqual(['Heat well', 'Stir']);
  });
});

describe('fitLabel', () => {
  const box = { width: 170, height: 70 };
  const fitLabel = createLabelFitter(box, measure, options);

  it('a label that fits keeps the preferred sizes', () => {
    const labels = createLabelFitter({ width: 300, height: 100 }, measure, options)(content(['Hot']));
    expect(labels).toHaveLength(1);
    expect(labels[0]?.lines.map((line) => line.size)).toEqual([11, 10, 8, 8]);
    expect(labels[0]?.isContinued).toBe(false);
  });

  it('shrinks every text step by step until it fits, and no further', () => {
    const body = ['Hot - Use by 08-12-2026', 'Contains: milk, egg', 'Diet: Diabetic'];
    const labels = fitLabel(content(body));
    expect(labels).toHaveLength(1);
    const label = labels[0] ?? { lines: [], isContinued: false };
    const sizes = label.lines.map((line) => line.size);
    expect(Math.min(...sizes)).toBeGreaterThanOrEqual(options.minSize);
    expect(Math.max(...sizes)).toBeLessThan(11);
    expect(bottomOf(label)).toBeLessThanOrEqual(box.height + 1e-9);
    // With room for the preferred sizes, nothing shrinks.
    const roomy = createLabelFitter({ ...box, height: 80 }, measure, options)(content(body));
    expect(roomy[0]?.lines.map((line) => line.size)).toEqual([11, 10, 10, 8, 8, 8, 8]);
    expect(textOf(labels, 'body')).toBe(body.join(' '));
  });

  it('moves what does not fit at the smallest size to continuation labels: header repeated, nothing lost', () => {
    const reheat = 'Reheat: microwave covered 3 minutes, stir, 1 more minute';
    const labels = fitLabel(content([words(60), reheat]));
    expect(labels.length).toBeGreaterThan(1);
    labels.forEach((label, index) => {
      expect(label.isContinued).toBe(index > 0);
      const header = label.lines.filter((line) => line.part === 'header').map((line) => line.text);
      expect(header.join(' ')).toBe(`Alice Smith ${mealName}`);
      const footer = label.lines.filter((line) => line.part === 'footer').map((line) => line.text);
      expect(footer.join(' ')).toContain(`${String(index + 1)} of ${String(labels.length)}`);
      expect(footer.join(' ').includes('continued')).toBe(index > 0);
      expect(bottomOf(label)).toBeLessThanOrEqual(box.height + 1e-9);
      for (const line of label.lines)
        expect(measure(line.text, line.font, line.size)).toBeLessThanOrEqual(box.width);
    });
    expect(textOf(labels, 'body')).toBe(`${words(60)} ${reheat}`);
  });

  it('takes the fewest labels, at the largest sizes that keep that count', () => {
    const body = [words(40)];
    const labels = fitLabel(content(body));
    const atSmallest = createLabelFitter(box, measure, { ...options, step: 100 })(content(body));
    expect(labels).toHaveLength(atSmallest.length);
    expect(Math.max(...(labels[0]?.lines.map((line) => line.size) ?? []))).toBeGreaterThan(options.minSize);
  });

  it('a header too tall to repeat flows with the body instead, still whole', () => {
    const labels = createLabelFitter(
      { width: 60, height: 40 },
      measure,
      options,
    )(content(['Use by 08-12-2026']));
    expect(labels.length).toBeGreaterThan(1);
    expect(textOf(labels, 'header')).toBe(
      `Alice Smith ${wrapText(mealName, (text) => measure(text, 'bold', 6.5) <= 60).join(' ')}`,
    );
    expect(textOf(labels, 'header').replace(/\s+/g, '')).toBe(`AliceSmith${mealName.replace(/\s+/g, '')}`);
    expect(textOf(labels, 'body')).toBe('Use by 08-12-2026');
  });

  it("a meal name too long to repeat is printed once; the client's name still heads every label", () => {
    const longMeal: LabelContent = {
      ...content(['Use by 08-12-2026', words(30)]),
      header: [
        { text: 'Al', font: 'bold', size: 11 },
        { text: words(25), font: 'bold', size: 10 },
      ],
    };
    const labels = createLabelFitter({ width: 150, height: 60 }, measure, options)(longMeal);
    expect(labels.length).toBeGreaterThan(2);
    for (const label of labels) expect(label.lines[0]?.text).toBe('Al');
    const mealLines = labels.flatMap((label) =>
      label.lines.filter((line) => line.part === 'header' && line.text !== 'Al').map((line) => line.text),
    );
    expect(mealLines.join(' ')).toBe(words(25));
    expect(textOf(labels, 'body')).toBe(`Use by 08-12-2026 ${words(30)}`);
  });
});
