import { deflateSync } from 'node:zlib';
import PDFDocument from 'pdfkit';
import { orderLineRuns } from './pdf-bidi';
import { baseFonts as fonts, splitFontRuns, startDocumentFace, type FontWeight } from './pdf-fonts';

/*
 * The pdfkit document every printed document is drawn on (see renderPdf in pdf-document.ts): Unicode text with a
 * font per script, and what makes long tables fast (content written per page, widths remembered, plain lines
 * drawn directly).
 */

type FragmentOptions = PDFKit.Mixins.TextOptions & {
  lineWidth?: number;
  textWidth?: number;
  wordCount?: number;
  baseline?: number | string;
};

/** The pdfkit internals the fallback below works with (not in its typings). */
/** A glyph's place as fontkit lays it out (pdfkit scales it to its font's units). */
type GlyphPosition = { xAdvance: number; advanceWidth: number; xOffset: number; yOffset: number };

type PdfInternals = {
  _font: {
    id: string;
    name: string;
    ascender: number;
    /** The glyph ids (4 hex digits each, added to the embedded subset) and places of a text. */
    encode(text: string): [string[], GlyphPosition[]];
    ref(): unknown;
  };
  _fontSize: number;
  /** The pages not yet ended (flushPages ends them). */
  _pageBuffer: { content: PageContent }[];
  _fragment(text: string, x: number, y: number, options: FragmentOptions): void;
};

/** A page's content stream as pdfkit keeps it until the page ends (PDFReference). */
type PageContent = { buffer: Uint8Array[]; compress: boolean; data: { Filter?: string } };

/**
 * Deflates a page's content at level 1 before pdfkit ends it (it would deflate at zlib's default level 6): the
 * pages of a long report are most of its bytes, and level 1 took a third of the time for a few percent more bytes.
 */
function deflatePageContent(content: PageContent): void {
  if (!content.compress || content.buffer.length === 0) return;
  content.buffer = [deflateSync(Buffer.concat(content.buffer), { level: 1 })];
  content.compress = false;
  content.data.Filter = 'FlateDecode';
}

const drawFragment = (PDFDocument.prototype as unknown as PdfInternals)._fragment;

/** A number as pdfkit writes it into content (PDFObject.number: rounded to 6 decimals). */
function pdfNumber(value: number): string {
  return String(Math.round(value * 1e6) / 1e6);
}

/** Operators written by a drawing and the fonts they name (id and reference), to write them again elsewhere. */
export type RecordedContent = { operators: string[]; fonts: [string, unknown][] };

/** A page's content operators not yet written to it (see addContent). */
type PendingContent = { page: PDFKit.PDFPage; operators: string[] };

/*
 * Kept beside the document rather than in fields: pdfkit writes content from its constructor (the first page),
 * before a subclass's fields exist, and field initialisers would then wipe what it wrote.
 */
const pendingContent = new WeakMap<PDFKit.PDFDocument, PendingContent>();
const measuredWidths = new WeakMap<PDFKit.PDFDocument, Map<string, number>>();
/** Per document, each font's lines as drawLine shows them (their `TJ` operator, null for text()). */
const shownLines = new WeakMap<PDFKit.PDFDocument, Map<string, string | null>>();

/**
 * A pdfkit document whose text falls back per run from Noto Sans to the font of each script, with right-to-left
 * runs in reading order. pdfkit measures words with widthOfString and draws each wrapped line with _fragment: both
 * are taken over here, so every caller (tables, labels, headings) gets it without knowing.
 */
export class UnicodePdfDocument extends PDFDocument {
  private readonly registeredFaces = new Set<string>();

  private get internals(): PdfInternals {
    return this as unknown as PdfInternals;
  }

  /** Switches to a face, registering it on first use (pdfkit then embeds the subset of it the document uses). */
  useFace(face: string): this {
    if (!this.registeredFaces.has(face)) {
      // pdfkit takes an opened fontkit font as well as a file (its typings list only files).
      this.registerFont(face, startDocumentFace(face) as unknown as Buffer);
      this.registeredFaces.add(face);
    }
    return this.font(face);
  }

