import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it } from 'vitest';
import type { Contact } from '../../../../contracts/contacts';
import { createQueryClient, Providers } from '../../../app/providers';
import { buildAccount, buildEnvelope, logInAs, stubApi } from '../../../test-utils';
import { buildClient } from '../client-test-fixtures';
import { ContactsPanel } from './contacts-panel';

const sourceContact: Contact = {
  id: 1,
  name: 'Mary Jackson',
  relationship: 'Daughter',
  phone: '+61412345678',
  email: 'mary@example.com',
  is_emergency: true,
  priority: 1,
  wants_notices: false,
  source: 'crm',
  crm_phone: '',
};
const local: Contact = {
  ...sourceContact,
  id: 2,
  name: 'Sam Next Door',
  relationship: 'Neighbour',
  phone: '',
  email: 'sam@example.com',
  is_emergency: false,
  priority: 2,
  source: 'local',
};

beforeEach(() => {
  logInAs('office@example.org', 'normal', buildAccount());
});

function renderPanel() {
  const user = userEvent.setup();
  render(
    <Providers queryClient={createQueryClient()} env="test">
      <ContactsPanel client={buildClient()} />
    </Providers>,
  );
  return user;
}

describe('the Contacts panel', () => {
  it('lists the contacts in order with call and mail links; a CRM contact is marked and cannot be changed here', async () => {
    stubApi({ 'GET /api/clients/7/contacts': () => buildEnvelope([sourceContact, local]) });
    renderPanel();
    const mary = await screen.findByRole('listitem', { name: 'Mary Jackson' });
    expect(within(mary).getByText('From the CRM')).toBeTruthy();
    expect(within(mary).getByText('Emergency contact')).toBeTruthy();
    expect(within(mary).getByRole('link', { name: 'Call +61412345678' }).getAttribute('href')).toBe(
      'tel:+61412345678',
    );
    expect(within(mary).getByRole('link', { name: 'mary@example.com' }).getAttribute('href')).toBe(
      'mailto:mary@example.com',
    );
    expect(within(mary).queryByRole('button', { name: /^(Change|Remove) / })).toBeNull();
    const sam = screen.getByRole('listitem', { name: 'Sam Next Door' });
    expect(within(sam).queryByText('From the CRM')).toBeNull();
    expect(within(sam).getByRole('button', { name: 'Change Sam Next Door' })).toBeTruthy();
    expect(within(sam).queryByRole('link', { name: /^Call/ })).toBeNull();
  });

  it('moves a contact up by its place, and asks before removing a local one', async () => {
    const { calls } = stubApi({
      'GET /api/clients/7/contacts': () => buildEnvelope([sourceContact, local]),
      'PUT /api/clients/7/contacts/2': () => buildEnvelope({ ...local, priority: 1 }),
      'DELETE /api/clients/7/contacts/2': () => buildEnvelope(null),
    });
    const user = renderPanel();
    await user.click(await screen.findByRole('button', { name: 'Move Sam Next Door up' }));
    await waitFor(() => expect(calls.find((call) => call.method === 'PUT')?.body).toEqual({ priority: 1 }));
    await user.click(screen.getByRole('button', { name: 'Remove Sam Next Door' }));
    const dialog = screen.getByRole('dialog', { name: 'Remove Contact' });
    expect(calls.some((call) => call.method === 'DELETE')).toBe(false);
    await user.click(within(dialog).getByRole('button', { name: 'Remove' }));
    await waitFor(() => expect(calls.some((call) => call.method === 'DELETE')).toBe(true));
  });

  it('shows the field message of a refused phone number in the dialog', async () => {
    stubApi({
      'GET /api/clients/7/contacts': () => buildEnvelope([]),
      'POST /api/clients/7/contacts': () =>
        buildEnvelope(null, {
          error_code: 2,
          message: 'The phone number is not valid.',
          errors: [{ field: 'phone', message: '"123" is not a valid phone number.' }],
        }),
    });
    const user = renderPanel();
    expect(await screen.findByText('No contacts.')).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Add Contact' }));
    const dialog = screen.getByRole('dialog', { name: 'Add Contact' });
    await user.type(within(dialog).getByRole('textbox', { name: 'Name' }), 'Jo');
    await user.type(within(dialog).getByRole('textbox', { name: 'Phone' }), '123');
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(await within(dialog).findByText('"123" is not a valid phone number.')).toBeTruthy();
  });
});
