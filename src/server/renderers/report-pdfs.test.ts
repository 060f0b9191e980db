import { inflateSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import type { DeliveryByCategoryReport, DeliveryByClientReport } from '../../contracts/reports';
import { renderDeliveryByCategoryPdf, renderDeliveryByClientPdf } from './report-pdfs';

/** The page content of a PDF: every Flate stream inflated (fonts' streams too; they hold no fill operators). */
function readContent(pdf: Buffer): string {
  const text = pdf.toString('latin1');
  const parts: string[] = [];
  const pattern = /stream\r?\n/g;
  for (let match = pattern.exec(text); match; match = pattern.exec(text)) {
    const start = match.index + match[0].length;
    const end = text.indexOf('endstream', start);
    try {
      parts.push(inflateSync(pdf.subarray(start, end)).toString('latin1'));
    } catch {
      // Not a Flate stream.
    }
  }
  return parts.join('\n');
}

/** How many cells were filled in `hex` (#rrggbb): pdfkit sets a fill as 'r g b scn' with each channel / 255. */
function countFills(content: string, hex: string): number {
  const channels = [1, 3, 5].map((at) => Number.parseInt(hex.slice(at, at + 2), 16) / 255);
  const operator = `${channels.join(' ')} scn`;
  return content.split('\n').filter((line) => line === operator).length;
}

const red = '#f6c1c1';
const green = '#c6e9c6';
const dates = Array.from({ length: 30 }, (_, index) => `${String(index + 1).padStart(2, '0')}-11-2026`);
// Day 1 and 2 are over (one short, one equal); days 3 (today) and 4 are not: short but not judged yet.
const days: DeliveryByClientReport['total']['days'] = dates.map((_, index) =>
  index === 0 ? [3, 2] : index === 1 ? [2, 2] : index === 2 ? [2, 0] : index === 3 ? [4, 0] : [0, 0],
);
const total = { days, total: [11, 4] as [number, number], held: dates.map(() => 0), held_total: 0 };

describe('delivered report PDFs', () => {
  it('colour only the days that are over: future days and the month total are neutral', async () => {
    const report: DeliveryByClientReport = {
      month_start: dates[0] ?? '',
      dates,
      clients: [{ id: 1, name: 'Nguyễn Văn Ánh', ...total }],
      total,
    };
    const content = readContent(await renderDeliveryByClientPdf(report, '2026-11-03'));
    // The client row and the Total row: day 1 red and day 2 green in each; nothing else coloured.
    expect(countFills(content, red)).toBe(2);
    expect(countFills(content, green)).toBe(2);
  });

  it('judge every day of a past month', async () => {
    const report: DeliveryByCategoryReport = {
      month_start: dates[0] ?? '',
      dates,
      categories: [{ key: 'main', name: 'Mains', ...total }],
      total,
    };
    const content = readContent(await renderDeliveryByCategoryPdf(report, '2026-12-15'));
    // Days 1, 3 and 4 are short in both rows, and so is the month's total, printed with each half of the month.
    expect(countFills(content, red)).toBe(10);
    expect(countFills(content, green)).toBe(2);
  });
});
