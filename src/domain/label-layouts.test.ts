import { describe, expect, it } from 'vitest';
import { countLabelsPerPage, isLabelOffset, labelLayoutIds, labelLayouts, placeLabel } from './label-layouts';

describe('label layouts', () => {
  it.each([
    ['L7160', 21, 'A4'],
    ['L7163', 14, 'A4'],
    ['5160', 30, 'LETTER'],
    ['5162', 14, 'LETTER'],
  ] as const)('%s: %i labels on %s', (id, count, size) => {
    expect(countLabelsPerPage(labelLayouts[id])).toBe(count);
    expect(labelLayouts[id].page.size).toBe(size);
  });

  it.each(labelLayoutIds)(
    '%s: the grid sits on the page with even side margins, labels not overlapping',
    (id) => {
      const layout = labelLayouts[id];
      expect(layout.pitchX).toBeGreaterThanOrEqual(layout.labelWidth);
      expect(layout.pitchY).toBeGreaterThanOrEqual(layout.labelHeight);
      const right =
        layout.page.width - layout.left - (layout.columns - 1) * layout.pitchX - layout.labelWidth;
      const bottom = layout.page.height - layout.top - (layout.rows - 1) * layout.pitchY - layout.labelHeight;
      expect(right).toBeCloseTo(layout.left, 0);
      expect(bottom).toBeCloseTo(layout.top, 1);
    },
  );

  it('L7160: 63.5 x 38.1 mm labels, 3 across with 2.54 mm gaps, from 7.25 mm left and 15.15 mm top', () => {
    const noOffset = { x: 0, y: 0 };
    expect(placeLabel(labelLayouts.L7160, 0, noOffset)).toEqual({ page: 0, x: 7.25, y: 15.15 });
    const second = placeLabel(labelLayouts.L7160, 1, noOffset);
    expect(second.x).toBeCloseTo(73.29);
    const fourth = placeLabel(labelLayouts.L7160, 3, noOffset);
    expect(fourth.x).toBeCloseTo(7.25);
    expect(fourth.y).toBeCloseTo(53.25);
    const last = placeLabel(labelLayouts.L7160, 20, noOffset);
    expect(last.page).toBe(0);
    expect(last.x).toBeCloseTo(139.33);
    expect(last.y).toBeCloseTo(243.75);
    expect(placeLabel(labelLayouts.L7160, 21, noOffset)).toEqual({ page: 1, x: 7.25, y: 15.15 });
  });

  it('5160: 30 a page, 3 x 10, 1 inch rows from half an inch', () => {
    const place = (index: number) => placeLabel(labelLayouts['5160'], index, { x: 0, y: 0 });
    expect(place(29).page).toBe(0);
    expect(place(29).y).toBeCloseTo(12.7 + 9 * 25.4);
    expect(place(29).x).toBeCloseTo(4.7625 + 2 * 69.85);
    expect(place(30)).toMatchObject({ page: 1 });
  });

  it('the printer offset moves every label by the same millimetres', () => {
    for (const id of labelLayoutIds) {
      const layout = labelLayouts[id];
      for (const index of [0, 5, countLabelsPerPage(layout) - 1, countLabelsPerPage(layout) + 2]) {
        const plain = placeLabel(layout, index, { x: 0, y: 0 });
        const moved = placeLabel(layout, index, { x: 1.5, y: -2 });
        expect(moved.page).toBe(plain.page);
        expect(moved.x).toBeCloseTo(plain.x + 1.5);
        expect(moved.y).toBeCloseTo(plain.y - 2);
      }
    }
  });
});

describe('isLabelOffset', () => {
  it.each([0, -10, 10, 1.5, -0.3, 2.1])('%d mm is an offset', (value) => {
    expect(isLabelOffset(value)).toBe(true);
  });

  it.each([-10.1, 10.5, 1.25, Number.NaN, Number.POSITIVE_INFINITY])('%d mm is not', (value) => {
    expect(isLabelOffset(value)).toBe(false);
  });
});
