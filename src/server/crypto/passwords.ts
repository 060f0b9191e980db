import { randomBytes, scrypt, timingSafeEqual, type ScryptOptions } from 'node:crypto';

/** scrypt's cost parameters, stored with each hash so a hash is always checked at the cost it was made with. */
export type PasswordCost = { N: number; r: number; p: number };

// scrypt is memory-hard; N=2^15, r=8 takes ~32 MiB and about a tenth of a second, which is fine for logins.
const loginCost: PasswordCost = { N: 32768, r: 8, p: 1 };
const maxmem = 64 * 1024 * 1024;
const keyLength = 32;

function deriveKey(password: string, salt: Buffer, options: ScryptOptions): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    scrypt(password.normalize('NFKC'), salt, keyLength, options, (error, key) =>
      error ? reject(error) : resolve(key),
    );
  });
}

/** The stored form of `password`. Only tests pass a `cost`, for users whose strength is not under test. */
export async function hashPassword(password: string, cost: PasswordCost = loginCost): Promise<string> {
  const salt = randomBytes(16);
  const key = await deriveKey(password, salt, { ...cost, maxmem });
  return ['scrypt', cost.N, cost.r, cost.p, salt.toString('base64'), key.toString('base64')].join('$');
}

export async function verifyPassword(password: string, stored: string): Promise<boolean> {
  const [scheme, n, r, p, salt, key] = stored.split('$');
  if (scheme !== 'scrypt' || !n || !r || !p || !salt || !key) return false;
  const expected = Buffer.from(key, 'base64');
  const actual = await deriveKey(password, Buffer.from(salt, 'base64'), {
    N: Number(n),
    r: Number(r),
    p: Number(p),
    maxmem,
  });
  return actual.length === expected.length && timingSafeEqual(actual, expected);
}

/** A hash nobody's password matches, verified against when the user is unknown so timing gives nothing away. */
export const unknownUserHashPromise = hashPassword(randomBytes(24).toString('base64'));
