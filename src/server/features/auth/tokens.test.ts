import { describe, expect, it } from 'vitest';
import { createTokenService, type TokenSubject } from './tokens';

const subject: TokenSubject = {
  userId: 7,
  accountId: 3,
  username: 'kitchen@example.test',
  accessLevel: 'normal',
  tokenVersion: 2,
  sessionId: 'session-1',
};
const issuedAt = new Date('2026-12-07T09:00:00.000Z');
const expiresAt = new Date('2026-12-07T21:00:00.000Z');

describe('token service', () => {
  it('answers the claims of a token again and again until the second it expires', async () => {
    const tokens = createTokenService('a-secret-a-secret-a-secret-a-secret');
    const token = await tokens.sign(subject, { issuedAt, expiresAt });
    const first = await tokens.verify(token, issuedAt);
    expect(first).toMatchObject({ sub: '7', account_id: 3, ver: 2, sid: 'session-1' });
    expect(await tokens.verify(token, new Date('2026-12-07T20:59:59.999Z'))).toEqual(first);
    expect(await tokens.verify(token, expiresAt)).toBeNull();
    expect(await tokens.verify(token, issuedAt)).toEqual(first);
  });

  it('refuses a token expired at its first check', async () => {
    const tokens = createTokenService('a-secret-a-secret-a-secret-a-secret');
    const token = await tokens.sign(subject, { issuedAt, expiresAt });
    expect(await tokens.verify(token, expiresAt)).toBeNull();
  });

  it('refuses a token whose payload or signature was changed, even after the original was verified', async () => {
    const tokens = createTokenService('a-secret-a-secret-a-secret-a-secret');
    const token = await tokens.sign(subject, { issuedAt, expiresAt });
    await tokens.verify(token, issuedAt);
    const [header, payload, signature] = token.split('.') as [string, string, string];
    const claims = JSON.parse(Buffer.from(payload, 'base64url').toString()) as Record<string, unknown>;
    const otherPayload = Buffer.from(JSON.stringify({ ...claims, account_id: 4 })).toString('base64url');
    expect(await tokens.verify(`${header}.${otherPayload}.${signature}`, issuedAt)).toBeNull();
    const otherSignature = `${signature.slice(0, -2)}${signature.endsWith('AA') ? 'BB' : 'AA'}`;
    expect(await tokens.verify(`${header}.${payload}.${otherSignature}`, issuedAt)).toBeNull();
  });

  it('refuses a token issued more than a minute after now, also once it was accepted', async () => {
    const tokens = createTokenService('a-secret-a-secret-a-secret-a-secret');
    const token = await tokens.sign(subject, { issuedAt, expiresAt });
    expect(await tokens.verify(token, new Date(issuedAt.getTime() - 60_000))).not.toBeNull();
    expect(await tokens.verify(token, new Date(issuedAt.getTime() - 61_000))).toBeNull();
    const other = await tokens.sign({ ...subject, sessionId: 'session-2' }, { issuedAt, expiresAt });
    expect(await tokens.verify(other, new Date(issuedAt.getTime() - 61_000))).toBeNull();
    expect(await tokens.verify(other, issuedAt)).not.toBeNull();
  });

  it('refuses a token signed with another secret', async () => {
    const token = await createTokenService('another-secret-another-secret-xx').sign(subject, {
      issuedAt,
      expiresAt,
    });
    const tokens = createTokenService('a-secret-a-secret-a-secret-a-secret');
    expect(await tokens.verify(token, issuedAt)).toBeNull();
  });
});
