import { writeFile } from 'node:fs/promises';
import type { Plugin } from 'vite';
import { readPendingWebBuild, writePendingWebBuild } from '../src/server/http/web-app';
import { buildSecondsFile, stampFile, webOutDir } from './web-build-inputs';
import { describeBuildDone, describeProgress, type BuildPhase } from './web-build-step';

/**
 * `npm start`'s build of the web app (scripts/start.ts runs it beside the server): `vite build` without source
 * maps (nobody reads them on a local start; `npm run build:web` still writes them) and without the size report,
 * printing where it is every few seconds. Once the app's files are written it removes the "building" mark the
 * server reads; on success it stamps the build with its sources' hash (the argument) and its length.
 *   tsx scripts/build-web.ts <sources hash>
 */
const sourcesHash = process.argv[2];
if (!sourcesHash) throw new Error('usage: tsx scripts/build-web.ts <sources hash>');

const startedAt = Date.now();
console.log("  web build: loading Vite and the app's build settings");
const elapsedSeconds = () => Math.round((Date.now() - startedAt) / 1000);
const progressEverySeconds = 5;

function reportProgress(): Plugin {
  let modules = 0;
  let phase: BuildPhase = 'compiling';
  const say = () => console.log(describeProgress(phase, modules, elapsedSeconds()));
  let timer: NodeJS.Timeout | undefined;
  return {
    name: 'mealrounds-build-progress',
    apply: 'build',
    buildStart() {
      say();
      timer = setInterval(say, progressEverySeconds * 1000);
    },
    moduleParsed() {
      modules += 1;
    },
    renderStart() {
      phase = 'bundling';
      say();
    },
    // The app's files are all written: pages may open it while the driver page's service worker is made (Workbox
    // bundles it with Babel and Terser, about half the build's processor time). A driver page opened in those seconds finds no
    // service worker yet and registers it on its next load.
    writeBundle() {
      phase = 'offline files';
      const pending = readPendingWebBuild(webOutDir);
      if (pending) writePendingWebBuild(webOutDir, { ...pending, isAppWritten: true });
      say();
    },
    closeBundle() {
      clearInterval(timer);
    },
  };
}

// Vite and the build's plugins take seconds to load on a busy machine: said before, not after.
const { build } = await import('vite');
await build({
  logLevel: 'warn',
  build: { sourcemap: false, reportCompressedSize: false },
  plugins: [reportProgress()],
});
const seconds = Math.max(1, elapsedSeconds());
await writeFile(stampFile, `${sourcesHash}\n`);
await writeFile(buildSecondsFile, `${String(seconds)}\n`);
console.log(describeBuildDone(webOutDir, seconds));
