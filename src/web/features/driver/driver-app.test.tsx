import 'fake-indexeddb/auto';
import { act, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import type { DriverOutcomeInput, DriverRun } from '../../../contracts/driver';
import { DriverApp } from './driver-app';
import { buildDbName, buildRun, buildStop } from './testing/driver-fixtures';

const token = 'tok_123';
const envelope = (data: unknown, code = 0, message = '') =>
  new Response(JSON.stringify({ meta: { error_code: code, message }, data }), {
    headers: { 'Content-Type': 'application/json' },
  });

type Server = {
  run: DriverRun | 'gone' | 'down';
  outcomes: 'accept' | 'down';
  posted: DriverOutcomeInput[][];
};

/** The driver API as fetch sees it: the run, and outcomes accepted (or no network at all). */
function stubDriverApi(server: Server) {
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
      const path = String(input);
      if (path === `/api/driver/${token}/run`) {
        if (server.run === 'down') throw new TypeError('Failed to fetch');
        return server.run === 'gone' ? envelope(null, 5, 'Not found.') : envelope(server.run);
      }
      if (path === `/api/driver/${token}/outcomes` && init?.method === 'POST') {
        if (server.outcomes === 'down') throw new TypeError('Failed to fetch');
        const body = JSON.parse(String(init.body)) as DriverOutcomeInput[];
        server.posted.push(body);
        return envelope(body.map((outcome) => ({ id: outcome.id, accepted: true, message: '' })));
      }
      return envelope(null, 5, 'No route.');
    }),
  );
}

function renderDriverApp(server: Server, dbName = buildDbName()) {
  stubDriverApi(server);
  const user = userEvent.setup();
  const view = render(<DriverApp token={token} dbName={dbName} />);
  return { ...view, user, dbName };
}

function stopItem(name: string): HTMLElement {
  return screen.getByRole('listitem', { name: new RegExp(name) });
}

/** Taps the outcome, then saves it (with a note for Delivered, none for the others). */
async function recordOutcome(user: ReturnType<typeof userEvent.setup>, stop: HTMLElement, outcome: string) {
  await user.click(within(stop).getByRole('button', { name: outcome }));
  if (outcome === 'Delivered')
    await user.type(within(stop).getByLabelText('Note (optional)'), 'Left at the door');
  await user.click(within(stop).getByRole('button', { name: `Save ${outcome}` }));
  await within(stop).findByText(new RegExp(`^${outcome} at`));
}

