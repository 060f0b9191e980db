import { describe, expect, it } from 'vitest';
import { extractPdfPages } from '../testing/pdf-text';
import { drawHeading, drawTable, renderPdf, toPdfText } from './pdf-document';

describe('drawTable', () => {
  it('spreads many rows over several pages with the header row on each, never splitting a row', async () => {
    const rows = Array.from({ length: 120 }, (_, index) => [
      `Client ${String(index + 1).padStart(3, '0')}`,
      // Every fifth row wraps onto several lines, so rows differ in height.
      index % 5 === 0 ? `Line one of row ${index + 1}\nline two\nline three` : `Row ${index + 1}`,
      String(index),
    ]);

    const pdf = await renderPdf({ title: 'Table test', footerText: 'Table test' }, (doc) => {
      drawHeading(doc, 'Table test', ['A long table']);
      drawTable(doc, {
        columns: [
          { header: 'Client name', weight: 2 },
          { header: 'Notes', weight: 3 },
          { header: 'Qty', weight: 1 },
        ],
        rows,
      });
    });

    expect(pdf.subarray(0, 5).toString()).toBe('%PDF-');
    const pages = await extractPdfPages(pdf);
    expect(pages.length).toBeGreaterThan(2);
    pages.forEach((page, index) => {
      expect(page, `page ${index + 1}`).toMatch(/Client name\s+Notes\s+Qty/);
      expect(page).toContain(`Page ${index + 1} of ${pages.length}`);
    });
    // Every row appears exactly once, and a wrapped row keeps all its lines on one page.
    const all = pages.join('\n');
    for (let index = 1; index <= 120; index += 1) {
      expect(all.match(new RegExp(`Client ${String(index).padStart(3, '0')}\\b`, 'g'))).toHaveLength(1);
    }
    for (let index = 0; index < 120; index += 5) {
      const page = pages.find(
        (text) =>
          text.includes(`Line one of row ${index + 1} `) || text.includes(`Line one of row ${index + 1}\n`),
      );
      expect(page, `row ${index + 1}`).toBeDefined();
      expect(page?.slice(page.indexOf(`Line one of row ${index + 1}`))).toMatch(/line two[\s\S]*line three/);
    }
  });

  it('cuts a row taller than a page instead of looping or splitting it', async () => {
    const tall = Array.from({ length: 200 }, (_, index) => `line ${index}`).join('\n');
    const pdf = await renderPdf({ title: 'Tall' }, (doc) => {
      drawTable(doc, { columns: [{ header: 'Only', weight: 1 }], rows: [['first'], [tall], ['last']] });
    });
    const pages = await extractPdfPages(pdf);
    expect(pages.length).toBeLessThanOrEqual(3);
    expect(pages.join('\n')).toContain('last');
  });
});

describe('toPdfText', () => {
  it.each([
    { input: 'Crème brûlée – €5', expected: 'Crème brûlée – €5' },
    { input: 'a\u0000b\u202ec', expected: 'abc' },
    { input: 'tab\there', expected: 'tab here' },
    // Every script is kept: the fonts fall back per run (a character no font has prints as the replacement mark).
    { input: 'soup 🍲 中 محمد', expected: 'soup 🍲 中 محمد' },
    { input: 'two\nlines', expected: 'two\nlines' },
  ])('shows $input as $expected', ({ input, expected }) => {
    expect(toPdfText(input)).toBe(expected);
  });
});
