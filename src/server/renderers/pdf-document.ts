import { baseFonts } from './pdf-fonts';
import { UnicodePdfDocument, type RecordedContent } from './unicode-pdf-document';

/** Shared page set-up and building blocks of every printed document (A4, Noto Sans, page numbers). */

export type PdfDoc = UnicodePdfDocument;

/** Every text is set in these (Noto Sans); other scripts fall back per run to their own Noto font (pdf-fonts). */
export const fonts = baseFonts;
export const pageMargin = 36;
/** Room kept free at the bottom of each page for the footer. */
const footerHeight = 20;
const footerFontSize = 9;
/** Readable for the kitchen and for clients reading a menu: nothing in a table is smaller. */
export const minBodyFontSize = 12;

export type PdfOptions = {
  title: string;
  /** The paper: A4 unless a label stock is printed on US Letter. */
  size?: 'A4' | 'LETTER';
  layout?: 'portrait' | 'landscape';
  /** Left of the page number in each page's footer. */
  footerText?: string;
  /** False for label stock: nothing may print outside the labels, so no footer (and no page buffering). */
  hasFooter?: boolean;
  /** Page margins in points; default 36 all round. */
  margins?: { top: number; bottom: number; left: number; right: number };
};

/** Text as a document prints it: normalised, control and invisible formatting characters dropped. */
export function toPdfText(value: string): string {
  let result = '';
  for (const char of value.normalize('NFC')) {
    const code = char.codePointAt(0) ?? 0;
    if (char === '\n') result += char;
    else if (code === 0x09) result += ' ';
    else if (code < 0x20 || (code >= 0x7f && code < 0xa0)) continue;
    else if (/\p{Cf}/u.test(char)) continue;
    else result += char;
  }
  return result;
}

/** The lowest y content may reach on the current page (above the footer). */
export function contentBottom(doc: PdfDoc): number {
  return doc.page.height - doc.page.margins.bottom - footerHeight;
}

export function contentWidth(doc: PdfDoc): number {
  return doc.page.width - doc.page.margins.left - doc.page.margins.right;
}

/**
 * Draws one line of text that fits in `width` with drawLine, where pdfkit's text() would run its line wrapper
 * over it for the same operators (every cell of a long report, and the footer of each of its hundreds of pages).
 * False, drawing nothing, for text with a line break or wider than `width`: text() draws that.
 */
function drawFittingLine(
  doc: PdfDoc,
  text: string,
  box: { x: number; y: number; width: number; align: 'left' | 'center' | 'right' },
): boolean {
  const textWidth = text.includes('\n') ? Infinity : doc.widthOfString(text);
  if (textWidth > box.width) return false;
  const offset = box.align === 'left' ? 0 : (box.width - textWidth) / (box.align === 'center' ? 2 : 1);
  if (text) doc.drawLine(text, box.x + offset, box.y);
  return true;
}

/** Writes "footerText ... Page n of m" on every page, once the page count is known. */
function drawFooters(doc: PdfDoc, footerText: string) {
  const range = doc.bufferedPageRange();
  for (let index = range.start; index < range.start + range.count; index += 1) {
    doc.switchToPage(index);
    const { margins } = doc.page;
    // Writing inside the bottom margin would otherwise make pdfkit start a new page.
    const bottomMargin = margins.bottom;
    margins.bottom = 0;
    const y = doc.page.height - bottomMargin - footerFontSize - 2;
    const width = contentWidth(doc);
    doc.font(fonts.regular).fontSize(footerFontSize).fillColor('#444444');
    const text = toPdfText(footerText);
    if (text && !drawFittingLine(doc, text, { x: margins.left, y, width: width * 0.7, align: 'left' })) {
      doc.text(text, margins.left, y, { width: width * 0.7, lineBreak: false });
    }
    const pageNumber = `Page ${index - range.start + 1} of ${range.count}`;
    if (!drawFittingLine(doc, pageNumber, { x: margins.left, y, width, align: 'right' })) {
      doc.text(pageNumber, margins.left, y, { width, align: 'right', lineBreak: false });
    }
    margins.bottom = bottomMargin;
  }
  doc.fillColor('black');
}

