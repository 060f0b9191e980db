import { act, render, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { buildAccount, buildEnvelope, buildJwt, logInAs, stubApi } from '../test-utils';
import { createQueryClient, Providers } from './providers';
import { SessionSync } from './session-sync';
import { getSession, login } from '../lib/session-store';

describe('session sync', () => {
  it('refreshes the stored account from the server on load', async () => {
    const { calls } = stubApi({
      'GET /api/accounts/1': () => buildEnvelope(buildAccount({ name: 'Renamed' })),
    });
    logInAs('bob@example.org', 'normal', buildAccount({ name: 'Old' }));
    render(
      <Providers queryClient={createQueryClient()} env="test">
        <SessionSync />
      </Providers>,
    );
    await waitFor(() => expect(getSession().account?.name).toBe('Renamed'));
    expect(calls.filter((call) => call.path === '/api/accounts/1')).toHaveLength(1);
  });

  it('renews a token that expires within the hour', async () => {
    const fresh = buildJwt({ username: 'bob@example.org', access_level: 'normal' });
    stubApi({
      'GET /api/accounts/1': () => buildEnvelope(buildAccount()),
      'POST /api/users/refresh': () => buildEnvelope({ jwt: fresh }),
    });
    const expiring = buildJwt({
      username: 'bob@example.org',
      access_level: 'normal',
      exp: Math.floor(Date.now() / 1000) + 30 * 60,
    });
    login(expiring, buildAccount());
    render(
      <Providers queryClient={createQueryClient()} env="test">
        <SessionSync />
      </Providers>,
    );
    await waitFor(() => expect(getSession().jwt).toBe(fresh));
  });

  it('does not call the server when logged out', async () => {
    const { calls } = stubApi({});
    const queryClient = createQueryClient();
    render(
      <Providers queryClient={queryClient} env="test">
        <SessionSync />
      </Providers>,
    );
    // The account query exists but is disabled: nothing is fetching once the effects and promises have run.
    await act(async () => {});
    const accountQueries = queryClient.getQueryCache().findAll({ queryKey: ['account'] });
    expect(accountQueries.map((query) => query.state.fetchStatus)).toEqual(['idle']);
    expect(queryClient.isFetching()).toBe(0);
    expect(calls).toHaveLength(0);
  });
});