  /** The weight of the base font in use; null for any other font (no fallback then). */
  private findBaseWeight(): FontWeight | null {
    const { name } = this.internals._font;
    if (!name.startsWith('NotoSans-')) return null;
    return name.includes('Bold') ? 'bold' : 'regular';
  }

  /**
   * pdfkit writes every operator (a colour, a rectangle, each part of a text) to the page as its own small byte
   * array, hundreds of thousands of them in a long report, most of the time going to allocating and collecting
   * them. The operators are gathered here and written to their page in one piece: the same bytes, written once.
   */
  override addContent(data: string): this {
    const pending = pendingContent.get(this);
    if (pending?.page === this.page) {
      pending.operators.push(data);
      return this;
    }
    this.writePendingContent();
    pendingContent.set(this, { page: this.page, operators: [data] });
    return this;
  }

  private writePendingContent() {
    const pending = pendingContent.get(this);
    if (!pending || pending.operators.length === 0) return;
    // Operators are ASCII (texts go in as glyph ids in hex): latin1 gives pdfkit's own bytes, in one native pass.
    pending.page.write(Buffer.from(`${pending.operators.join('\n')}\n`, 'latin1'));
    pending.operators = [];
  }

  /**
   * Runs `draw` and returns the operators it wrote to the current page and the fonts it named there, so the same
   * drawing can be written again on another page by replayContent; null when `draw` left the page.
   */
  recordContent(draw: () => void): RecordedContent | null {
    const { page } = this;
    const pending = pendingContent.get(this);
    const start = pending?.page === page ? pending.operators.length : 0;
    const pageFonts = page.fonts as Record<string, unknown>;
    const fontsBefore = new Set(Object.keys(pageFonts));
    draw();
    const after = pendingContent.get(this);
    if (this.page !== page || after?.page !== page) return null;
    return {
      operators: after.operators.slice(start),
      fonts: Object.entries(pageFonts).filter(([id]) => !fontsBefore.has(id)),
    };
  }

  /** Writes recorded operators to the current page, naming their fonts on it as pdfkit would have. */
  replayContent(recorded: RecordedContent): void {
    for (const operator of recorded.operators) this.addContent(operator);
    const pageFonts = this.page.fonts as Record<string, unknown>;
    for (const [id, ref] of recorded.fonts) pageFonts[id] ??= ref;
  }

  /** pdfkit ends pages here (at a new page when pages are not buffered, and at the end): their content first. */
  override flushPages(): void {
    this.writePendingContent();
    for (const page of this.internals._pageBuffer) deflatePageContent(page.content);
    super.flushPages();
  }

  /**
   * A string's width, remembered per font, size and text: a table measures each cell before drawing it and pdfkit
   * measures it again to draw it, and a long report repeats the same few texts thousands of times.
   */
  override widthOfString(text: string, options?: PDFKit.Mixins.TextOptions): number {
    if (options?.characterSpacing || options?.features) {
      return this.measureString(text, options);
    }
    let widths = measuredWidths.get(this);
    if (!widths) {
      widths = new Map();
      measuredWidths.set(this, widths);
    }
    const key = `${this.internals._font.id}\u0000${this.internals._fontSize}\u0000${text}`;
    let width = widths.get(key);
    if (width === undefined) {
      width = this.measureString(text, options);
      widths.set(key, width);
    }
    return width;
  }

  private measureString(text: string, options?: PDFKit.Mixins.TextOptions): number {
    const weight = this.findBaseWeight();
    if (!weight) return super.widthOfString(text, options);
    const runs = splitFontRuns(text, weight);
    const [first] = runs;
    if (runs.length === 1 && first?.face === fonts[weight]) return super.widthOfString(first.text, options);
    const saved = this.internals._font;
    let width = 0;
    for (const run of runs) {
      this.useFace(run.face);
      width += super.widthOfString(run.text, options);
    }
    this.internals._font = saved;
    return width;
  }

