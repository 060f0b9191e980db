import { execFile } from 'node:child_process';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';

const run = promisify(execFile);

/** The text of a PDF as poppler's pdftotext reads it (layout kept); pages are separated by '\f'. */
export async function extractPdfText(pdf: Buffer): Promise<string> {
  const folder = await mkdtemp(join(tmpdir(), 'mealrounds-pdf-'));
  try {
    const file = join(folder, 'document.pdf');
    await writeFile(file, pdf);
    const { stdout } = await run('pdftotext', ['-layout', file, '-'], { maxBuffer: 16 * 1024 * 1024 });
    return stdout;
  } finally {
    await rm(folder, { recursive: true, force: true });
  }
}

/** The text of each page. */
export async function extractPdfPages(pdf: Buffer): Promise<string[]> {
  const pages = (await extractPdfText(pdf)).split('\f');
  // pdftotext ends the last page with '\f' too.
  return pages.at(-1)?.trim() === '' ? pages.slice(0, -1) : pages;
}
