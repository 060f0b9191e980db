import { describe, expect, it } from 'vitest';
import { decodeJwtClaims } from './jwt';

function encode(value: string): string {
  const bytes = new TextEncoder().encode(value);
  return btoa(String.fromCharCode(...bytes))
    .replace(/\+/g, '-')
    .replace(/\//g, '_')
    .replace(/=+$/, '');
}

describe('decodeJwtClaims', () => {
  it('decodes a base64url payload, including non-ASCII text', () => {
    const jwt = `${encode('{"alg":"HS256"}')}.${encode('{"username":"zoë@example.org","n":1}')}.sig`;
    expect(decodeJwtClaims(jwt)).toEqual({ username: 'zoë@example.org', n: 1 });
  });

  it.each(['', 'abc', 'a.%%%.c', `a.${encode('[1,2]')}.c`, `a.${encode('not json')}.c`])(
    'returns null for %j',
    (jwt) => {
      expect(decodeJwtClaims(jwt)).toBeNull();
    },
  );
});
