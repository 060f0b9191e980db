import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { StartRun } from './start-run';

const token = 'tok_123';
const zone = 'Australia/Sydney';
const envelope = (data: unknown, code = 0, message = '') =>
  new Response(JSON.stringify({ meta: { error_code: code, message }, data }), {
    headers: { 'Content-Type': 'application/json' },
  });

function stubStart(answer: () => Promise<Response>) {
  const fetchMock = vi.fn(answer);
  vi.stubGlobal('fetch', fetchMock);
  return fetchMock;
}

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('StartRun', () => {
  it('starts the run and shows when, in the round zone', async () => {
    const fetchMock = stubStart(async () => envelope({ started_at: '2026-11-18T23:02:00.000Z' }));
    render(<StartRun token={token} startedAt={null} timeZone={zone} isOnline />);
    await userEvent.click(screen.getByRole('button', { name: 'Start the run' }));
    expect(await screen.findByText('Run started at 10:02')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Start the run' })).toBeNull();
    expect(fetchMock).toHaveBeenCalledWith(
      `/api/driver/${token}/start`,
      expect.objectContaining({ method: 'POST' }),
    );
  });

  it('shows a start made before and offers no button', () => {
    render(<StartRun token={token} startedAt="2026-11-18T22:45:00.000Z" timeZone={zone} isOnline />);
    expect(screen.getByText('Run started at 09:45')).toBeTruthy();
    expect(screen.queryByRole('button')).toBeNull();
  });

  it('cannot start offline and says so', () => {
    render(<StartRun token={token} startedAt={null} timeZone={zone} isOnline={false} />);
    expect(screen.getByRole('button', { name: 'Start the run' }).hasAttribute('disabled')).toBe(true);
    expect(screen.getByText('The run can be started once the phone is back online.')).toBeTruthy();
  });

  it('says why a start failed and keeps the button', async () => {
    stubStart(() => Promise.reject(new TypeError('Failed to fetch')));
    render(<StartRun token={token} startedAt={null} timeZone={zone} isOnline />);
    await userEvent.click(screen.getByRole('button', { name: 'Start the run' }));
    expect((await screen.findByRole('alert')).textContent).toBe(
      'No network: the run can be started once the phone is back online.',
    );
    expect(screen.getByRole('button', { name: 'Start the run' })).toBeTruthy();
  });
});