describe('the driver page', () => {
  it('shows the run: each stop with its time, directions, call link, instructions, dietary needs and meals', async () => {
    const run = buildRun([
      buildStop(11, {
        start: '10:30',
        end: '10:45',
        client: { name: 'Ada Lovelace', phone: '(02) 9876 5432' },
      }),
      buildStop(12, { delivery_instructions: '', dietary_requirements: '' }),
    ]);
    renderDriverApp({ run, outcomes: 'accept', posted: [] });
    expect(await screen.findByRole('heading', { level: 1, name: 'Monday North' })).toBeTruthy();
    expect(screen.getByText('Tuesday 24 November 2026')).toBeTruthy();
    expect(screen.getByText('Pick up at 09:00 from 1 Kitchen Lane, Sydney')).toBeTruthy();
    expect(screen.getByText('0 of 2 done')).toBeTruthy();
    expect(screen.getByText('All outcomes sent.')).toBeTruthy();
    const ada = stopItem('Ada Lovelace');
    expect(within(ada).getByText('10:30–10:45')).toBeTruthy();
    expect(within(ada).getByRole('heading', { name: 'Stop 1: Ada Lovelace' })).toBeTruthy();
    expect(
      within(ada)
        .getByRole('link', { name: 'Directions: 11 George Street, Sydney NSW 2000' })
        .getAttribute('href'),
    ).toBe(
      'https://www.google.com/maps/dir/?api=1&destination=11%20George%20Street%2C%20Sydney%20NSW%202000',
    );
    expect(within(ada).getByRole('link', { name: 'Call (02) 9876 5432' }).getAttribute('href')).toBe(
      'tel:0298765432',
    );
    expect(within(ada).getByText('Knock loudly')).toBeTruthy();
    expect(within(ada).getByText('Low salt')).toBeTruthy();
    expect(within(ada).getByText('2 × Beef stew (Frozen)')).toBeTruthy();
    expect(within(stopItem('Client 12')).queryByText(/Delivery instructions/)).toBeNull();
  });

  it('after the outcome is tapped, a note is optional: Save records it with the note typed, or none', async () => {
    const server: Server = { run: buildRun(), outcomes: 'accept', posted: [] };
    const { user } = renderDriverApp(server);
    const stop = await screen.findByRole('listitem', { name: /Client 12/ });
    expect(within(stop).queryByLabelText('Note (optional)')).toBeNull();
    await user.click(within(stop).getByRole('button', { name: 'Not home' }));
    expect(within(stop).getByText('Outcome: Not home')).toBeTruthy();
    await user.type(within(stop).getByLabelText('Note (optional)'), 'Left with the neighbour');
    await user.click(within(stop).getByRole('button', { name: 'Save Not home' }));
    expect(await screen.findByText('1 of 3 done')).toBeTruthy();
    expect(await within(stop).findByText(/^Not home at \d\d:\d\d$/)).toBeTruthy();

    const other = stopItem('Client 13');
    await user.click(within(other).getByRole('button', { name: 'Delivered' }));
    await user.click(within(other).getByRole('button', { name: 'Save Delivered' }));
    expect(await screen.findByText('2 of 3 done')).toBeTruthy();
    expect(await screen.findByText('All outcomes sent.')).toBeTruthy();
    expect(server.posted.flat()).toEqual([
      {
        id: expect.stringMatching(/^[0-9a-f-]{36}$/) as unknown,
        visit_id: 12,
        outcome: 'not_home',
        note: 'Left with the neighbour',
        recorded_at: expect.any(String) as unknown,
      },
      {
        id: expect.stringMatching(/^[0-9a-f-]{36}$/) as unknown,
        visit_id: 13,
        outcome: 'delivered',
        note: '',
        recorded_at: expect.any(String) as unknown,
      },
    ]);
  });

  it("shows an outcome's time in the round's zone, not the phone's", async () => {
    const zoneBefore = process.env.TZ;
    process.env.TZ = 'UTC';
    try {
      const outcome = {
        outcome: 'delivered' as const,
        note: '',
        recorded_at: '2026-11-24T05:13:00Z',
        photo_url: null,
      };
      const server: Server = { run: buildRun([buildStop(11, { outcome })]), outcomes: 'accept', posted: [] };
      renderDriverApp(server);
      const stop = await screen.findByRole('listitem', { name: /Client 11/ });
      // 05:13 UTC is 16:13 in Sydney (daylight time, UTC+11).
      expect(await within(stop).findByText('Delivered at 16:13')).toBeTruthy();
    } finally {
      process.env.TZ = zoneBefore;
    }
  });

  it('a tapped outcome can be taken back before it is saved', async () => {
    const server: Server = { run: buildRun(), outcomes: 'accept', posted: [] };
    const { user } = renderDriverApp(server);
    const stop = await screen.findByRole('listitem', { name: /Client 11/ });
    await user.click(within(stop).getByRole('button', { name: 'Refused' }));
    await user.click(within(stop).getByRole('button', { name: 'Choose another outcome' }));
    expect(within(stop).getByText('What happened?')).toBeTruthy();
    expect(screen.getByText('0 of 3 done')).toBeTruthy();
    expect(server.posted).toEqual([]);
  });

  it('a done stop folds to one line (name, outcome and time) that opens to the whole stop', async () => {
    const server: Server = { run: buildRun(), outcomes: 'accept', posted: [] };
    const { user } = renderDriverApp(server);
    await recordOutcome(user, await screen.findByRole('listitem', { name: /Client 11/ }), 'Delivered');
    // Opened only once the save has answered, so the answer's re-render cannot fold it again under the test.
    await waitFor(() => expect(server.posted).toHaveLength(1));
    await waitFor(() => expect(screen.queryByText('Not sent yet')).toBeNull());
    const stop = screen.getByRole('listitem', { name: /Client 11/ });
    const line = within(stop).getByRole('button', { name: /^Stop 1: Client 11 Delivered at \d\d:\d\d/ });
    expect(line.getAttribute('aria-expanded')).toBe('false');
    expect(within(stop).queryByRole('link', { name: /^Directions/ })).toBeNull();
    expect(within(stop).queryByRole('heading', { name: 'Meals' })).toBeNull();
    await user.click(line);
    expect(line.getAttribute('aria-expanded')).toBe('true');
    expect(within(stop).getByRole('link', { name: /^Directions/ })).toBeTruthy();
    expect(within(stop).getByText('Note: Left at the door')).toBeTruthy();
    await user.click(line);
    expect(within(stop).queryByRole('link', { name: /^Directions/ })).toBeNull();
  });

  it('changes an outcome: the new one, with a new id, replaces the old', async () => {
    const server: Server = { run: buildRun(), outcomes: 'accept', posted: [] };
    const { user } = renderDriverApp(server);
    const stop = await screen.findByRole('listitem', { name: /Client 11/ });
    await recordOutcome(user, stop, 'Delivered');
    await user.click(within(stop).getByRole('button', { name: /^Stop 1: Client 11/ }));
    await user.click(await within(stop).findByRole('button', { name: 'Change outcome' }));
    await recordOutcome(user, stop, 'Not home');
    expect(await within(stop).findByText(/^Not home at/)).toBeTruthy();
    expect(within(stop).queryByText(/^Delivered at/)).toBeNull();
    expect(screen.getByText('1 of 3 done')).toBeTruthy();
    const ids = server.posted.flat().map((outcome) => outcome.id);
    expect(new Set(ids).size).toBe(2);
  });

  it('keeps outcomes on the phone without a network, counts them, and sends each once when the network returns', async () => {
    const server: Server = { run: buildRun(), outcomes: 'down', posted: [] };
    const { user } = renderDriverApp(server);
    await screen.findByText('0 of 3 done');
    act(() => {
      window.dispatchEvent(new Event('offline'));
    });
    expect(screen.getByText(/^No network\. Keep recording/)).toBeTruthy();
    await recordOutcome(user, stopItem('Client 11'), 'Delivered');
    await recordOutcome(user, stopItem('Client 13'), 'Concern');
    expect(await screen.findByText('2 outcomes waiting to send')).toBeTruthy();
    expect(screen.getByText('2 of 3 done')).toBeTruthy();
    expect(within(stopItem('Client 11')).getByText('Not sent yet')).toBeTruthy();
    expect(within(stopItem('Client 12')).queryByText('Not sent yet')).toBeNull();

    server.outcomes = 'accept';
    await act(async () => {
      window.dispatchEvent(new Event('online'));
    });
    expect(await screen.findByText('All outcomes sent.')).toBeTruthy();
    expect(screen.queryByText('Not sent yet')).toBeNull();
    expect(server.posted.flat().map((outcome) => outcome.visit_id)).toEqual([11, 13]);
  });

  it('opens from the phone without a network once it has been opened, and says so', async () => {
    const dbName = buildDbName();
    const server: Server = { run: buildRun(), outcomes: 'accept', posted: [] };
    const first = renderDriverApp(server, dbName);
    await screen.findByText('0 of 3 done');
    first.unmount();
    server.run = 'down';
    renderDriverApp(server, dbName);
    expect(
      await screen.findByText(/^Could not reach the office, so this is the run as kept on this phone/),
    ).toBeTruthy();
    expect(screen.getByRole('heading', { level: 1, name: 'Monday North' })).toBeTruthy();
  });

  it('explains a first opening without a network, and loads the run on Try again', async () => {
    const server: Server = { run: 'down', outcomes: 'accept', posted: [] };
    const { user } = renderDriverApp(server);
    expect(await screen.findByRole('heading', { name: 'No connection' })).toBeTruthy();
    server.run = buildRun();
    await user.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByRole('heading', { level: 1, name: 'Monday North' })).toBeTruthy();
  });

  it('says when the link has expired or was withdrawn', async () => {
    renderDriverApp({ run: 'gone', outcomes: 'accept', posted: [] });
    expect(
      await screen.findByText('This link has expired or was withdrawn. Ask the office for a new one.'),
    ).toBeTruthy();
  });

  it('shows an outcome the office already has as done', async () => {
    const outcome = {
      outcome: 'refused' as const,
      note: '',
      recorded_at: '2026-11-24T00:10:00.000Z',
      photo_url: null,
    };
    renderDriverApp({
      run: buildRun([buildStop(11, { outcome }), buildStop(12)]),
      outcomes: 'accept',
      posted: [],
    });
    expect(await screen.findByText('1 of 2 done')).toBeTruthy();
    const stop = stopItem('Client 11');
    expect(within(stop).getByText(/^Refused at/)).toBeTruthy();
    expect(within(stop).queryByText('Not sent yet')).toBeNull();
    await userEvent.setup().click(within(stop).getByRole('button', { name: /^Stop 1: Client 11/ }));
    expect(within(stop).getByRole('button', { name: 'Change outcome' })).toBeTruthy();
  });
});
