import { describe, expect, it } from 'vitest';
import { computeTwilioSignature, isValidTwilioSignature } from './twilio-signature';

// Twilio's documented example of request validation.
const token = '12345';
const url = 'https://mycompany.com/myapp.php?foo=1&bar=2';
const params = {
  CallSid: 'CA1234567890ABCDE',
  Caller: '+14158675309',
  Digits: '1234',
  From: '+14158675309',
  To: '+18005551212',
};
const documented = 'RSOYDt4T1cUTdK1PDd93/VVr8B8=';

describe('Twilio signatures', () => {
  it("reproduces Twilio's documented example", () => {
    expect(computeTwilioSignature(token, url, params)).toBe(documented);
  });

  it('does not depend on the order the parameters come in', () => {
    const reversed = Object.fromEntries(Object.entries(params).reverse());
    expect(computeTwilioSignature(token, url, reversed)).toBe(documented);
  });

  it.each([
    ['the documented signature', documented, token, url, params, true],
    ['a changed parameter', documented, token, url, { ...params, Digits: '9999' }, false],
    ['an added parameter', documented, token, url, { ...params, Body: 'x' }, false],
    ['another URL', documented, token, 'https://mycompany.com/myapp.php?foo=1', params, false],
    ['another token', documented, '54321', url, params, false],
    ['no signature', '', token, url, params, false],
    ['no token', documented, '', url, params, false],
    ['a truncated signature', documented.slice(0, 10), token, url, params, false],
  ])('%s', (_label, signature, authToken, signedUrl, signedParams, expected) => {
    expect(isValidTwilioSignature(signature, authToken, signedUrl, signedParams)).toBe(expected);
  });
});
