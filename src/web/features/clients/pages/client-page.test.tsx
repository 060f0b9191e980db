import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { buildEnvelope, buildErrorEnvelope } from '../../../test-utils';
import { saveClientList } from '../client-filters-store';
import { buildClient, openClient, slowTest, stubClientApi } from '../client-test-fixtures';

describe('client screen', () => {
  it(
    'shows the CRM block, the neighbours with the saved filters, and the map',
    async () => {
      saveClientList({ filter: 'jack', filter_round: '11', missing_meals: 'missing', page: 2 });
      const { fetchMock } = stubClientApi();
      await openClient();
      const crm = screen.getByRole('region', { name: 'Maintained in the CRM' });
      expect(within(crm).getByRole('link', { name: 'Dorothy Jackson' }).getAttribute('href')).toBe(
        'https://crm.example/client/7',
      );
      expect(within(crm).getByText('0462 615 022')).toBeTruthy();
      expect(
        within(crm)
          .getByRole('link', { name: /104 Havelock Avenue/ })
          .getAttribute('href'),
      ).toContain('https://www.google.com/maps/search/?api=1&query=104%20Havelock%20Avenue%2C%20Coogee');
      const previous = await screen.findByRole('link', { name: 'Previous client: Anh Fraser' });
      expect(previous.getAttribute('href')).toBe('/client/6/');
      expect(previous.textContent).toContain('Anh Fraser');
      expect(screen.queryByRole('link', { name: /Next client/ })).toBeNull();
      expect(fetchMock.mock.calls.map(([input]) => String(input))).toContain(
        '/api/clients/7/prev_next?page=2&filter=jack&filter_round=11&missing_meals=true',
      );
      expect(screen.getByRole('img', { name: 'Map of 104 Havelock Avenue, Coogee NSW 2034' })).toBeTruthy();
      const tiles = screen.getAllByTestId('map-tile');
      expect(tiles.length).toBeGreaterThanOrEqual(6);
      expect(tiles[0]?.getAttribute('src')).toMatch(
        /^https:\/\/tile\.openstreetmap\.org\/16\/\d+\/\d+\.png$/,
      );
      expect(screen.getByText('OpenStreetMap')).toBeTruthy();
    },
    slowTest,
  );

  it(
    'edits round, labels (a duplicate is ignored), notes and plan, and saves them',
    async () => {
      const { calls } = stubClientApi();
      const { user } = await openClient();
      const details = screen.getByRole('region', { name: 'Client Details' });
      await user.selectOptions(within(details).getByRole('combobox', { name: 'Round' }), 'North Shore');
      const addLabel = within(details).getByRole('combobox', { name: 'Dietary Labels' });
      // Vegetarian is already on the client: it is not offered again.
      expect(
        within(addLabel)
          .getAllByRole('option')
          .map((option) => option.textContent),
      ).toEqual(['Add a label...', 'Gluten Free']);
      await user.selectOptions(addLabel, 'Gluten Free');
      expect(within(details).getByRole('button', { name: 'Remove label Gluten Free' })).toBeTruthy();
      await user.click(within(details).getByRole('button', { name: 'Remove label Vegetarian' }));
      await user.clear(within(details).getByRole('textbox', { name: 'Dietary Notes' }));
      await user.type(within(details).getByRole('textbox', { name: 'Dietary Notes' }), 'Soft food');
      await user.click(within(details).getByRole('checkbox', { name: 'Friday' }));
      await user.click(within(details).getByRole('checkbox', { name: 'Saturday' }));
      await user.clear(within(details).getByRole('textbox', { name: 'Plan name' }));
      await user.type(within(details).getByRole('textbox', { name: 'Plan name' }), 'Custom');
      await user.click(within(details).getByRole('button', { name: 'Save' }));
      expect(await within(details).findByText('Client updated successfully.')).toBeTruthy();
      expect(calls.find((call) => call.method === 'PUT')?.body).toEqual({
        round: 'North Shore',
        labels: ['Gluten Free'],
        dietary_requirements: 'Soft food',
        plan: 'Custom',
        plan_dow: [1, 1, 1, 1, 0, 1, 0],
        delivery_instructions: 'Side door',
        allergies: [],
        delivery_window: null,
      });
      // The banner clears after 3 s.
      await waitFor(() => expect(within(details).queryByText('Client updated successfully.')).toBeNull(), {
        timeout: 4000,
      });
    },
    slowTest,
  );

  it(
    "shows a failed save's message in a dismissible red notice",
    async () => {
      stubClientApi(() => buildErrorEnvelope(2, 'Round is not a round of this account.'));
      const { user } = await openClient();
      const details = screen.getByRole('region', { name: 'Client Details' });
      await user.click(within(details).getByRole('button', { name: 'Save and Close' }));
      expect(await within(details).findByText('Round is not a round of this account.')).toBeTruthy();
      await user.click(within(details).getByRole('button', { name: 'Dismiss' }));
      expect(within(details).queryByText('Round is not a round of this account.')).toBeNull();
      expect(screen.getByRole('heading', { name: 'Dorothy Jackson' })).toBeTruthy();
    },
    slowTest,
  );

  it(
    'Save and Close goes back to the clients list after a successful save',
    async () => {
      stubClientApi();
      const { user, router } = await openClient();
      const details = screen.getByRole('region', { name: 'Client Details' });
      await user.click(within(details).getByRole('button', { name: 'Save and Close' }));
      await waitFor(() => expect(router.state.location.pathname).toBe('/clients'));
    },
    slowTest,
  );

  it(
    'says how many allergen clashes a save created, links to the list, and stays open on Save and Close',
    async () => {
      stubClientApi(() =>
        buildEnvelope({ ...buildClient(), allergen_clashes: [], allergen_clashes_created: 2 }),
      );
      const { user, router } = await openClient();
      const details = screen.getByRole('region', { name: 'Client Details' });
      await user.click(within(details).getByRole('button', { name: 'Save and Close' }));
      expect(await within(details).findByText('This change created 2 allergen clashes.')).toBeTruthy();
      const link = within(details).getByRole('link', { name: 'Open the allergen clash list' });
      expect(link.getAttribute('href')).toBe('/reports/kitchen_prep_week/');
      expect(router.state.location.pathname).toBe('/client/7/');
    },
    slowTest,
  );
});
