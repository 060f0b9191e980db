import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { addressUnplacedText, clientNameMessage, zipMessage } from '../../../../domain/client-identity';
import { buildAccount, buildEnvelope, logInAs, renderApp, stubApi } from '../../../test-utils';
import { buildClient, slowTest, stubClientApi, testRounds } from '../client-test-fixtures';

// An account without a CRM keeps its clients in MealRounds: the identity fields are edited on the client screen,
// and clients are added from the list.

const localAccount = buildAccount({ rounds: testRounds, source_system: 'none' });
const localClient = buildClient({ url: '', phone: '+61462615022', key: 'local-7' });

async function openLocalClient() {
  logInAs('staff@example.org', 'normal', localAccount);
  const view = renderApp('/client/7/');
  await screen.findByRole('heading', { name: 'Dorothy Jackson' });
  return { ...view, details: screen.getByRole('region', { name: 'Client Details' }) };
}

describe('client screen without a CRM', () => {
  it(
    'edits the name, status, phone and address with the details, and saves them together',
    async () => {
      const { calls } = stubClientApi(
        () =>
          buildEnvelope(buildClient({ name: 'Dot Jackson' }), { message: 'Client updated successfully.' }),
        localClient,
      );
      const { user, details } = await openLocalClient();
      expect(screen.queryByRole('region', { name: 'Maintained in the CRM' })).toBeNull();
      // The stored number is shown the way the account's region writes it.
      expect((within(details).getByRole('textbox', { name: 'Phone' }) as HTMLInputElement).value).toBe(
        '0462 615 022',
      );
      const name = within(details).getByRole('textbox', { name: /^Name/ });
      await user.clear(name);
      await user.type(name, 'Dot Jackson');
      await user.selectOptions(within(details).getByRole('combobox', { name: 'Status' }), 'Discharged');
      await user.clear(within(details).getByRole('textbox', { name: 'Postcode' }));
      await user.type(within(details).getByRole('textbox', { name: 'Postcode' }), '2031');
      await user.click(within(details).getByRole('button', { name: 'Save' }));
      await within(details).findByText('Client updated successfully.');
      const put = calls.find((call) => call.method === 'PUT');
      expect(put?.body).toMatchObject({
        name: 'Dot Jackson',
        external_status: 'discharged',
        phone: '0462 615 022',
        address: '104 Havelock Avenue',
        city: 'Coogee',
        state: 'NSW',
        zip: '2031',
        external_id: 'HCM-7',
        round: 'Inner West',
      });
    },
    slowTest,
  );

  it(
    'tells a missing name and a bad postcode before saving, and shows the server’s field errors',
    async () => {
      const { calls } = stubClientApi(
        () => ({
          meta: {
            error_code: 2,
            message: "Another client already has the external id 'HCM-1'.",
            errors: [
              { field: 'external_id', message: "Another client already has the external id 'HCM-1'." },
            ],
          },
          data: null,
        }),
        localClient,
      );
      const { user, details } = await openLocalClient();
      await user.clear(within(details).getByRole('textbox', { name: /^Name/ }));
      await user.clear(within(details).getByRole('textbox', { name: 'Postcode' }));
      await user.type(within(details).getByRole('textbox', { name: 'Postcode' }), '9');
      expect(within(details).getByText(zipMessage)).toBeTruthy();
      await user.click(within(details).getByRole('button', { name: 'Save' }));
      expect(within(details).getByText(clientNameMessage)).toBeTruthy();
      expect(calls.some((call) => call.method === 'PUT')).toBe(false);

      await user.type(within(details).getByRole('textbox', { name: /^Name/ }), 'Dorothy Jackson');
      await user.clear(within(details).getByRole('textbox', { name: 'Postcode' }));
      await user.clear(within(details).getByRole('textbox', { name: /External ID/ }));
      await user.type(within(details).getByRole('textbox', { name: /External ID/ }), 'HCM-1');
      await user.click(within(details).getByRole('button', { name: 'Save' }));
      expect(
        await within(details).findAllByText("Another client already has the external id 'HCM-1'."),
      ).toHaveLength(2);
    },
    slowTest,
  );

  it(
    'flags an address the maps could not place, and keeps the screen open when the address was not checked',
    async () => {
      const warning = 'Client updated successfully. The address could not be checked on the map now.';
      stubClientApi(
        () => buildEnvelope(buildClient(), { message: warning }),
        buildClient({ address_unplaced: true, latitude: null, longitude: null }),
      );
      const { user, details } = await openLocalClient();
      expect(screen.getByText(addressUnplacedText)).toBeTruthy();
      await user.click(within(details).getByRole('button', { name: 'Save and Close' }));
      expect(await within(details).findByText(warning)).toBeTruthy();
      expect(screen.getByRole('heading', { name: 'Dorothy Jackson' })).toBeTruthy();
    },
    slowTest,
  );

  it(
    'keeps the identity fields read-only with a CRM',
    async () => {
      stubClientApi();
      logInAs('staff@example.org', 'normal', buildAccount({ rounds: testRounds }));
      renderApp('/client/7/');
      await screen.findByRole('heading', { name: 'Dorothy Jackson' });
      expect(screen.getByRole('region', { name: 'Maintained in the CRM' })).toBeTruthy();
      const details = screen.getByRole('region', { name: 'Client Details' });
      expect(within(details).queryByRole('textbox', { name: /^Name/ })).toBeNull();
      expect(within(details).queryByRole('combobox', { name: 'Status' })).toBeNull();
    },
    slowTest,
  );
});

