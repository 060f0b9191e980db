/**
 * The driver page's first load: which files /driver/{token} loads and their size gzipped, and the time until the
 * run shows on a throttled phone connection (Chromium, CDP Fast 3G: 1.6 Mbps down, 750 kbps up, 150 ms RTT).
 * Serves a built web folder (WEB_DIR, default dist/web) gzipped, as a reverse proxy would, with a canned 18-stop run
 * as the API's answer, so only the page is measured. Prints figures; a benchmark, not a test.
 *   npx vite build && npm run bench:driver-first-load
 */
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import { readFileSync, statSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import { extname, join, normalize } from 'node:path';
import { gzipSync } from 'node:zlib';
import { chromium } from '@playwright/test';
import type { DriverRun } from '../src/contracts/driver';

const webDir = process.env.WEB_DIR ?? 'dist/web';
const runs = Number(process.env.BENCH_RUNS ?? 5);
const fast3g = {
  offline: false,
  latency: 150,
  downloadThroughput: 1_600_000 / 8,
  uploadThroughput: 750_000 / 8,
};
const stopCount = 18;

const types: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript',
  '.css': 'text/css',
  '.json': 'application/json',
  '.webmanifest': 'application/manifest+json',
  '.png': 'image/png',
  '.svg': 'image/svg+xml',
};

function buildRun(): DriverRun {
  return {
    round: {
      id: 1,
      name: 'Inner West',
      address: '1 Kitchen Lane, Marrickville NSW 2204',
      pickup_time: '09:30',
    },
    date: '2026-11-24',
    stops: Array.from({ length: stopCount }, (_, index) => ({
      visit_id: index + 1,
      start: `${String(10 + Math.floor(index / 4)).padStart(2, '0')}:${String((index % 4) * 15).padStart(2, '0')}`,
      end: `${String(10 + Math.floor(index / 4)).padStart(2, '0')}:${String((index % 4) * 15 + 10).padStart(2, '0')}`,
      status: 'Scheduled',
      outcome: null,
      client: { name: `Client ${String(index + 1)}`, phone: '0412 345 678' },
      address: `${String(index + 10)} Illawarra Road, Marrickville NSW 2204`,
      delivery_instructions: 'Side gate; knock loudly.',
      dietary_requirements: 'Low salt; diabetic',
      allergies: ['Peanut'],
      meals: [
        {
          description: 'Beef casserole',
          quantity: 2,
          meal_state: 'Frozen',
          cook_deliver: 'Deliver Only',
          comment: '',
          allergen_clash: [],
        },
        {
          description: 'Fruit salad',
          quantity: 1,
          meal_state: 'Fresh',
          cook_deliver: 'Deliver Only',
          comment: '',
          allergen_clash: [],
        },
      ],
    })),
  };
}

function gzipSize(path: string): number {
  return gzipSync(readFileSync(path), { level: 9 }).length;
}

function serve(request: IncomingMessage, response: ServerResponse) {
  const path = (request.url ?? '/').split('?')[0] ?? '/';
  if (path.startsWith('/api/driver/')) {
    response.writeHead(200, { 'content-type': 'application/json', 'cache-control': 'no-store' });
    response.end(JSON.stringify({ meta: { error_code: 0, message: '' }, data: buildRun() }));
    return;
  }
  let file = join(webDir, normalize(path));
  if (!file.startsWith(normalize(webDir)) || !statSync(file, { throwIfNoEntry: false })?.isFile()) {
    file = join(webDir, 'index.html');
  }
  const body = gzipSync(readFileSync(file));
  response.writeHead(200, {
    'content-type': types[extname(file)] ?? 'application/octet-stream',
    'content-encoding': 'gzip',
    'cache-control': path.startsWith('/assets/') ? 'public, max-age=31536000, immutable' : 'no-cache',
  });
  response.end(body);
}

async function main() {
  const server = createServer(serve);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const base = `http://127.0.0.1:${String((server.address() as AddressInfo).port)}`;
  const browser = await chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    args: ['--no-sandbox', '--disable-gpu', '--disable-dev-shm-usage'],
  });
  const loaded = new Set<string>();
  const measure = async (conditions: typeof fast3g | null) => {
    const firstOpen: number[] = [];
    const repeatOpen: number[] = [];
    for (let attempt = 0; attempt < runs; attempt += 1) {
      const context = await browser.newContext({
        viewport: { width: 390, height: 844 },
        isMobile: true,
        hasTouch: true,
        serviceWorkers: 'allow',
      });
      // The moment the progress line appears, on the page's own clock (ms since navigation start).
      await context.addInitScript(() => {
        new MutationObserver((_records, observer) => {
          if (/^0 of \d+ done$/.test(document.querySelector('[role=status]')?.textContent ?? '')) {
            (window as unknown as { shownAt: number }).shownAt = performance.now();
            observer.disconnect();
          }
        }).observe(document, { childList: true, subtree: true, characterData: true });
      });
      const page = await context.newPage();
      page.on('request', (request) => {
        const url = new URL(request.url());
        if (url.pathname.endsWith('.js') || url.pathname.endsWith('.css')) loaded.add(url.pathname);
      });
      const cdp = await context.newCDPSession(page);
      await cdp.send('Network.enable');
      if (conditions) await cdp.send('Network.emulateNetworkConditions', conditions);
      for (const times of [firstOpen, repeatOpen]) {
        await page.goto(`${base}/driver/bench-token`);
        await page.getByText(`0 of ${String(stopCount)} done`).waitFor();
        times.push(await page.evaluate(() => (window as unknown as { shownAt: number }).shownAt));
      }
      await context.close();
    }
    return { firstOpen, repeatOpen };
  };
  const throttled = await measure(fast3g);
  const unthrottled = await measure(null);
  await browser.close();
  server.close();

  const files = [...loaded].filter((path) => !path.includes('driver-sw') && !path.includes('workbox')).sort();
  const jsFiles = files.filter((path) => path.endsWith('.js'));
  const rows = files.map((path) => ({ path, gzip: gzipSize(join(webDir, path)) }));
  const jsTotal = rows.filter((row) => jsFiles.includes(row.path)).reduce((sum, row) => sum + row.gzip, 0);
  const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)] ?? 0;
  console.log(`Files /driver/{token} loads (${webDir}), gzipped:`);
  for (const row of rows)
    console.log(`  ${row.path.padEnd(44)} ${(row.gzip / 1024).toFixed(1).padStart(7)} kB`);
  console.log(`JavaScript in all: ${(jsTotal / 1024).toFixed(1)} kB gzipped (budget 150 kB)`);
  console.log(`index.html: ${(gzipSize(join(webDir, 'index.html')) / 1024).toFixed(1)} kB gzipped`);
  for (const [label, times] of [
    ['Fast 3G', throttled],
    ['unthrottled (this machine)', unthrottled],
  ] as const) {
    console.log(
      `Time to show the run, ${label} (${String(runs)} runs, median): first open ${median(times.firstOpen).toFixed(0)} ms,` +
        ` opened again ${median(times.repeatOpen).toFixed(0)} ms`,
    );
  }
  if (files.some((path) => /mantine|office-main|vendor|router/.test(path))) {
    console.log('Warning: the driver page loaded office chunks: ' + files.join(', '));
  }
}

await main();
