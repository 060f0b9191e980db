import { describe, expect, it } from 'vitest';
import { orderLineRuns } from './pdf-bidi';
import { missingGlyph, nameFace, splitFontRuns } from './pdf-fonts';

const scriptOf = (face: string) => face.split('-')[1];

describe('splitFontRuns', () => {
  it('keeps Latin with diacritics, Greek and Cyrillic in Noto Sans, in one run', () => {
    expect(splitFontRuns('Nguyễn Văn Ánh, Ελένη, Иван', 'bold')).toEqual([
      { face: nameFace('latin', 'bold'), text: 'Nguyễn Văn Ánh, Ελένη, Иван' },
    ]);
  });

  it.each([
    { text: '李小龍', script: 'sc' },
    { text: 'やまだ 山田太郎', script: 'jp' },
    { text: '김민준 金', script: 'kr' },
    { text: 'محمد علي', script: 'arabic' },
    { text: 'דוד כהן', script: 'hebrew' },
  ])('draws $text in the $script font', ({ text, script }) => {
    const runs = splitFontRuns(text, 'regular');
    expect(runs.map((run) => scriptOf(run.face))).toEqual([script]);
    expect(runs.map((run) => run.text).join('')).toBe(text);
  });

  it('switches font per run, spaces and digits staying in the run they are in', () => {
    const runs = splitFontRuns('Room 12 李小龍 3 محمد', 'regular');
    expect(runs.map((run) => [scriptOf(run.face), run.text])).toEqual([
      ['latin', 'Room 12 '],
      ['sc', '李小龍 3 '],
      ['arabic', 'محمد'],
    ]);
  });

  it('marks a character no font has (an emoji) with the replacement character, never a question mark', () => {
    expect(
      splitFontRuns('soup 🍲', 'regular')
        .map((run) => run.text)
        .join(''),
    ).toBe(`soup ${missingGlyph}`);
  });
});

describe('orderLineRuns', () => {
  const drawn = (line: string) => orderLineRuns(line, 'regular').map((run) => run.text);

  it('draws a right-to-left name word by word from its end (each word is laid out right to left by the font)', () => {
    expect(drawn('محمد علي')).toEqual(['علي', ' ', 'محمد']);
    expect(drawn('דוד כהן')).toEqual(['כהן', ' ', 'דוד']);
  });

  it('places a right-to-left part of a left-to-right line in reading order, brackets mirrored', () => {
    expect(drawn('Mixed: محمد علي (12) end')).toEqual([
      'Mixed: ',
      '(',
      '12',
      ')',
      ' ',
      'علي',
      ' ',
      'محمد',
      ' end',
    ]);
  });

  it('leaves left-to-right lines as they are', () => {
    expect(drawn('Ελένη 李小龍')).toEqual(['Ελένη ', '李小龍']);
  });
});
