import { createHash } from 'node:crypto';
import { readdir, readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { build } from 'vite';
import { buildWebIfChanged } from './web-build-step';

/**
 * `npm start` builds the web app only when what goes into it changed since the last build: the web sources, the
 * contracts and domain rules they import, the static files, the Vite and TypeScript configs and the locked
 * dependencies. A hash of all of them is kept beside the build (dist/web/.source-hash); a start with the same hash
 * serves the existing build. Set WEB_BUILD=always to build regardless.
 */
const inputs = [
  'index.html',
  'vite.config.ts',
  'tsconfig.json',
  'package-lock.json',
  'public',
  'src/web',
  'src/contracts',
  'src/domain',
];
const outDir = 'dist/web';
const stampFile = join(outDir, '.source-hash');

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

async function hashInputs(): Promise<string> {
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

await buildWebIfChanged({
  outDir,
  hashInputs,
  readStamp: async () => ({
    hash: await readFile(stampFile, 'utf8').catch(() => ''),
    hasBuild: (await readFile(join(outDir, 'index.html')).catch(() => null)) !== null,
  }),
  writeStamp: (hash) => writeFile(stampFile, `${hash}\n`),
  build: async () => {
    await build({ logLevel: 'warn' });
  },
  log: (line) => console.log(line),
  isForced: process.env.WEB_BUILD === 'always',
});