/** Renders a document: `draw` lays out the content, then footers are added and the bytes collected. */
export function renderPdf(options: PdfOptions, draw: (doc: PdfDoc) => void): Promise<Buffer> {
  const hasFooter = options.hasFooter ?? true;
  const doc = new UnicodePdfDocument({
    size: options.size ?? 'A4',
    layout: options.layout ?? 'portrait',
    ...(options.margins ? { margins: options.margins } : { margin: pageMargin }),
    bufferPages: hasFooter,
    info: { Title: options.title, Creator: 'MealRounds' },
  });
  return new Promise<Buffer>((resolve, reject) => {
    const chunks: Buffer[] = [];
    doc.on('data', (chunk: Buffer) => chunks.push(chunk));
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.on('error', reject);
    try {
      doc.useFace(fonts.bold).useFace(fonts.regular).fontSize(minBodyFontSize);
      draw(doc);
      if (hasFooter) drawFooters(doc, options.footerText ?? '');
      doc.end();
    } catch (error) {
      reject(error instanceof Error ? error : new Error(String(error)));
    }
  });
}

/** A document heading: a bold title and, under it, lines of smaller text. */
export function drawHeading(doc: PdfDoc, title: string, lines: string[] = []) {
  const x = doc.page.margins.left;
  const width = contentWidth(doc);
  doc.font(fonts.bold).fontSize(20).text(toPdfText(title), x, doc.page.margins.top, { width });
  doc.font(fonts.regular).fontSize(minBodyFontSize);
  for (const line of lines) {
    if (line.trim()) doc.moveDown(0.3).text(toPdfText(line), x, doc.y, { width });
  }
  doc.moveDown(0.8);
}

export type TableColumn = {
  header: string;
  /** Relative width: columns share the table width in proportion to their weights. */
  weight: number;
  /** How the column's body cells align (counts read best centred); default left. */
  align?: 'left' | 'center' | 'right';
};

/** A cell: plain text, or text in bold and/or on a background colour (#rrggbb, light enough for black text). */
export type TableCell = string | { text: string; bold?: boolean; fill?: string };

export type Table = {
  columns: TableColumn[];
  rows: TableCell[][];
  /** Body text size in points; never below 12. */
  fontSize?: number;
  padding?: number;
  /** Extra space after each line break inside a cell, to set apart the items of a list. */
  paragraphGap?: number;
};

type CellStyle = { text: string; font: string; fill?: string };

function toCellStyle(cell: TableCell | undefined): CellStyle {
  if (cell === undefined) return { text: '', font: fonts.regular };
  if (typeof cell === 'string') return { text: toPdfText(cell), font: fonts.regular };
  return { text: toPdfText(cell.text), font: cell.bold ? fonts.bold : fonts.regular, fill: cell.fill };
}

/**
 * Draws a table from the current y. A row never splits across pages: when it does not fit it moves to a new
 * page, and the header row is drawn again at the top of every page the table reaches. A single row taller
 * than a whole page is cut off with an ellipsis rather than split.
 */
