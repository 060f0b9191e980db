import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { Allergen } from '../../../../contracts/allergens';
import {
  buildAccount,
  buildEnvelope,
  buildErrorEnvelope,
  logInAs,
  renderApp,
  stubApi,
} from '../../../test-utils';

const usedText = "'Milk' is still used by 1 meal (Custard). Remove it from them first.";

describe('settings allergens', { timeout: 15_000 }, () => {
  it('asks before removing an allergen, shows a refusal in the dialog, and removes it once confirmed', async () => {
    let current: Allergen[] = [
      { key: 'milk', name: 'Milk' },
      { key: 'sesame', name: 'Sesame' },
    ];
    let isMilkUsed = true;
    const { calls } = stubApi({
      'GET /api/accounts/1': () => buildEnvelope(buildAccount()),
      'GET /api/meals/labels': () => buildEnvelope([]),
      'GET /api/allergens': () => buildEnvelope(current),
      'DELETE /api/allergens/milk': () => {
        if (isMilkUsed) return buildErrorEnvelope(6, usedText);
        current = current.filter((allergen) => allergen.key !== 'milk');
        return buildEnvelope(current);
      },
    });
    logInAs('kitchen@example.org', 'normal');
    const { user } = renderApp('/settings/meals/');
    const table = await screen.findByRole('table', { name: 'Allergens' });

    await user.click(within(table).getByRole('button', { name: 'Remove Milk' }));
    const dialog = await screen.findByRole('dialog', { name: 'Remove Allergen' });
    expect(within(dialog).getByText("Remove the allergen 'Milk'?")).toBeTruthy();
    expect(calls.some((call) => call.method === 'DELETE')).toBe(false);

    // Cancel keeps the allergen and sends nothing.
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Remove Allergen' })).toBeNull());
    expect(calls.some((call) => call.method === 'DELETE')).toBe(false);

    // A refusal stays in the dialog, which stays open.
    await user.click(within(table).getByRole('button', { name: 'Remove Milk' }));
    const again = await screen.findByRole('dialog', { name: 'Remove Allergen' });
    await user.click(within(again).getByRole('button', { name: 'Remove' }));
    expect(await within(again).findByText(usedText)).toBeTruthy();
    expect(within(table).getByRole('button', { name: 'Remove Milk' })).toBeTruthy();

    isMilkUsed = false;
    await user.click(within(again).getByRole('button', { name: 'Remove' }));
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Remove Allergen' })).toBeNull());
    await waitFor(() => expect(within(table).queryByRole('button', { name: 'Remove Milk' })).toBeNull());
    expect(within(table).getByRole('button', { name: 'Remove Sesame' })).toBeTruthy();
  });
});
