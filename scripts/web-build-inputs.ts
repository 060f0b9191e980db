import { createHash } from 'node:crypto';
import { readdir, readFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { WebBuildStamp } from './web-build-step';

/**
 * `npm start` builds the web app only when what goes into it changed since the last build: the web sources, the
 * contracts and domain rules they import, the static files, the Vite and TypeScript configs and the locked
 * dependencies. A hash of all of them is kept beside the build (dist/web/.source-hash), with the build's length
 * in seconds (dist/web/.build-seconds) for the next build's estimate.
 */
const inputs = [
  'index.html',
  'vite.config.ts',
  'vite.driver-pwa.ts',
  'vite.first-load.ts',
  'tsconfig.json',
  'package-lock.json',
  'public',
  'src/web',
  'src/contracts',
  'src/domain',
];
export const webOutDir = 'dist/web';
export const stampFile = join(webOutDir, '.source-hash');
export const buildSecondsFile = join(webOutDir, '.build-seconds');

async function listFiles(path: string): Promise<string[]> {
  const entries = await readdir(path, { withFileTypes: true }).catch(() => null);
  if (!entries) return [path];
  const nested = await Promise.all(
    entries.map((entry) =>
      entry.isDirectory() ? listFiles(join(path, entry.name)) : [join(path, entry.name)],
    ),
  );
  return nested.flat();
}

export async function hashWebInputs(): Promise<string> {
  const hash = createHash('sha256');
  const files = (await Promise.all(inputs.map(listFiles))).flat().sort();
  for (const file of files) {
    // A missing input (say, no public/ folder) counts as empty, so the hash stays stable.
    hash
      .update(file)
      .update('\0')
      .update(await readFile(file).catch(() => Buffer.alloc(0)));
  }
  return hash.digest('hex');
}

export async function readWebBuildStamp(): Promise<WebBuildStamp> {
  return {
    hash: await readFile(stampFile, 'utf8').catch(() => ''),
    hasBuild: (await readFile(join(webOutDir, 'index.html')).catch(() => null)) !== null,
  };
}
