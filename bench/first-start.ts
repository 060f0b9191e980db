/**
 * A new user's first `npm start`: from a clean state (no dist/web, no build stamp, a new data folder) to the first
 * page the server answers (the "Building the app" page while the web app builds) and to the app's own page, with
 * every line `npm start` prints meanwhile and when. Prints the machine's load before and after: the machine may
 * be shared, and a busy one builds several times slower. A benchmark, not a test. It removes dist/web (the start
 * builds it again) and stops the server it started.
 *   npm run bench:first-start          (BENCH_PORT, default 3300; BENCH_NPM_CI=1 also times `npm ci` in a copy)
 * Target: the first page within 45 s of the command on an idle machine.
 */
import { spawn, spawnSync } from 'node:child_process';
import { cpus, loadavg, tmpdir } from 'node:os';
import { mkdtempSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { createInterface } from 'node:readline';

const port = Number(process.env.BENCH_PORT ?? 3300);
const pageUrl = `http://127.0.0.1:${String(port)}/`;
const giveUpAfterMs = 10 * 60_000;
const pollEveryMs = 200;

const describeLoad = () =>
  `load (1, 5, 15 min) ${loadavg()
    .map((load) => load.toFixed(2))
    .join(', ')} on ${String(cpus().length)} cores`;
const seconds = (fromMs: number) => ((Date.now() - fromMs) / 1000).toFixed(1);
const sleep = (ms: number) => new Promise((done) => setTimeout(done, ms));

/** `npm ci` in a copy of the committed tree (node_modules left out), with npm's cache as it is on this machine. */
function timeNpmCi(): string {
  const copy = mkdtempSync(join(tmpdir(), 'mealrounds-npm-ci-'));
  try {
    spawnSync('sh', ['-c', `git archive HEAD | tar -x -C ${copy}`], { stdio: 'inherit' });
    const startedAt = Date.now();
    const result = spawnSync('npm', ['ci', '--no-audit', '--no-fund'], { cwd: copy, stdio: 'inherit' });
    return result.status === 0 ? `${seconds(startedAt)} s (npm's cache as found)` : 'failed (see above)';
  } finally {
    rmSync(copy, { recursive: true, force: true });
  }
}

/** What GET / answers: null while nothing listens, else the status and whether it is the app's own page. */
async function fetchPage(): Promise<{ status: number; isApp: boolean } | null> {
  try {
    const response = await fetch(pageUrl, { signal: AbortSignal.timeout(5_000) });
    const body = await response.text();
    return { status: response.status, isApp: response.ok && body.includes('<div id="root">') };
  } catch {
    return null;
  }
}

console.log(`Before: ${describeLoad()}; Node ${process.version}`);
const npmCi = process.env.BENCH_NPM_CI === '1' ? timeNpmCi() : null;
rmSync('dist/web', { recursive: true, force: true });
rmSync('dist/web.building', { force: true });
const dataDir = mkdtempSync(join(tmpdir(), 'mealrounds-first-start-'));

const startedAt = Date.now();
const server = spawn('npm', ['start'], {
  env: { ...process.env, PORT: String(port), DATA_DIR: dataDir, WEB_BUILD: '' },
  stdio: ['ignore', 'pipe', 'pipe'],
  // Its own process group, so stopping it stops npm, the server and the build together.
  detached: true,
});
for (const stream of [server.stdout, server.stderr]) {
  createInterface({ input: stream }).on('line', (line) => {
    console.log(`  ${seconds(startedAt).padStart(6)} s | ${line.slice(0, 160)}`);
  });
}
let hasExited = false;
server.once('exit', () => {
  hasExited = true;
});

let firstAnswer: string | null = null;
let appPage: string | null = null;
try {
  while (!appPage && !hasExited && Date.now() - startedAt < giveUpAfterMs) {
    const page = await fetchPage();
    if (page && !firstAnswer) firstAnswer = `${seconds(startedAt)} s (HTTP ${String(page.status)})`;
    if (page?.isApp) appPage = `${seconds(startedAt)} s`;
    else await sleep(pollEveryMs);
  }
} finally {
  if (server.pid !== undefined && !hasExited) process.kill(-server.pid, 'SIGINT');
  await new Promise((done) => (hasExited ? done(null) : server.once('exit', done)));
  rmSync(dataDir, { recursive: true, force: true });
}

console.log(`First page answered:      ${firstAnswer ?? 'never'}`);
console.log(`The app's page answered:  ${appPage ?? 'never'}`);
console.log(`After: ${describeLoad()}`);
console.log(
  npmCi
    ? `npm ci (a copy of the committed tree): ${npmCi}`
    : 'npm ci: not timed here; BENCH_NPM_CI=1 times it in a copy of the committed tree, or by hand in a fresh ' +
        'clone: `rm -rf node_modules && time npm ci`',
);
