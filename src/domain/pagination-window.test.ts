import { describe, expect, it } from 'vitest';
import { buildPaginationWindow, paginationWindowSize } from './pagination-window';

type Case = {
  current: number;
  pageMax: number;
  pages: number[];
  first: boolean;
  startDots: boolean;
  last: boolean;
  endDots: boolean;
};

// prettier-ignore
const cases: Case[] = [
  // Fewer pages than the window: every page, no first/last links.
  { current: 1, pageMax: 1, pages: [1], first: false, startDots: false, last: false, endDots: false },
  { current: 1, pageMax: 2, pages: [1, 2], first: false, startDots: false, last: false, endDots: false },
  { current: 3, pageMax: 5, pages: [1, 2, 3, 4, 5], first: false, startDots: false, last: false, endDots: false },
  // Exactly 7 pages: the window covers them all wherever the current page is.
  { current: 1, pageMax: 7, pages: [1, 2, 3, 4, 5, 6, 7], first: false, startDots: false, last: false, endDots: false },
  { current: 4, pageMax: 7, pages: [1, 2, 3, 4, 5, 6, 7], first: false, startDots: false, last: false, endDots: false },
  { current: 7, pageMax: 7, pages: [1, 2, 3, 4, 5, 6, 7], first: false, startDots: false, last: false, endDots: false },
  // 8 pages: the last page is next to the window (a link, no ellipsis), then the first.
  { current: 1, pageMax: 8, pages: [1, 2, 3, 4, 5, 6, 7], first: false, startDots: false, last: true, endDots: false },
  { current: 8, pageMax: 8, pages: [2, 3, 4, 5, 6, 7, 8], first: true, startDots: false, last: false, endDots: false },
  // 16 pages (160 demo clients at 10 a page): clamped at the start ...
  { current: 1, pageMax: 16, pages: [1, 2, 3, 4, 5, 6, 7], first: false, startDots: false, last: true, endDots: true },
  { current: 2, pageMax: 16, pages: [1, 2, 3, 4, 5, 6, 7], first: false, startDots: false, last: true, endDots: true },
  { current: 4, pageMax: 16, pages: [1, 2, 3, 4, 5, 6, 7], first: false, startDots: false, last: true, endDots: true },
  // ... centred with 3 before the current page ...
  { current: 5, pageMax: 16, pages: [2, 3, 4, 5, 6, 7, 8], first: true, startDots: false, last: true, endDots: true },
  { current: 6, pageMax: 16, pages: [3, 4, 5, 6, 7, 8, 9], first: true, startDots: true, last: true, endDots: true },
  { current: 9, pageMax: 16, pages: [6, 7, 8, 9, 10, 11, 12], first: true, startDots: true, last: true, endDots: true },
  { current: 11, pageMax: 16, pages: [8, 9, 10, 11, 12, 13, 14], first: true, startDots: true, last: true, endDots: true },
  { current: 12, pageMax: 16, pages: [9, 10, 11, 12, 13, 14, 15], first: true, startDots: true, last: true, endDots: false },
  // ... and clamped at the end.
  { current: 13, pageMax: 16, pages: [10, 11, 12, 13, 14, 15, 16], first: true, startDots: true, last: false, endDots: false },
  { current: 15, pageMax: 16, pages: [10, 11, 12, 13, 14, 15, 16], first: true, startDots: true, last: false, endDots: false },
  { current: 16, pageMax: 16, pages: [10, 11, 12, 13, 14, 15, 16], first: true, startDots: true, last: false, endDots: false },
  // A large list.
  { current: 500, pageMax: 1000, pages: [497, 498, 499, 500, 501, 502, 503], first: true, startDots: true, last: true, endDots: true },
  // Out-of-range input is clamped: below 1, beyond the last page, an empty list (page_max 0), fractions.
  { current: 0, pageMax: 16, pages: [1, 2, 3, 4, 5, 6, 7], first: false, startDots: false, last: true, endDots: true },
  { current: -3, pageMax: 3, pages: [1, 2, 3], first: false, startDots: false, last: false, endDots: false },
  { current: 40, pageMax: 16, pages: [10, 11, 12, 13, 14, 15, 16], first: true, startDots: true, last: false, endDots: false },
  { current: 1, pageMax: 0, pages: [1], first: false, startDots: false, last: false, endDots: false },
  { current: 5.7, pageMax: 16.2, pages: [2, 3, 4, 5, 6, 7, 8], first: true, startDots: false, last: true, endDots: true },
];

describe('buildPaginationWindow', () => {
  it.each(cases)(
    'page $current of $pageMax shows $pages',
    ({ current, pageMax, pages, first, startDots, last, endDots }) => {
      const window = buildPaginationWindow(current, pageMax);
      expect(window.pages).toEqual(pages);
      expect(window.hasFirstLink).toBe(first);
      expect(window.hasStartEllipsis).toBe(startDots);
      expect(window.hasLastLink).toBe(last);
      expect(window.hasEndEllipsis).toBe(endDots);
    },
  );

  it('never shows more than 7 numbers, always contains the current page and stays within 1..pageMax', () => {
    for (let pageMax = 1; pageMax <= 30; pageMax += 1) {
      for (let current = 1; current <= pageMax; current += 1) {
        const window = buildPaginationWindow(current, pageMax);
        expect(window.pages.length).toBe(Math.min(paginationWindowSize, pageMax));
        expect(window.pages).toContain(current);
        expect(window.pages[0]).toBeGreaterThanOrEqual(1);
        expect(window.pages.at(-1)).toBeLessThanOrEqual(pageMax);
        // Where there is room, exactly 3 pages come before the current one.
        if (current > 3 && current <= pageMax - 3) expect(window.pages.indexOf(current)).toBe(3);
        // The first and last pages are always reachable, from the window or a link.
        expect(window.pages.includes(1) || window.hasFirstLink).toBe(true);
        expect(window.pages.includes(pageMax) || window.hasLastLink).toBe(true);
      }
    }
  });

  it.each([
    [1, 16, false, true],
    [8, 16, true, true],
    [16, 16, true, false],
    [1, 1, false, false],
  ])('page %i of %i: previous %s, next %s', (current, pageMax, hasPrevious, hasNext) => {
    const window = buildPaginationWindow(current, pageMax);
    expect(window.hasPrevious).toBe(hasPrevious);
    expect(window.hasNext).toBe(hasNext);
  });

  it('answers the clamped current page and page count', () => {
    expect(buildPaginationWindow(40, 16)).toMatchObject({ current: 16, pageMax: 16 });
    expect(buildPaginationWindow(0, 0)).toMatchObject({ current: 1, pageMax: 1 });
  });
});
