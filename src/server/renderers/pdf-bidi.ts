import bidiFactory from 'bidi-js';
import { isRightToLeftFace, splitFontRuns, type FontRun, type FontWeight } from './pdf-fonts';

/**
 * Right-to-left text in reading order. pdfkit draws a line's text left to right; the Unicode bidirectional
 * algorithm (bidi-js) gives each character a level, and the runs of a line are reordered for display. A run in
 * the Arabic or Hebrew font keeps each word's letters in logical order (fontkit shapes the word and lays it out
 * right to left itself), only its words are reversed; other right-to-left runs (spaces, punctuation) are reversed
 * whole.
 */

const bidi = bidiFactory();
const rightToLeftChars = /[\u0590-\u08ff\ufb1d-\ufdff\ufe70-\ufefc]/;

type LevelRun = FontRun & { level: number };

/** Cuts the line where the level changes, mirroring brackets and the like in right-to-left parts. */
function splitLevelRuns(line: string, weight: FontWeight): LevelRun[] {
  const embedding = bidi.getEmbeddingLevels(line);
  const mirrored = bidi.getMirroredCharactersMap(line, embedding.levels);
  const runs: LevelRun[] = [];
  let start = 0;
  for (let index = 1; index <= line.length; index += 1) {
    const level = embedding.levels[start] ?? 0;
    if (index < line.length && embedding.levels[index] === level) continue;
    let text = '';
    for (let at = start; at < index; at += 1) text += mirrored.get(at) ?? line[at] ?? '';
    runs.push(...splitFontRuns(text, weight).map((run) => ({ ...run, level })));
    start = index;
  }
  return runs;
}

/** Reverses every maximal sequence of runs at or above each level, from the highest to the lowest odd one. */
function reorderRuns(runs: LevelRun[]): LevelRun[] {
  const ordered = [...runs];
  const levels = ordered.map((run) => run.level);
  const highest = Math.max(0, ...levels);
  const lowestOdd = Math.min(...levels.filter((level) => level % 2 === 1));
  for (let level = highest; level >= lowestOdd; level -= 1) {
    let index = 0;
    while (index < ordered.length) {
      if ((ordered[index]?.level ?? 0) < level) {
        index += 1;
        continue;
      }
      let end = index;
      while (end < ordered.length && (ordered[end]?.level ?? 0) >= level) end += 1;
      ordered.splice(index, end - index, ...ordered.slice(index, end).reverse());
      index = end;
    }
  }
  return ordered;
}

/**
 * A run as drawn. A right-to-left run in the Arabic or Hebrew font is cut into its words and spaces in reverse
 * order, each drawn on its own: fontkit lays out a word right to left itself (shaping it in logical order), but
 * would carry a space into the word beside it.
 */
function toDrawnRuns(run: LevelRun): FontRun[] {
  if (run.level % 2 === 0) return [{ face: run.face, text: run.text }];
  if (!isRightToLeftFace(run.face)) return [{ face: run.face, text: [...run.text].reverse().join('') }];
  return run.text
    .split(/(\s+)/)
    .filter((token) => token !== '')
    .reverse()
    .map((token) => ({ face: run.face, text: token }));
}

/** One line's runs, with their faces, in the order they are drawn from left to right. */
export function orderLineRuns(line: string, weight: FontWeight): FontRun[] {
  if (!rightToLeftChars.test(line)) return splitFontRuns(line, weight);
  return reorderRuns(splitLevelRuns(line, weight)).flatMap(toDrawnRuns);
}
