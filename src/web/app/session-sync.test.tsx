import { render, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { buildAccount, buildEnvelope, logInAs, stubApi } from '../test-utils';
import { createQueryClient, Providers } from './providers';
import { SessionSync } from './session-sync';
import { getSession } from './session-store';

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

  it('does not call the server when logged out', async () => {
    const { calls } = stubApi({});
    render(
      <Providers queryClient={createQueryClient()} env="test">
        <SessionSync />
      </Providers>,
    );
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(calls).toHaveLength(0);
  });
});