describe('Add Client on the clients list', () => {
  function stubList() {
    return stubApi({
      'GET /api/meals/labels': () => buildEnvelope([]),
      'GET /api/clients': () =>
        buildEnvelope([], { record_total: 0, record_count: 0, page: 1, page_max: 1, message: '' }),
      'POST /api/clients': () =>
        buildEnvelope(buildClient({ client_id: 7 }), { message: 'Client added successfully.' }),
      'GET /api/clients/7': () => buildEnvelope(buildClient()),
      'GET /api/clients/7/prev_next': () => buildEnvelope({ prev_client: null, next_client: null }),
    });
  }

  it(
    'adds a client kept in MealRounds and opens its screen; the list does not sync from a CRM',
    async () => {
      const { calls, fetchMock } = stubList();
      logInAs('staff@example.org', 'normal', localAccount);
      const { user } = renderApp('/clients');
      expect(await screen.findByText('No clients yet: add the first one with Add Client.')).toBeTruthy();
      await user.click(screen.getByRole('button', { name: 'Add Client' }));
      const dialog = await screen.findByRole('dialog', { name: 'Add Client' });
      await user.click(within(dialog).getByRole('button', { name: 'Add Client' }));
      expect(within(dialog).getByText(clientNameMessage)).toBeTruthy();
      await user.type(within(dialog).getByRole('textbox', { name: /^Name/ }), 'Dorothy Jackson');
      await user.type(within(dialog).getByRole('textbox', { name: 'Address' }), '104 Havelock Avenue');
      await user.type(within(dialog).getByRole('textbox', { name: 'State' }), 'nsw');
      await user.type(within(dialog).getByRole('textbox', { name: 'Postcode' }), '2034{Enter}');
      await screen.findByRole('heading', { name: 'Dorothy Jackson' });
      expect(calls.find((call) => call.method === 'POST')?.body).toEqual({
        name: 'Dorothy Jackson',
        phone: '',
        address: '104 Havelock Avenue',
        city: '',
        state: 'nsw',
        zip: '2034',
        external_status: 'active',
        external_id: '',
      });
      expect(
        fetchMock.mock.calls.map(([input]) => String(input)).filter((url) => url.includes('sync=')),
      ).toEqual([]);
    },
    slowTest,
  );

  it(
    'offers no Add Client with a CRM',
    async () => {
      stubList();
      logInAs('staff@example.org', 'normal', buildAccount({ rounds: testRounds }));
      renderApp('/clients');
      await screen.findByRole('table', { name: 'Clients' });
      expect(screen.queryByRole('button', { name: 'Add Client' })).toBeNull();
    },
    slowTest,
  );
});
