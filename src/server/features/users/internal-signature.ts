import { createHmac, hkdfSync, timingSafeEqual } from 'node:crypto';
import type { NewAccountWithAdmin } from './admin-bootstrap';

/**
 * create-admin asks a running embedded server with a request signed by a key derived from the app secret:
 * whoever can read the data folder (where the generated secret lives) or is given APP_SECRET can sign, nobody
 * else. The signature covers the time it was made, so a captured request is refused a few minutes later.
 */
export const signatureHeader = 'x-mealrounds-signature';
const maxAgeMs = 5 * 60 * 1000;

function deriveKey(appSecret: string): Buffer {
  return Buffer.from(hkdfSync('sha256', appSecret, '', 'mealrounds internal create-admin', 32));
}

function computeMac(appSecret: string, body: NewAccountWithAdmin, issuedAt: number): Buffer {
  return createHmac('sha256', deriveKey(appSecret))
    .update(`${issuedAt}\n${JSON.stringify([body.account, body.username, body.source ?? ''])}`)
    .digest();
}

export function signCreateAdmin(appSecret: string, body: NewAccountWithAdmin, issuedAt: number): string {
  return `${issuedAt}.${computeMac(appSecret, body, issuedAt).toString('hex')}`;
}

export function isCreateAdminSignatureValid(
  appSecret: string,
  body: NewAccountWithAdmin,
  signature: string,
  nowMs: number,
): boolean {
  const match = /^(\d{1,15})\.([0-9a-f]{64})$/.exec(signature);
  if (!match?.[1] || !match[2]) return false;
  const issuedAt = Number(match[1]);
  if (Math.abs(nowMs - issuedAt) > maxAgeMs) return false;
  return timingSafeEqual(computeMac(appSecret, body, issuedAt), Buffer.from(match[2], 'hex'));
}