export function drawTable(doc: PdfDoc, table: Table) {
  const fontSize = Math.max(minBodyFontSize, table.fontSize ?? minBodyFontSize);
  const padding = table.padding ?? 4;
  const paragraphGap = table.paragraphGap ?? 0;
  const left = doc.page.margins.left;
  const totalWeight = table.columns.reduce((sum, column) => sum + column.weight, 0) || 1;
  const widths = table.columns.map((column) => (contentWidth(doc) * column.weight) / totalWeight);
  const header = table.columns.map((column) => ({ text: toPdfText(column.header), font: fonts.bold }));

  // The height of one line as heightOfString gives it, so the fast path below measures the same.
  doc.font(fonts.regular).fontSize(fontSize);
  const lineHeight = doc.heightOfString('X', { width: 1000 });
  const measure = (cells: CellStyle[], gap = paragraphGap) =>
    Math.max(
      fontSize + 2 * padding,
      ...cells.map((cell, index) => {
        doc.font(cell.font).fontSize(fontSize);
        const text = cell.text || ' ';
        const width = (widths[index] ?? 0) - 2 * padding;
        // Most cells are one short line: measuring its width is far cheaper than laying it out (long reports).
        if (!text.includes('\n') && doc.widthOfString(text) <= width) return lineHeight + 2 * padding;
        // pdfkit adds the gap after the last paragraph too; it is not drawn space.
        return doc.heightOfString(text, { width, paragraphGap: gap }) - gap + 2 * padding;
      }),
    );

  /*
   * The colours last set on the page, so each is set only when it changes (pdfkit writes it again on every call,
   * a tenth of a long report's content). Unknown (null) at the start of the table and on each new page.
   */
  const colours: { fill: string | null; stroke: string | null } = { fill: null, stroke: null };
  const useColours = (fill: string, stroke: string) => {
    if (colours.fill !== fill) doc.fillColor(fill);
    if (colours.stroke !== stroke) doc.strokeColor(stroke);
    colours.fill = fill;
    colours.stroke = stroke;
  };
  const drawRow = (cells: CellStyle[], y: number, height: number, isHeader: boolean) => {
    let x = left;
    cells.forEach((cell, index) => {
      const width = widths[index] ?? 0;
      const fill = isHeader ? '#e8e8e8' : cell.fill;
      if (fill) {
        useColours(fill, '#555555');
        doc.rect(x, y, width, height).fillAndStroke();
      } else {
        useColours(colours.fill ?? 'black', '#555555');
        doc.rect(x, y, width, height).stroke();
      }
      useColours('black', '#555555');
      doc.font(cell.font).fontSize(fontSize);
      const inner = width - 2 * padding;
      const align = table.columns[index]?.align ?? 'left';
      // One line that fits: placed by hand, without pdfkit's line wrapper (most of the time of a long report).
      if (!drawFittingLine(doc, cell.text, { x: x + padding, y: y + padding, width: inner, align })) {
        doc.text(cell.text, x + padding, y + padding, {
          width: inner,
          height: height - 2 * padding,
          ellipsis: true,
          paragraphGap: isHeader ? 0 : paragraphGap,
          align,
        });
      }
      x += width;
    });
    doc.x = left;
    doc.y = y + height;
  };

  const headerHeight = measure(header, 0);
  /*
   * The header row as first drawn at the top of a new page: every later page gets the same operators written again
   * (a header of many cells, each through pdfkit's line wrapper when it has two lines, was a long report's largest
   * cost after its rows).
   */
  let pageHeader: {
    content: RecordedContent;
    colours: { fill: string | null; stroke: string | null };
  } | null = null;
  const startPage = () => {
    const top = doc.page.margins.top;
    if (doc.y > top) {
      doc.addPage();
      colours.fill = null;
      colours.stroke = null;
    }
    const isFreshPage = colours.fill === null && colours.stroke === null;
    if (isFreshPage && pageHeader) {
      doc.replayContent(pageHeader.content);
      Object.assign(colours, pageHeader.colours);
      doc.font(fonts.bold).fontSize(fontSize);
      doc.x = left;
      doc.y = top + headerHeight;
      return;
    }
    const content = doc.recordContent(() => drawRow(header, top, headerHeight, true));
    if (isFreshPage && content) pageHeader = { content, colours: { ...colours } };
  };

  doc.lineWidth(0.75);
  const firstRowHeight = table.rows[0] ? measure(table.rows[0].map(toCellStyle)) : 0;
  if (doc.y + headerHeight + firstRowHeight > contentBottom(doc)) startPage();
  else drawRow(header, doc.y, headerHeight, true);

  for (const row of table.rows) {
    const cells = table.columns.map((_, index) => toCellStyle(row[index]));
    const pageRoom = contentBottom(doc) - doc.page.margins.top - headerHeight;
    const height = Math.min(measure(cells), pageRoom);
    if (doc.y + height > contentBottom(doc)) startPage();
    drawRow(cells, doc.y, height, false);
  }
}
