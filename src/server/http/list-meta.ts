/** The list meta of a whole (unpaged) list. */
export function wholeListMeta(length: number) {
  return { record_total: length, record_count: length, page: 1, page_max: 1 };
}
