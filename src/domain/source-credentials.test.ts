import { describe, expect, it } from 'vitest';
import { isSourcePasswordRequired, type SourceLinkChange } from './source-credentials';

const stored = { url: 'https://a.example', username: 'key', hasPassword: true };

describe('isSourcePasswordRequired', () => {
  it.each<[string, SourceLinkChange, boolean]>([
    ['nothing sent', {}, false],
    ['the same address and username', { url: 'https://a.example', username: 'key' }, false],
    ['a new address', { url: 'https://b.example' }, true],
    ['a new address with the password', { url: 'https://b.example', password: 'p' }, false],
    ['a new address with an empty password', { url: 'https://b.example', password: '' }, true],
    ['a new username', { username: 'other' }, true],
    ['a new username with the password', { username: 'other', password: 'p' }, false],
    ['the address cleared', { url: '' }, false],
    ['only a new password', { password: 'p' }, false],
  ])('%s', (_name, change, expected) => {
    expect(isSourcePasswordRequired(stored, change)).toBe(expected);
  });

  it('needs no password when none is stored', () => {
    expect(isSourcePasswordRequired({ ...stored, hasPassword: false }, { url: 'https://b.example' })).toBe(
      false,
    );
  });
});
