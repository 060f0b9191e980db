import { describe, expect, it } from 'vitest';
import { hashPassword, unknownUserHashPromise, verifyPassword } from './passwords';

describe('password hashes', () => {
  it('are scrypt at N=2^15, r=8, p=1 by default, salted, and check only the right password', async () => {
    const stored = await hashPassword('correct-horse-battery');
    const [scheme, n, r, p, salt, key] = stored.split('$');
    expect([scheme, n, r, p]).toEqual(['scrypt', '32768', '8', '1']);
    expect(Buffer.from(salt ?? '', 'base64')).toHaveLength(16);
    expect(Buffer.from(key ?? '', 'base64')).toHaveLength(32);
    expect(await hashPassword('correct-horse-battery')).not.toBe(stored);
    expect(await verifyPassword('correct-horse-battery', stored)).toBe(true);
    expect(await verifyPassword('correct-horse-batterY', stored)).toBe(false);
  });

  it('are checked at the cost stored with them', async () => {
    const cheap = await hashPassword('pässword', { N: 1024, r: 8, p: 1 });
    expect(cheap.startsWith('scrypt$1024$8$1$')).toBe(true);
    // Compatibility normalisation: the same text typed as one code point or as a letter and its accent.
    expect(await verifyPassword('pa\u0308ssword', cheap)).toBe(true);
    expect(await verifyPassword('password', cheap)).toBe(false);
  });

  it('refuse what is not a scrypt hash, and the unknown user’s hash matches nothing', async () => {
    expect(await verifyPassword('anything', '')).toBe(false);
    expect(await verifyPassword('anything', 'bcrypt$10$abc')).toBe(false);
    expect(await verifyPassword('', await unknownUserHashPromise)).toBe(false);
  });
});
