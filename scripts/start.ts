import { fork } from 'node:child_process';
import { setPriority } from 'node:os';
import { mkdir, readFile, rm } from 'node:fs/promises';
import { pendingWebBuildFile, writePendingWebBuild } from '../src/server/http/web-app';
import { buildSecondsFile, hashWebInputs, readWebBuildStamp, webOutDir } from './web-build-inputs';
import {
  defaultBuildSeconds,
  describeBuildFailure,
  describeBuildStart,
  describeUpToDate,
  isWebBuildNeeded,
  readBuildSeconds,
} from './web-build-step';

/**
 * `npm start`: the server, with the web app built first when its sources changed (WEB_BUILD=always builds
 * regardless). The build runs in a process of its own beside the server rather than before it, so a first start
 * answers within seconds: until the build is complete, pages say "Building the app" and reload themselves
 * (src/server/http/web-app.ts reads the mark this script leaves beside dist/web). A failed build stops the server.
 */
/** A lower priority than the server's (0), as `nice` counts. */
const buildPriority = 10;

async function startWebBuild(sourcesHash: string): Promise<void> {
  const expectedSeconds =
    readBuildSeconds(await readFile(buildSecondsFile, 'utf8').catch(() => '')) ?? defaultBuildSeconds;
  console.log(describeBuildStart(expectedSeconds));
  await mkdir(webOutDir, { recursive: true });
  // fork() runs the build with this process's own TypeScript loader (tsx).
  const child = fork('scripts/build-web.ts', [sourcesHash], { stdio: 'inherit' });
  if (child.pid === undefined) throw new Error('the web build did not start');
  // The server's first page comes first: on a busy machine the build yields the processor to it.
  setPriority(child.pid, buildPriority);
  writePendingWebBuild(webOutDir, {
    pid: child.pid,
    startedAt: Date.now(),
    expectedSeconds,
    isAppWritten: false,
  });
  // The server stopping (Ctrl+C, SIGTERM) stops the build with it.
  process.once('exit', () => child.kill());
  child.once('exit', (code, signal) => {
    void rm(pendingWebBuildFile(webOutDir), { force: true });
    // Done, or stopped by a signal with the server (Ctrl+C reaches both).
    if (code === 0 || signal !== null) return;
    console.error(describeBuildFailure(code));
    // The server's shutdown (SIGTERM) ends with exit code 0: the failure's code is set last.
    process.once('exit', () => {
      process.exitCode = 1;
    });
    process.kill(process.pid, 'SIGTERM');
  });
}

const sourcesHash = await hashWebInputs();
if (isWebBuildNeeded(sourcesHash, await readWebBuildStamp(), process.env.WEB_BUILD === 'always')) {
  await startWebBuild(sourcesHash);
} else {
  console.log(describeUpToDate(webOutDir));
}
await import('../src/server/main');
