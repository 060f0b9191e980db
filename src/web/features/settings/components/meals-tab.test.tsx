import { act, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { Label } from '../../../../contracts/meals';
import {
  buildAccount,
  buildEnvelope,
  buildErrorEnvelope,
  logInAs,
  renderApp,
  stubApi,
} from '../../../test-utils';

const labels: Label[] = [
  { key: 'vegetarian', name: 'Vegetarian', colour: '#2a9d8f' },
  { key: 'halal', name: 'Halal', colour: '#90be6d' },
];

async function findRow(name: string) {
  const cell = await screen.findByRole('cell', { name });
  const row = cell.closest('tr');
  if (!row) throw new Error(`no row for ${name}`);
  return row;
}

describe('settings meals tab', { timeout: 15_000 }, () => {
  afterEach(() => {
    vi.useRealTimers();
  });

  it('lists the labels, adds one with an empty body, and edits one in a modal that closes', async () => {
    let current = labels;
    const { calls } = stubApi({
      'GET /api/accounts/1': () => buildEnvelope(buildAccount()),
      'GET /api/meals/labels': () => buildEnvelope(current),
      'POST /api/meals/labels': () => {
        current = [...current, { key: 'new-label', name: 'New Label', colour: '#dddddd' }];
        return buildEnvelope(current);
      },
      'PUT /api/meals/labels': (call) => {
        const body = call.body as Label;
        current = current.map((label) => (label.key === body.key ? body : label));
        return buildEnvelope(current, { message: 'Label Updated.' });
      },
    });
    logInAs('kitchen@example.org', 'normal');
    const { user } = renderApp('/settings/meals/');
    expect(await screen.findByRole('heading', { name: 'Menu Options' })).toBeTruthy();
    expect(within(await findRow('Vegetarian')).getByText('#2a9d8f')).toBeTruthy();

    await user.click(screen.getByRole('button', { name: 'Add Label' }));
    expect(await findRow('New Label')).toBeTruthy();
    expect(calls.find((call) => call.method === 'POST')?.body).toBeUndefined();

    await user.click(within(await findRow('Halal')).getByRole('button', { name: 'Edit Halal' }));
    const dialog = await screen.findByRole('dialog', { name: 'Edit Label' });
    const name = within(dialog).getByLabelText(/^Name/);
    await user.clear(name);
    await user.type(name, 'Halal Certified');
    const colour = within(dialog).getByLabelText('Colour');
    await user.clear(colour);
    await user.type(colour, '#123456');
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(await within(dialog).findByText('Label Updated.')).toBeTruthy();
    expect(calls.find((call) => call.method === 'PUT')?.body).toEqual({
      key: 'halal',
      name: 'Halal Certified',
      colour: '#123456',
    });
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull(), { timeout: 2000 });
    expect(within(await findRow('Halal Certified')).getByText('#123456')).toBeTruthy();
  });

  it('shows a label save error in a dismissible notice and keeps the modal open', async () => {
    stubApi({
      'GET /api/accounts/1': () => buildEnvelope(buildAccount()),
      'GET /api/meals/labels': () => buildEnvelope(labels),
      'PUT /api/meals/labels': () => buildErrorEnvelope(2, 'Please enter a label name.'),
    });
    logInAs('kitchen@example.org', 'normal');
    const { user } = renderApp('/settings/meals/');
    await user.click(within(await findRow('Halal')).getByRole('button', { name: 'Edit Halal' }));
    const dialog = await screen.findByRole('dialog', { name: 'Edit Label' });
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(await within(dialog).findByText('Please enter a label name.')).toBeTruthy();
    await user.click(within(dialog).getByRole('button', { name: 'Dismiss' }));
    expect(within(dialog).queryByText('Please enter a label name.')).toBeNull();
    expect(screen.getByRole('dialog', { name: 'Edit Label' })).toBeTruthy();
  });

  it('saves the menu options and keeps the banner until dismissed', async () => {
    // The test's own clock (running at the real pace, so the screen loads): a banner that hid itself after the
    // 3 s of the timed notices would be gone once the clock is moved past them.
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const { calls } = stubApi({
      'GET /api/accounts/1': () => buildEnvelope(buildAccount()),
      'GET /api/meals/labels': () => buildEnvelope(labels),
      'PUT /api/accounts/1': (call) => buildEnvelope(buildAccount({ ...(call.body as object) })),
    });
    logInAs('kitchen@example.org', 'normal');
    const { user } = renderApp('/settings/meals/');
    const form = await screen.findByRole('form', { name: 'Menu Options' });
    await user.type(within(form).getByLabelText('Custom Text'), 'Order by Thursday');
    const weeks = within(form).getByLabelText('Cycle Weeks');
    await user.clear(weeks);
    await user.type(weeks, '53');
    expect(within(form).getByText('Enter a whole number of weeks from 0 to 52.')).toBeTruthy();
    await user.clear(weeks);
    await user.type(weeks, '4');
    const start = within(form).getByLabelText('Cycle Start');
    await user.type(start, '31-02-2026');
    expect(within(form).getByText('Use a valid date in DD-MM-YYYY.')).toBeTruthy();
    await user.clear(start);
    await user.type(start, '02-11-2026');
    await user.click(within(form).getByRole('button', { name: 'Save' }));
    expect(await within(form).findByText('Settings saved successfully')).toBeTruthy();
    expect(calls.find((call) => call.method === 'PUT')?.body).toEqual({
      menu_options: { custom_text: 'Order by Thursday', cycle_weeks: 4, cycle_start: '02-11-2026' },
    });
    await act(async () => {
      await vi.advanceTimersByTimeAsync(3200);
    });
    expect(within(form).getByText('Settings saved successfully')).toBeTruthy();
    await user.click(within(form).getByRole('button', { name: 'Dismiss' }));
    expect(within(form).queryByText('Settings saved successfully')).toBeNull();
  });
});
