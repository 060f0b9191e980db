import { renderMealChoicesPdf, renderDeliveryByClientPdf } from '../src/server/print/report-pdfs';
import type { MealChoicesReport, DeliveryByClientReport } from '../src/contracts/reports';
const n = Number(process.env.N ?? 1000);
const dates = Array.from({ length: 28 }, (_, i) => `${String(1 + (i % 28)).padStart(2, '0')}-12-2026`);
const report: MealChoicesReport = {
  start_date: dates[0]!, dates,
  clients: Array.from({ length: n }, (_, i) => ({ id: i, name: `Client ${i}`, score: i % 30, days: dates.map((date, d) => ({ date, planned: (d + i) % 7 < 5, cnt: (d * i) % 3 })) })),
};
let s = performance.now();
const pdf = await renderMealChoicesPdf(report);
console.log('meal choices', n, Math.round(performance.now() - s), 'ms', pdf.length);
const md = Array.from({ length: 31 }, (_, i) => `${String(1 + i).padStart(2, '0')}-12-2026`);
const dr: DeliveryByClientReport = { month_start: md[0]!, dates: md, total: { days: md.map(() => [5, 3] as [number, number]), total: [100, 50] },
  clients: Array.from({ length: n }, (_, i) => ({ id: i, name: `Client ${i}`, days: md.map((_, d) => ((d + i) % 3 ? [1, 1] : [0, 0]) as [number, number]), total: [20, 20] as [number, number] })) };
s = performance.now();
const pdf2 = await renderDeliveryByClientPdf(dr);
console.log('delivered by client', n, Math.round(performance.now() - s), 'ms', pdf2.length);
