import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { buildClient, dates, openClient, slowTest, stubClientApi, weekId } from '../client-test-fixtures';
import { buildEnvelope } from '../../../test-utils';

describe('client menu selection', () => {
  it(
    'shows the week as cards: green when chosen and suitable, pink when unsuitable, white otherwise',
    async () => {
      stubClientApi();
      await openClient();
      const section = screen.getByRole('region', { name: 'Client Menu Selection' });
      expect(within(section).getByRole('textbox', { name: /Week of/ })).toHaveProperty('value', weekId);
      const curryMonday = await within(section).findByRole('group', { name: 'Vegetable Curry on Monday' });
      expect(curryMonday.dataset.colour).toBe('green');
      expect(within(curryMonday).getByRole('checkbox', { name: 'Vegetable Curry' })).toHaveProperty(
        'checked',
        true,
      );
      expect(within(curryMonday).getByRole('textbox', { name: 'Quantity' })).toHaveProperty('value', '2');
      expect(within(curryMonday).getByRole('button', { name: 'Frozen' })).toBeTruthy();
      expect(within(curryMonday).getByRole('button', { name: 'Deliver Only' })).toBeTruthy();
      const roastMonday = within(section).getByRole('group', { name: 'Roast Chicken on Monday' });
      expect(roastMonday.dataset.colour).toBe('white');
      expect(roastMonday.dataset.suitable).toBe('false');
      expect(within(section).getByRole('group', { name: 'Label colours' })).toBeTruthy();
    },
    slowTest,
  );

  it(
    'ticks, cycles, comments and saves all seven dates of the week',
    async () => {
      const { calls } = stubClientApi();
      const { user } = await openClient();
      const section = screen.getByRole('region', { name: 'Client Menu Selection' });
      const roastTuesday = await within(section).findByRole('group', { name: 'Roast Chicken on Tuesday' });
      const quantity = within(roastTuesday).getByRole('textbox', { name: 'Quantity' });
      await user.clear(quantity);
      await user.type(quantity, '0');
      await user.click(within(roastTuesday).getByRole('checkbox', { name: 'Roast Chicken' }));
      // Ticked at 0: reset to 1. An unsuitable meal for a Vegetarian client: pink.
      expect(quantity).toHaveProperty('value', '1');
      expect(roastTuesday.dataset.colour).toBe('pink');
      await user.click(within(roastTuesday).getByRole('button', { name: 'Hot' }));
      expect(within(roastTuesday).getByRole('button', { name: 'Fresh' })).toBeTruthy();
      await user.click(within(roastTuesday).getByRole('button', { name: 'Cook & Deliver' }));
      expect(within(roastTuesday).getByRole('button', { name: 'Prepare Only' })).toBeTruthy();
      await user.click(within(roastTuesday).getByRole('button', { name: 'Comment' }));
      const dialog = await screen.findByRole('dialog');
      await user.type(within(dialog).getByPlaceholderText('Type your comment here...'), 'Cut small');
      await user.click(within(dialog).getByRole('button', { name: 'Done' }));
      // A comment is marked by the button's name and shown in words on the card, not by a glyph.
      expect(within(roastTuesday).getByRole('button', { name: 'Comment (has a comment)' })).toBeTruthy();
      expect(within(roastTuesday).getByTestId('meal-comment').textContent).toBe('Cut small');
      // Untick Monday's curry: it leaves Monday's choices.
      const curryMonday = within(section).getByRole('group', { name: 'Vegetable Curry on Monday' });
      await user.click(within(curryMonday).getByRole('checkbox', { name: 'Vegetable Curry' }));
      expect(curryMonday.dataset.colour).toBe('white');
      expect(within(section).getByText('Unsaved changes')).toBeTruthy();

      await user.click(within(section).getByRole('button', { name: 'Save' }));
      expect(await within(section).findByText('Client meal choices updated successfully.')).toBeTruthy();
      const put = calls.find((call) => call.method === 'PUT');
      const expected = Object.fromEntries(dates.map((date) => [date, {}]));
      expected[dates[1] ?? ''] = {
        m2: { quantity: 1, meal_state: 'Fresh', cook_deliver: 'Prepare Only', comment: 'Cut small' },
      };
      expect(put?.body).toEqual({ meal_choices: expected });
      expect(within(section).queryByText('Unsaved changes')).toBeNull();
    },
    slowTest,
  );

  it(
    'marks the days whose meals do not count: a day the CRM cancelled, with its reason, and a held day',
    async () => {
      const states = dates.map((date) => ({ date, hold_reason: null, cancel_reason: null }));
      const client = buildClient({
        day_states: states.map((state, index) =>
          index === 0
            ? { ...state, cancel_reason: 'Client in hospital' }
            : index === 1
              ? { ...state, hold_reason: 'holiday' as const }
              : index === 2
                ? { ...state, cancel_reason: '' }
                : state,
        ),
      });
      stubClientApi(() => buildEnvelope(client), client);
      await openClient();
      const table = await screen.findByRole('table', { name: 'Client meal choices' });
      const headers = within(table).getAllByRole('columnheader');
      expect(headers[1]?.textContent).toBe(
        `Monday${dates[0] ?? ''}Cancelled in the CRM (Client in hospital): meals not counted`,
      );
      expect(headers[1]?.dataset.paused).toBe('cancelled');
      expect(headers[2]?.textContent).toBe(`Tuesday${dates[1] ?? ''}On hold (Holiday): meals not counted`);
      expect(headers[2]?.dataset.paused).toBe('held');
      expect(headers[3]?.textContent).toBe(
        `Wednesday${dates[2] ?? ''}Cancelled in the CRM: meals not counted`,
      );
      expect(headers[4]?.textContent).toBe(`Thursday${dates[3] ?? ''}`);
      expect(headers[4]?.dataset.paused).toBeUndefined();
    },
    slowTest,
  );

  it(
    'sets a ticked meal with a quantity of 0 to 1 on Save instead of refusing it',
    async () => {
      const { calls } = stubClientApi();
      const { user } = await openClient();
      const section = screen.getByRole('region', { name: 'Client Menu Selection' });
      const curryMonday = await within(section).findByRole('group', { name: 'Vegetable Curry on Monday' });
      const quantity = within(curryMonday).getByRole('textbox', { name: 'Quantity' });
      await user.clear(quantity);
      await user.type(quantity, '0');
      expect(quantity.getAttribute('aria-invalid')).not.toBe('true');
      await user.click(within(section).getByRole('button', { name: 'Save' }));
      expect(await within(section).findByText('Client meal choices updated successfully.')).toBeTruthy();
      expect(quantity).toHaveProperty('value', '1');
      const put = calls.find((call) => call.method === 'PUT')?.body as {
        meal_choices: Record<string, Record<string, { quantity: number }>>;
      };
      expect(put.meal_choices[dates[0] ?? '']?.m1?.quantity).toBe(1);
      expect(within(section).queryByText('Unsaved changes')).toBeNull();
    },
    slowTest,
  );

  it(
    'flags an unusable quantity and does not send it',
    async () => {
      const { calls } = stubClientApi();
      const { user } = await openClient();
      const section = screen.getByRole('region', { name: 'Client Menu Selection' });
      const curryMonday = await within(section).findByRole('group', { name: 'Vegetable Curry on Monday' });
      const quantity = within(curryMonday).getByRole('textbox', { name: 'Quantity' });
      await user.clear(quantity);
      await user.type(quantity, '120');
      expect(quantity.getAttribute('aria-invalid')).toBe('true');
      expect(within(curryMonday).getByText('Quantity must be 1 to 99.')).toBeTruthy();
      await user.click(within(section).getByRole('button', { name: 'Save' }));
      expect(
        await within(section).findByText('Please give every ticked meal a quantity from 1 to 99.'),
      ).toBeTruthy();
      expect(calls.some((call) => call.method === 'PUT')).toBe(false);
    },
    slowTest,
  );

  it(
    'asks before showing another week over unsaved ticks, and keeps them when told to stay',
    async () => {
      const { fetchMock } = stubClientApi();
      const confirm = vi.spyOn(window, 'confirm').mockReturnValue(false);
      const { user } = await openClient();
      const section = screen.getByRole('region', { name: 'Client Menu Selection' });
      const roastMonday = await within(section).findByRole('group', { name: 'Roast Chicken on Monday' });
      await user.click(within(roastMonday).getByRole('checkbox', { name: 'Roast Chicken' }));
      const dateInput = within(section).getByRole('textbox', { name: /Week of/ });
      await user.clear(dateInput);
      await user.type(dateInput, '01-01-2030');
      await user.click(within(section).getByRole('button', { name: 'Show' }));
      expect(confirm).toHaveBeenCalledWith('You have unsaved changes. Leave them without saving?');
      expect(dateInput).toHaveProperty('value', weekId);
      expect(within(roastMonday).getByRole('checkbox', { name: 'Roast Chicken' })).toHaveProperty(
        'checked',
        true,
      );
      expect(fetchMock.mock.calls.map(([input]) => String(input))).not.toContain(
        '/api/clients/7?week=31-12-2029',
      );

      // Leaving by a link asks too.
      await user.click(screen.getByRole('link', { name: 'Previous client: Anh Fraser' }));
      expect(confirm).toHaveBeenCalledTimes(2);
      expect(screen.getByRole('heading', { name: 'Dorothy Jackson' })).toBeTruthy();

      // Agreeing shows the other week (a Wednesday snaps to its Monday).
      confirm.mockReturnValue(true);
      await user.clear(dateInput);
      await user.type(dateInput, '02-01-2030');
      await user.click(within(section).getByRole('button', { name: 'Show' }));
      expect(dateInput).toHaveProperty('value', '31-12-2029');
      await waitFor(() =>
        expect(fetchMock.mock.calls.map(([input]) => String(input))).toContain(
          '/api/clients/7?week=31-12-2029',
        ),
      );
    },
    slowTest,
  );
});