  /**
   * One line of text in the current font and size, its top left at (x, y): the operators pdfkit's text() writes for
   * it (with lineBreak false), without its option handling and measuring again, most of the time of a long table.
   * Text other than one run of the base font (another script, right to left), a line break, or glyphs placed off
   * the line go through text() itself.
   */
  drawLine(text: string, x: number, y: number): void {
    const font = this.internals._font;
    let shown = shownLines.get(this);
    if (!shown) {
      shown = new Map();
      shownLines.set(this, shown);
    }
    // Font ids (F1, F2, ...) hold no line break, so the key is one font's text.
    const key = `${font.id}\n${text}`;
    let operand = shown.get(key);
    if (operand === undefined) {
      operand = this.encodeLine(text);
      shown.set(key, operand);
    }
    if (operand === null) {
      this.text(text, x, y, { lineBreak: false });
      return;
    }
    const size = this.internals._fontSize;
    const pageHeight = this.page.height;
    const pageFonts = this.page.fonts as Record<string, unknown>;
    pageFonts[font.id] ??= font.ref();
    const top = pageHeight - y - (font.ascender / 1000) * size;
    // q and Q around a flip to PDF's upward y, as pdfkit's save(), transform() and restore() write them; one
    // piece, as the operators are joined by line breaks when the page is written.
    this.addContent(
      `q\n1 0 0 -1 0 ${pdfNumber(pageHeight)} cm\nBT\n1 0 0 1 ${pdfNumber(x)} ${pdfNumber(top)} Tm\n` +
        `/${font.id} ${pdfNumber(size)} Tf\n${operand}\nET\nQ`,
    );
    this.x = x + this.widthOfString(text);
    this.y = y;
  }

  /**
   * The `[...] TJ` operator of one line in the current font, as pdfkit's _fragment writes it, or null when the line
   * must go through text(): not one run of the base font, a line break, or glyphs placed off the line. Encoding
   * also adds the glyphs to the document's subset of the font, so a line's operator is kept per document and font.
   */
  private encodeLine(text: string): string | null {
    const weight = this.findBaseWeight();
    const runs = weight ? splitFontRuns(text, weight) : [];
    const isPlain =
      weight !== null && runs.length === 1 && runs[0]?.face === fonts[weight] && runs[0].text === text;
    const [glyphs, positions] =
      isPlain && !text.includes('\n') ? this.internals._font.encode(text) : [[], []];
    if (glyphs.length === 0 || positions.some((position) => position.xOffset || position.yOffset))
      return null;
    // As pdfkit's _fragment: runs of glyphs, each closed where a glyph's advance differs from its width (kerning).
    const segments: string[] = [];
    let last = 0;
    const closeSegment = (end: number) => {
      const position = positions[end - 1];
      if (last < end && position) {
        const kerning = pdfNumber(-(position.xAdvance - position.advanceWidth));
        segments.push(`<${glyphs.slice(last, end).join('')}> ${kerning}`);
      }
      last = end;
    };
    positions.forEach((position, index) => {
      if (position.xAdvance - position.advanceWidth !== 0) closeSegment(index + 1);
    });
    closeSegment(positions.length);
    return `[${segments.join(' ')}] TJ`;
  }

  /** Draws one line: its runs in display order, each in its own font, on the base font's baseline. */
  _fragment(text: string, x: number, y: number, options: FragmentOptions): void {
    const weight = this.findBaseWeight();
    const line = text.replace(/\n/g, '');
    const runs = weight ? orderLineRuns(line, weight) : [];
    if (!weight || (runs.length === 1 && runs[0]?.face === fonts[weight] && runs[0].text === line)) {
      drawFragment.call(this, text, x, y, options);
      return;
    }
    let left = x;
    if (options.width && options.lineWidth !== undefined) {
      const width = this.widthOfString(line.replace(/\s+$/, ''), options);
      if (options.align === 'right') left += options.lineWidth - width;
      else if (options.align === 'center') left += (options.lineWidth - width) / 2;
    }
    const saved = this.internals._font;
    const baseline = -((saved.ascender / 1000) * this.internals._fontSize);
    const runOptions: FragmentOptions = {
      ...options,
      align: 'left',
      textWidth: undefined,
      wordCount: undefined,
      baseline,
    };
    for (const run of runs) {
      this.useFace(run.face);
      drawFragment.call(this, run.text, left, y, runOptions);
      left += super.widthOfString(run.text, options);
    }
    this.internals._font = saved;
  }
}
