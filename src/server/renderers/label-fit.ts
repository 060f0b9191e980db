/**
 * How a meal label's text fits its label, as a pure rule (the PDF's font measures the text; it is passed in, so
 * the rule is tested without a PDF). Nothing is ever cut: each text wraps (within a word when a word alone is
 * wider than the label), every size shrinks step by step down to a readable minimum, and what still does not fit
 * moves on to continuation labels of the same portion, each repeating the header (client and meal) and marking
 * its footer. ADR 0025 gives the reasons.
 */

export type LabelFont = 'regular' | 'bold';

/** One text of the label at its preferred size in points. */
export type LabelBlock = { text: string; font: LabelFont; size: number };

export type LabelContent = {
  /** On every label of the portion: who and what (client name, meal). */
  header: LabelBlock[];
  /** In order; what does not fit flows on to the next label. */
  body: LabelBlock[];
  /** At the foot of every label: round, stop and date. */
  footer: LabelBlock;
};

/** Width in points of a text set in a font and size. */
export type MeasureText = (text: string, font: LabelFont, size: number) => number;

export type FitOptions = {
  /** The smallest size any text takes (points). */
  minSize: number;
  /** How much every size shrinks at each step (points). */
  step: number;
  /** Line height as a multiple of the size. */
  lineHeight: number;
  /** The footer's marker on each label of a portion that takes more than one. */
  marker: (index: number, count: number) => string;
};

export type LabelPart = 'header' | 'body' | 'footer';
export type FittedLine = Line & { /** From the label's top. */ y: number };
export type FittedLabel = { lines: FittedLine[]; isContinued: boolean };

type Line = { text: string; font: LabelFont; size: number; part: LabelPart };

const graphemes = new Intl.Segmenter(undefined, { granularity: 'grapheme' });

/** Breaks a word wider than the label between characters (a name in Chinese has no spaces). */
function breakWord(word: string, fits: (text: string) => boolean): string[] {
  const pieces: string[] = [];
  let piece = '';
  for (const { segment } of graphemes.segment(word)) {
    if (piece && !fits(piece + segment)) {
      pieces.push(piece);
      piece = segment;
    } else piece += segment;
  }
  if (piece) pieces.push(piece);
  return pieces;
}

/** The lines of a text wrapped to a width: by words, each paragraph on a new line, empty ones dropped. */
export function wrapText(text: string, fits: (text: string) => boolean): string[] {
  const lines: string[] = [];
  for (const paragraph of text.split('\n')) {
    let line = '';
    // A no-break space holds its neighbours together ('2 of 2').
    for (const word of paragraph.split(/[^\S\u00a0]+/).filter(Boolean)) {
      const candidate = line ? `${line} ${word}` : word;
      if (fits(candidate)) {
        line = candidate;
        continue;
      }
      if (line) lines.push(line);
      const pieces = fits(word) ? [word] : breakWord(word, fits);
      line = pieces.pop() ?? '';
      lines.push(...pieces);
    }
    if (line) lines.push(line);
  }
  return lines;
}

