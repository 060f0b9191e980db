import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

/**
 * The docs stay true about where things are: every repository path that README.md and docs/*.md name exists (a
 * file named by its tail, `domain/today.ts` or `today.ts`, must be the tail of some file), and the ADR index lists
 * every decision.
 */
const root = path.resolve(import.meta.dirname, '..');
const skippedFolders = new Set([
  '.git',
  'node_modules',
  'dist',
  'data',
  'tmp',
  'test-results',
  'playwright-report',
]);

function listFiles(folder: string): string[] {
  return readdirSync(path.join(root, folder), { withFileTypes: true }).flatMap((entry) => {
    const relative = folder ? `${folder}/${entry.name}` : entry.name;
    if (entry.isDirectory()) return skippedFolders.has(entry.name) ? [] : listFiles(relative);
    return [relative];
  });
}

const files = listFiles('');
const folders = new Set<string>();
for (const file of files) {
  const parts = file.split('/');
  for (let end = 1; end < parts.length; end += 1) folders.add(parts.slice(0, end).join('/'));
}

/** A file name with one of the repository's extensions, possibly behind folders. */
const fileName =
  /(?<![\w./@:*-])((?:\.{1,2}\/)?[\w.-]+(?:\/[\w.-]+)*\.(?:tsx?|js|mjs|json|md|sql|css|ya?ml|sh|html))(?![\w/])/g;
/** A folder of the repository, named from the top. */
const folderName = /(?<![\w./@:-])((?:src|e2e|bench|scripts|docs|public|lint-fixtures)\/[\w./-]*)/g;

/** Names that look like files but are not ours: a URL's path, a product (Node.js), a placeholder (DATA_DIR/...). */
function isNotOurs(name: string): boolean {
  return (
    name.startsWith('/') ||
    /^\.[a-z]/.test(name) ||
    (!name.includes('/') && /^[A-Z]/.test(name)) ||
    name.split('/').some((part) => /^[A-Z_]+$/.test(part))
  );
}

function findsFile(name: string): boolean {
  const tail = name.replace(/^(\.{1,2}\/)+/, '');
  return files.some((file) => file === tail || file.endsWith(`/${tail}`));
}

function findsFolder(name: string): boolean {
  const trimmed = name.replace(/[./]+$/, '');
  return (
    folders.has(trimmed) || files.includes(trimmed) || files.some((file) => file.startsWith(`${trimmed}.`))
  );
}

const docs = ['README.md', ...files.filter((file) => /^docs\/[^/]+\.md$/.test(file))];

describe('paths named in the docs', () => {
  it.each(docs)('%s names only paths that exist', (doc) => {
    const missing: string[] = [];
    readFileSync(path.join(root, doc), 'utf8')
      .split('\n')
      .forEach((line, index) => {
        for (const [, name = ''] of line.matchAll(fileName)) {
          if (!isNotOurs(name) && !findsFile(name)) missing.push(`line ${String(index + 1)}: ${name}`);
        }
        for (const [, name = ''] of line.matchAll(folderName)) {
          if (!/\.\w+$/.test(name) && !findsFolder(name)) missing.push(`line ${String(index + 1)}: ${name}`);
        }
      });
    expect(missing).toEqual([]);
  });

  it('the ADR index lists every decision, and only those', () => {
    const decisions = files
      .filter((file) => /^docs\/decisions\/\d{4}-.+\.md$/.test(file))
      .map((file) => path.basename(file));
    const index = readFileSync(path.join(root, 'docs/decisions/README.md'), 'utf8');
    const listed = [...index.matchAll(/\]\((\d{4}-[\w-]+\.md)\)/g)].map(([, name]) => name);
    expect([...listed].sort()).toEqual([...decisions].sort());
  });
});
