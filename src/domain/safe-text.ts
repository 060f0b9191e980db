/**
 * Which characters text input may hold. PostgreSQL refuses NUL in text, control characters break the CSV and
 * PDF files and the CRM's records, and a lone UTF-16 surrogate cannot be encoded as UTF-8 (it would be stored
 * as U+FFFD, silently changing what was typed).
 */

const loneSurrogate = /[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/;
const tab = 0x09;
const lineFeed = 0x0a;
const carriageReturn = 0x0d;

/** C0 controls and DEL; a multi-line field keeps tab, line feed and carriage return. */
function isControl(code: number, lines: TextLines): boolean {
  if (code >= 0x20 && code !== 0x7f) return false;
  return lines === 'single' || (code !== tab && code !== lineFeed && code !== carriageReturn);
}

export type TextLines = 'single' | 'multi';

/** True when the text has no control character (tab and line breaks allowed when multi-line) and no lone surrogate. */
export function isSafeText(value: string, lines: TextLines = 'single'): boolean {
  for (let index = 0; index < value.length; index += 1) {
    if (isControl(value.charCodeAt(index), lines)) return false;
  }
  return !loneSurrogate.test(value);
}

/**
 * True when every string (keys included) in a JSON-like value is safe single-line text and the value is at most
 * `maxDepth` levels deep. For the few settings stored as free-form JSON.
 */
export function isSafeJsonValue(value: unknown, maxDepth = 8): boolean {
  if (typeof value === 'string') return isSafeText(value);
  if (typeof value === 'number') return Number.isFinite(value);
  if (value === null || typeof value === 'boolean') return true;
  if (maxDepth <= 0 || typeof value !== 'object') return false;
  const entries = Array.isArray(value)
    ? value.map((item, index) => [String(index), item] as const)
    : Object.entries(value);
  return entries.every(([key, item]) => isSafeText(key) && isSafeJsonValue(item, maxDepth - 1));
}