export function createLabelFitter(
  box: { width: number; height: number },
  measure: MeasureText,
  options: FitOptions,
) {
  const sizeAt = (block: LabelBlock, step: number) =>
    Math.max(options.minSize, block.size - step * options.step);
  const heightOf = (lines: Line[]) =>
    lines.reduce((total, line) => total + line.size * options.lineHeight, 0);

  function wrapBlock(block: LabelBlock, step: number, part: LabelPart): Line[] {
    const size = sizeAt(block, step);
    const fits = (text: string) => measure(text, block.font, size) <= box.width;
    return wrapText(block.text, fits).map((text) => ({ text, font: block.font, size, part }));
  }

  /** Places top lines from the top and the footer's from the bottom. */
  function toLabel(top: Line[], footer: Line[], isContinued: boolean): FittedLabel {
    const lines: FittedLine[] = [];
    let y = 0;
    for (const line of top) {
      lines.push({ ...line, y });
      y += line.size * options.lineHeight;
    }
    y = box.height - heightOf(footer);
    for (const line of footer) {
      lines.push({ ...line, y });
      y += line.size * options.lineHeight;
    }
    return { lines, isContinued };
  }

  /**
   * The portion's labels at one step of shrinking, the footers marked for `count` labels. A text that does not fit
   * the room left starts on the next label when it fits there whole (a note is read in one place); only a text
   * longer than a whole label is split between labels.
   */
  function paginate(content: LabelContent, step: number, count: number): FittedLabel[] {
    const headerBlocks = content.header.map((block) => wrapBlock(block, step, 'header'));
    const body = content.body.map((block) => wrapBlock(block, step, 'body'));
    const footerOf = (index: number) => {
      const text = `${content.footer.text}${options.marker(index, count)}`;
      return wrapBlock({ ...content.footer, text }, step, 'footer');
    };
    const footerHeight = heightOf(footerOf(count - 1));
    // Every label repeats as much of the header as leaves room for one more line (the client's name at least,
    // where it can); the rest of it flows like the body, so it is printed once.
    const leavesRoom = (repeated: number) => {
      const next = [...headerBlocks.slice(repeated), ...body].find((block) => block.length > 0)?.[0];
      const lines = headerBlocks.slice(0, repeated).flat();
      return heightOf(lines) + footerHeight + (next ? heightOf([next]) : 0) <= box.height;
    };
    let repeated = headerBlocks.length;
    while (repeated > 0 && !leavesRoom(repeated)) repeated -= 1;
    const header = headerBlocks.slice(0, repeated).flat();
    const flow = [...headerBlocks.slice(repeated), ...body];
    const emptyRoom = box.height - footerHeight - heightOf(header);
    const labels: FittedLabel[] = [];
    let blockIndex = 0;
    let lineIndex = 0;
    do {
      const index = labels.length;
      const footer = footerOf(index);
      const top = [...header];
      let room = box.height - heightOf(footer) - heightOf(top);
      let placed = 0;
      while (blockIndex < flow.length) {
        const rest = (flow[blockIndex] ?? []).slice(lineIndex);
        const isWholeBlock = lineIndex === 0;
        if (placed > 0 && isWholeBlock && heightOf(rest) > room && heightOf(rest) <= emptyRoom) break;
        let taken = 0;
        for (const line of rest) {
          const height = heightOf([line]);
          // At least one line a label, so a text always moves on.
          if (height > room && placed > 0) break;
          top.push(line);
          room -= height;
          taken += 1;
          placed += 1;
        }
        if (taken < rest.length) {
          lineIndex += taken;
          break;
        }
        blockIndex += 1;
        lineIndex = 0;
      }
      labels.push(toLabel(top, footer, index > 0));
    } while (blockIndex < flow.length);
    return labels;
  }

  /** Settles the count in the footer markers ('2 of 3' may wrap where '2 of 2' did not). */
  function paginateSettled(content: LabelContent, step: number): FittedLabel[] {
    let count = 2;
    let labels = paginate(content, step, count);
    for (let round = 0; round < 5 && labels.length !== count; round += 1) {
      count = labels.length;
      labels = paginate(content, step, count);
    }
    return labels;
  }

  const lastStep = (content: LabelContent) =>
    Math.max(
      0,
      ...[...content.header, ...content.body, content.footer].map((block) =>
        Math.ceil((block.size - options.minSize) / options.step),
      ),
    );

  /**
   * The labels of one portion: one label at the largest sizes that fit it; else the fewest labels the smallest
   * size needs, at the largest sizes that keep that count.
   */
  return function fitLabel(content: LabelContent): FittedLabel[] {
    const last = lastStep(content);
    for (let step = 0; step <= last; step += 1) {
      const lines = [
        ...content.header.flatMap((block) => wrapBlock(block, step, 'header')),
        ...content.body.flatMap((block) => wrapBlock(block, step, 'body')),
      ];
      const footer = wrapBlock(content.footer, step, 'footer');
      if (heightOf(lines) + heightOf(footer) <= box.height) return [toLabel(lines, footer, false)];
    }
    const fewest = paginateSettled(content, last).length;
    for (let step = 0; step < last; step += 1) {
      const labels = paginateSettled(content, step);
      if (labels.length <= fewest) return labels;
    }
    return paginateSettled(content, last);
  };
}
