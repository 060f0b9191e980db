/**
 * The label stocks the kitchen prints meal labels on, as data: the page, the grid and each label's size and
 * place, in millimetres, as the makers publish them (Avery L7160 and L7163 on A4, 5160 and 5162 on US Letter).
 * `left` and `top` are the page edge to the first label's edge; a pitch is the distance between the same edges of
 * two neighbouring labels (label plus gap).
 */

export const labelLayoutIds = ['L7160', 'L7163', '5160', '5162'] as const;
export type LabelLayoutId = (typeof labelLayoutIds)[number];

export type LabelLayout = {
  id: LabelLayoutId;
  /** As a settings screen lists it. */
  name: string;
  page: { size: 'A4' | 'LETTER'; width: number; height: number };
  columns: number;
  rows: number;
  labelWidth: number;
  labelHeight: number;
  left: number;
  top: number;
  pitchX: number;
  pitchY: number;
};

const inch = 25.4;
const a4 = { size: 'A4', width: 210, height: 297 } as const;
const letter = { size: 'LETTER', width: 8.5 * inch, height: 11 * inch } as const;

export const labelLayouts: Record<LabelLayoutId, LabelLayout> = {
  L7160: {
    id: 'L7160',
    name: 'A4, 21 labels, 63.5 x 38.1 mm (Avery L7160)',
    page: a4,
    columns: 3,
    rows: 7,
    labelWidth: 63.5,
    labelHeight: 38.1,
    left: 7.25,
    top: 15.15,
    pitchX: 66.04,
    pitchY: 38.1,
  },
  L7163: {
    id: 'L7163',
    name: 'A4, 14 labels, 99.1 x 38.1 mm (Avery L7163)',
    page: a4,
    columns: 2,
    rows: 7,
    labelWidth: 99.1,
    labelHeight: 38.1,
    left: 4.65,
    top: 15.15,
    pitchX: 101.6,
    pitchY: 38.1,
  },
  '5160': {
    id: '5160',
    name: 'US Letter, 30 labels, 2 5/8 x 1 in (Avery 5160)',
    page: letter,
    columns: 3,
    rows: 10,
    labelWidth: 2.625 * inch,
    labelHeight: 1 * inch,
    left: 0.1875 * inch,
    top: 0.5 * inch,
    pitchX: 2.75 * inch,
    pitchY: 1 * inch,
  },
  '5162': {
    id: '5162',
    name: 'US Letter, 14 labels, 4 x 1 1/3 in (Avery 5162)',
    page: letter,
    columns: 2,
    rows: 7,
    labelWidth: 4 * inch,
    labelHeight: (4 / 3) * inch,
    left: 0.15625 * inch,
    top: (5 / 6) * inch,
    pitchX: 4.1875 * inch,
    pitchY: (4 / 3) * inch,
  },
};

export const defaultLabelLayoutId: LabelLayoutId = 'L7160';

export function countLabelsPerPage(layout: LabelLayout): number {
  return layout.columns * layout.rows;
}

/** Where the n-th label (0-based) of a print run goes: its page and its top-left corner in mm, offset applied. */
export function placeLabel(
  layout: LabelLayout,
  index: number,
  offset: { x: number; y: number },
): { page: number; x: number; y: number } {
  const perPage = countLabelsPerPage(layout);
  const onPage = index % perPage;
  return {
    page: Math.floor(index / perPage),
    x: layout.left + (onPage % layout.columns) * layout.pitchX + offset.x,
    y: layout.top + Math.floor(onPage / layout.columns) * layout.pitchY + offset.y,
  };
}

/** The printer offset, per direction, in millimetres: enough for any printer's drift, not enough to miss a sheet. */
export const labelOffsetRange = { min: -10, max: 10 } as const;

export const labelOffsetMessage = `Enter millimetres from ${String(labelOffsetRange.min)} to ${String(labelOffsetRange.max)}, at most one decimal.`;

/** A printer offset in range with at most one decimal (a tenth of a millimetre is finer than any printer). */
export function isLabelOffset(value: number): boolean {
  return (
    Number.isFinite(value) &&
    value >= labelOffsetRange.min &&
    value <= labelOffsetRange.max &&
    Math.abs(value * 10 - Math.round(value * 10)) < 1e-9
  );
}
