/** Where a visitor goes after logging in when no route to return to was given. */
export const defaultAfterLoginPath = '/clients';

const loginPath = '/login/';

/**
 * True for a same-origin app path worth returning to. Rejects absolute and protocol-relative URLs
 * ('//evil.example', '/\\evil.example') so the login page cannot be used as an open redirect,
 * and the login and logout pages themselves.
 */
export function isSafeReturnPath(path: string): boolean {
  if (!path.startsWith('/') || path.startsWith('//') || path.startsWith('/\\')) return false;
  // Control characters and backslashes are never part of our routes; browsers treat some of them as '/'.
  if (hasControlCharacterOrBackslash(path)) return false;
  return !/^\/(login|logout)(\/|$|\?|#)/.test(path);
}

/** The login route that returns to `from` (a path with its query) after logging in. */
export function buildLoginPath(from: string): string {
  if (!isSafeReturnPath(from) || from === '/') return loginPath;
  return `${loginPath}?next=${encodeURIComponent(from)}`;
}

/** The route to go to after logging in, read from the login page's query string. */
export function readReturnPath(search: string): string {
  const next = new URLSearchParams(search).get('next');
  return next && isSafeReturnPath(next) ? next : defaultAfterLoginPath;
}

function hasControlCharacterOrBackslash(path: string): boolean {
  return [...path].some((char) => {
    const code = char.charCodeAt(0);
    return code < 0x20 || code === 0x7f || char === '\\';
  });
}
