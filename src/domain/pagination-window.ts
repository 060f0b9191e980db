/** The pagination shows a window of 7 page numbers (docs/product-rules.md, Pagination). */
export const paginationWindowSize = 7;
/** The window is centred on the current page: 3 pages before it (and 3 after). */
const pagesBeforeCurrent = 3;

export type PaginationWindow = {
  /** The current page, clamped to 1..pageMax. */
  current: number;
  pageMax: number;
  /** The page numbers shown, ascending (at most 7). */
  pages: number[];
  /** A link to page 1 before the window, when the window does not start at 1. */
  hasFirstLink: boolean;
  /** An ellipsis between the first link and the window, when pages lie between them. */
  hasStartEllipsis: boolean;
  /** A link to the last page after the window, when the window does not reach it. */
  hasLastLink: boolean;
  hasEndEllipsis: boolean;
  hasPrevious: boolean;
  hasNext: boolean;
};

/**
 * The page links of a list: 7 numbers centred on the current page (3 before it), shifted to stay within 1..pageMax,
 * with first and last page links (and ellipses when pages are skipped) where the window does not reach them.
 * A page_max under 1 (an empty list) counts as one page.
 */
export function buildPaginationWindow(currentPage: number, pageMax: number): PaginationWindow {
  const last = Math.max(1, Math.floor(pageMax));
  const current = Math.min(Math.max(1, Math.floor(currentPage)), last);
  const start = Math.max(1, Math.min(current - pagesBeforeCurrent, last - paginationWindowSize + 1));
  const end = Math.min(last, start + paginationWindowSize - 1);
  const pages = Array.from({ length: end - start + 1 }, (_, offset) => start + offset);
  return {
    current,
    pageMax: last,
    pages,
    hasFirstLink: start > 1,
    hasStartEllipsis: start > 2,
    hasLastLink: end < last,
    hasEndEllipsis: end < last - 1,
    hasPrevious: current > 1,
    hasNext: current < last,
  };
}
