import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import * as fontkit from 'fontkit';

/**
 * The Unicode fonts every PDF prints with (Noto Sans and its script companions, from npm packages; ADR 0011) and
 * the choice of font per run of text: a fallback chain by script, since no one font covers Latin, Arabic, Hebrew
 * and Chinese, Japanese and Korean together. pdfkit embeds only the glyphs a document uses (a subset).
 */

export type FontWeight = 'regular' | 'bold';
type Script = 'latin' | 'arabic' | 'hebrew' | 'sc' | 'jp' | 'kr';

const files: Record<Script, { regular: string; bold: string }> = {
  latin: { regular: 'noto-sans/400Regular/NotoSans_400Regular', bold: 'noto-sans/700Bold/NotoSans_700Bold' },
  arabic: {
    regular: 'noto-sans-arabic/400Regular/NotoSansArabic_400Regular',
    bold: 'noto-sans-arabic/700Bold/NotoSansArabic_700Bold',
  },
  hebrew: {
    regular: 'noto-sans-hebrew/400Regular/NotoSansHebrew_400Regular',
    bold: 'noto-sans-hebrew/700Bold/NotoSansHebrew_700Bold',
  },
  sc: {
    regular: 'noto-sans-sc/400Regular/NotoSansSC_400Regular',
    bold: 'noto-sans-sc/700Bold/NotoSansSC_700Bold',
  },
  jp: {
    regular: 'noto-sans-jp/400Regular/NotoSansJP_400Regular',
    bold: 'noto-sans-jp/700Bold/NotoSansJP_700Bold',
  },
  kr: {
    regular: 'noto-sans-kr/400Regular/NotoSansKR_400Regular',
    bold: 'noto-sans-kr/700Bold/NotoSansKR_700Bold',
  },
};

/** The name a document knows a face by, e.g. 'NotoSans-latin-bold'. */
export function nameFace(script: Script, weight: FontWeight): string {
  return `NotoSans-${script}-${weight}`;
}

export const baseFonts = { regular: nameFace('latin', 'regular'), bold: nameFace('latin', 'bold') } as const;

const require = createRequire(import.meta.url);

/** Where a face's file is, in its npm package. */
export function resolveFacePath(name: string): string {
  const [, script = 'latin', weight = 'regular'] = name.split('-');
  return require.resolve(`@expo-google-fonts/${files[script as Script][weight as FontWeight]}.ttf`);
}

const faceFiles = new Map<string, Buffer>();

/** A face's file, read once per process and only when a document first needs it (the CJK files are large). */
export function readFace(name: string): Buffer {
  let file = faceFiles.get(name);
  if (!file) {
    file = readFileSync(resolveFacePath(name));
    faceFiles.set(name, file);
  }
  return file;
}

const openedFaces = new Map<string, fontkit.Font>();

/**
 * A face parsed once per process and shared by every document: fontkit reads its tables lazily and keeps what it
 * read (the shaping lookups above all), so a new parse per document paid that again each time, a tenth of a second
 * or more per PDF. pdfkit embeds a subset per document from it (createSubset). See also startDocumentFace.
 */
export function openFace(name: string): fontkit.Font {
  let font = openedFaces.get(name);
  if (!font) {
    const opened = fontkit.create(readFace(name));
    if (!('hasGlyphForCodePoint' in opened)) throw new Error(`Not a single font: ${name}`);
    font = opened;
    openedFaces.set(name, font);
  }
  return font;
}

/**
 * The face for a new document: `openFace` with its glyphs forgotten, as a newly parsed face has none. fontkit keeps
 * each glyph with the characters it was first reached by, and pdfkit maps the glyph back to those for copying and
 * searching text; a glyph first reached another way (a component of an accented letter, while subsetting) has none,
 * and a later document would lose that letter from its text. Documents are drawn one at a time (renderPdf draws
 * and ends a document in one synchronous pass), so no other document is using the face meanwhile.
 */
export function startDocumentFace(name: string): fontkit.Font {
  const font = openFace(name);
  (font as unknown as { _glyphs: Record<number, unknown> })._glyphs = {};
  return font;
}

/** Does the script's font draw this code point? (The regular face; the bold one covers the same.) */
function hasGlyph(script: Script, codePoint: number): boolean {
  return openFace(nameFace(script, 'regular')).hasGlyphForCodePoint(codePoint);
}

const kana = /[\u3040-\u30ff\u31f0-\u31ff\uff66-\uff9f]/;
const hangul = /[\u1100-\u11ff\u3130-\u318f\uac00-\ud7af]/;

/**
 * The fallback chain for a text: Noto Sans first (Latin with every diacritic, Greek, Cyrillic), then Arabic and
 * Hebrew, then the CJK font the text's own letters suggest (Han characters alone cannot tell Chinese from
 * Japanese or Korean: kana say Japanese, Hangul Korean, otherwise Simplified Chinese), then the other two.
 */
function listChain(text: string): Script[] {
  const cjk: Script[] = hangul.test(text)
    ? ['kr', 'jp', 'sc']
    : kana.test(text)
      ? ['jp', 'sc', 'kr']
      : ['sc', 'jp', 'kr'];
  return ['latin', 'arabic', 'hebrew', ...cjk];
}

/** Shown for a character no font has (an emoji, say): the replacement character, never a '?'. */
export const missingGlyph = '\ufffd';

export type FontRun = { face: string; text: string };

// Spaces, digits and punctuation stay in the run they are in when its font has them (no needless font switches).
const neutral = /[\s\p{P}\p{N}\p{S}]/u;
// What Noto Sans surely has: most text (ASCII, names with Western accents) takes this short way.
const plainLatin = /^[\u0020-\u024f\u2010-\u2027\u2030-\u203a\u20ac]*$/;

/** The text cut into runs, each with the face (of the weight asked for) that draws it. */
export function splitFontRuns(text: string, weight: FontWeight): FontRun[] {
  if (plainLatin.test(text)) return [{ face: nameFace('latin', weight), text }];
  const chain = listChain(text);
  const runs: { script: Script; text: string }[] = [];
  for (const char of text) {
    const codePoint = char.codePointAt(0) ?? 0;
    const last = runs.at(-1);
    if (last && neutral.test(char) && hasGlyph(last.script, codePoint)) {
      last.text += char;
      continue;
    }
    const script = chain.find((candidate) => hasGlyph(candidate, codePoint));
    const shown = script ? char : missingGlyph;
    const runScript = script ?? 'latin';
    if (last && last.script === runScript) last.text += shown;
    else runs.push({ script: runScript, text: shown });
  }
  return runs.map((run) => ({ face: nameFace(run.script, weight), text: run.text }));
}

/** Is the face one of a right-to-left script (its font lays each word out right to left itself)? */
export function isRightToLeftFace(face: string): boolean {
  return (
    face === nameFace('arabic', 'regular') || face === nameFace('arabic', 'bold') || face.includes('hebrew')
  );
}
