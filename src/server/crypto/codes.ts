import { createHash, randomBytes } from 'node:crypto';

/** A random, URL-safe single-use code (registration and password reset). */
export function createCode(): string {
  return randomBytes(24).toString('base64url');
}

/** Codes are stored only as their SHA-256: they are long and random, so a fast hash suffices. */
export function hashCode(code: string): string {
  return createHash('sha256').update(code).digest('hex');
}
