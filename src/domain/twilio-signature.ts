import { createHmac, timingSafeEqual } from 'node:crypto';

/**
 * Twilio signs each request it makes (X-Twilio-Signature): HMAC-SHA1 with the account's auth token over the full
 * URL it called followed by every POST parameter, sorted by name, as name then value; base64. The product checks
 * it on its callbacks, and the simulator signs its own the same way.
 */
export function computeTwilioSignature(
  authToken: string,
  url: string,
  params: Readonly<Record<string, string>>,
): string {
  const signed = Object.keys(params)
    .sort()
    .reduce((text, name) => `${text}${name}${params[name] ?? ''}`, url);
  return createHmac('sha1', authToken).update(signed, 'utf8').digest('base64');
}

export function isValidTwilioSignature(
  signature: string,
  authToken: string,
  url: string,
  params: Readonly<Record<string, string>>,
): boolean {
  if (!signature || !authToken) return false;
  const expected = Buffer.from(computeTwilioSignature(authToken, url, params));
  const given = Buffer.from(signature);
  return given.length === expected.length && timingSafeEqual(given, expected);
}
