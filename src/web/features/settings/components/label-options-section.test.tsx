import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { Account } from '../../../../contracts/accounts';
import {
  buildAccount,
  buildEnvelope,
  buildErrorEnvelope,
  logInAs,
  renderApp,
  stubApi,
} from '../../../test-utils';

function stubSettings(save: (body: Partial<Account>) => ReturnType<typeof buildEnvelope>) {
  return stubApi({
    'GET /api/accounts/1': () => buildEnvelope(buildAccount()),
    'GET /api/meals/labels': () => buildEnvelope([]),
    'GET /api/allergens': () => buildEnvelope([]),
    'PUT /api/accounts/1': (call) => save(call.body as Partial<Account>),
  });
}

async function openSection() {
  logInAs('kitchen@example.org', 'normal');
  const rendered = renderApp('/settings/meals/');
  const form = await screen.findByRole('form', { name: 'Label Printing' });
  return { ...rendered, form };
}

describe('Settings > Meals: Label Printing', { timeout: 15_000 }, () => {
  it('shows the stored options and saves the sheet, the offset and the use-by days', async () => {
    const { calls } = stubSettings((body) => buildEnvelope(buildAccount(body)));
    const { user, form } = await openSection();
    const sheet = within(form).getByLabelText(/^Label Sheet/) as HTMLSelectElement;
    expect(sheet.value).toBe('L7160');
    expect(
      within(form).getByRole('option', { name: 'US Letter, 30 labels, 2 5/8 x 1 in (Avery 5160)' }),
    ).toBeTruthy();
    expect((within(form).getByLabelText('Frozen') as HTMLInputElement).value).toBe('90');

    await user.selectOptions(sheet, '5160');
    const right = within(form).getByLabelText(/^Printer Offset Right/);
    await user.clear(right);
    await user.type(right, '-1.5');
    const fresh = within(form).getByLabelText('Fresh');
    await user.clear(fresh);
    await user.type(fresh, '4');
    await user.click(within(form).getByRole('button', { name: 'Save' }));

    expect(await within(form).findByText('Settings saved successfully')).toBeTruthy();
    expect(calls.find((call) => call.method === 'PUT')?.body).toEqual({
      label_options: {
        layout: '5160',
        offset_x_mm: -1.5,
        offset_y_mm: 0,
        use_by_days: { Hot: 1, Frozen: 90, Fresh: 4 },
      },
    });
  });

  it('says inline what a number must be and does not save until it is right', async () => {
    const { calls } = stubSettings((body) => buildEnvelope(buildAccount(body)));
    const { user, form } = await openSection();
    const down = within(form).getByLabelText(/^Printer Offset Down/);
    await user.clear(down);
    await user.type(down, '12');
    expect(within(form).getByText('Enter millimetres from -10 to 10, at most one decimal.')).toBeTruthy();
    const hot = within(form).getByLabelText('Hot');
    await user.clear(hot);
    await user.type(hot, '400');
    expect(within(form).getByText('Enter a whole number of days from 0 to 365.')).toBeTruthy();
    // Never changed silently: the values stay as typed.
    expect((down as HTMLInputElement).value).toBe('12');
    expect((hot as HTMLInputElement).value).toBe('400');
    const save = within(form).getByRole('button', { name: 'Save' });
    expect(save).toHaveProperty('disabled', true);

    await user.clear(down);
    await user.type(down, '2');
    await user.clear(hot);
    await user.type(hot, '0');
    expect(within(form).queryByText('Enter millimetres from -10 to 10, at most one decimal.')).toBeNull();
    expect(save).toHaveProperty('disabled', false);
    await user.click(save);
    await waitFor(() => expect(calls.some((call) => call.method === 'PUT')).toBe(true));
  });

  it("shows the server's message when the save fails", async () => {
    stubSettings(() => buildErrorEnvelope(2, 'Invalid body: Enter a whole number of days from 0 to 365.'));
    const { user, form } = await openSection();
    await user.click(within(form).getByRole('button', { name: 'Save' }));
    expect(
      await within(form).findByText('Invalid body: Enter a whole number of days from 0 to 365.'),
    ).toBeTruthy();
  });
});
