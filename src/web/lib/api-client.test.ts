import { describe, expect, it, vi } from 'vitest';
import { z } from 'zod';
import { buildEnvelope, buildErrorEnvelope, stubApi } from '../test-utils';
import {
  ApiError,
  apiDelete,
  apiGet,
  apiPost,
  configureApiClient,
  requestApi,
  unwrapData,
} from './api-client';

const unexpected = { meta: { error_code: 1, message: 'Unexpected error' }, data: null };

describe('api client', () => {
  it('passes a successful envelope through, with list meta', async () => {
    const answer = buildEnvelope([{ id: 1 }], { record_total: 1, record_count: 1, page: 1, page_max: 1 });
    stubApi({ 'GET /api/users': () => answer });
    await expect(apiGet('users')).resolves.toEqual(answer);
  });

  it('passes an error envelope through with null data', async () => {
    stubApi({ 'DELETE /api/users/7': () => buildErrorEnvelope(5, 'User not found.') });
    await expect(apiDelete('users/7')).resolves.toEqual({
      meta: { error_code: 5, message: 'User not found.' },
      data: null,
    });
  });

  it('sends JSON bodies and query parameters', async () => {
    const { calls, fetchMock } = stubApi({
      'POST /api/contact': () => buildEnvelope(null),
      'GET /api/clients': () => buildEnvelope([]),
    });
    await apiPost('contact', { message: 'Hi' });
    await apiGet('clients', { page: 2, filter: 'a b', filter_round: undefined, sync: true });
    expect(calls[0]).toMatchObject({ method: 'POST', path: '/api/contact', body: { message: 'Hi' } });
    expect(calls[0]?.headers.get('Content-Type')).toBe('application/json');
    expect(fetchMock.mock.calls[1]?.[0]).toBe('/api/clients?page=2&filter=a+b&sync=true');
  });

  it('turns a network failure into code 1 Unexpected error', async () => {
    vi.stubGlobal('fetch', vi.fn().mockRejectedValue(new TypeError('Failed to fetch')));
    await expect(apiGet('users')).resolves.toEqual(unexpected);
  });

  it('turns an answer that is not an envelope into code 1 Unexpected error', async () => {
    stubApi({
      'GET /api/html': () => new Response('<html>Bad gateway</html>', { status: 502 }),
      'GET /api/plain': () => ({ ok: true }),
    });
    await expect(apiGet('html')).resolves.toEqual(unexpected);
    await expect(apiGet('plain')).resolves.toEqual(unexpected);
  });

  it('treats data that breaks the contract as a parse failure', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    stubApi({ 'GET /api/thing': () => buildEnvelope({ id: 'not a number' }) });
    await expect(apiGet('thing', undefined, { schema: z.object({ id: z.number() }) })).resolves.toEqual(
      unexpected,
    );
  });

  it('sends the bearer token only when there is one', async () => {
    const { calls } = stubApi({ 'GET /api/users': () => buildEnvelope([]) });
    await apiGet('users');
    configureApiClient({ getJwt: () => 'token-1', onSessionExpired: () => {} });
    await apiGet('users');
    expect(calls[0]?.headers.get('Authorization')).toBeNull();
    expect(calls[1]?.headers.get('Authorization')).toBe('Bearer token-1');
  });

  it('reports an expired session only for logged-in calls answering code 3', async () => {
    stubApi({
      'GET /api/users': () =>
        new Response(JSON.stringify(buildErrorEnvelope(3, 'Token expired.')), { status: 401 }),
    });
    const onSessionExpired = vi.fn();
    configureApiClient({ getJwt: () => null, onSessionExpired });
    await apiGet('users');
    expect(onSessionExpired).not.toHaveBeenCalled();

    configureApiClient({ getJwt: () => 'token-1', onSessionExpired });
    const response = await apiGet('users');
    expect(response.meta).toEqual({ error_code: 3, message: 'Token expired.' });
    expect(onSessionExpired).toHaveBeenCalledTimes(1);

    await requestApi('users', { ignoreSessionExpiry: true });
    expect(onSessionExpired).toHaveBeenCalledTimes(1);
  });

  it('unwraps data or throws an ApiError with the meta', async () => {
    expect(unwrapData(buildEnvelope({ a: 1 }))).toEqual({ a: 1 });
    const error = (() => {
      try {
        unwrapData(buildErrorEnvelope(4, 'Not allowed.'));
      } catch (caught) {
        return caught;
      }
    })();
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({ message: 'Not allowed.', code: 4 });
  });
});
