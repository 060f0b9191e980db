/**
 * The inline message for a text field over the length the server takes (counted as the server counts, in UTF-16
 * units), or null when it fits. Forms show it before saving, so a too-long value never reaches the server.
 */
export function findTextLimitError(value: string, limit: number): string | null {
  return value.length > limit
    ? `Use at most ${String(limit)} characters (this has ${String(value.length)}).`
    : null;
}
