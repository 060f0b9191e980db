import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { Account, RoundInput } from '../../../../contracts/accounts';
import {
  buildAccount,
  buildEnvelope,
  buildErrorEnvelope,
  logInAs,
  renderApp,
  stubApi,
} from '../../../test-utils';
import { moveItem } from './preferred-order-list';

const rounds = [
  {
    id: 1,
    name: 'Inner West',
    address: '1 Base St',
    pickup_time: '09:00',
    timezone: 'Australia/Sydney',
    capacity: null,
    latest_return_time: null,
  },
  {
    id: 2,
    name: 'North Shore',
    address: '2 Base St',
    pickup_time: '09:30',
    timezone: 'Australia/Sydney',
    capacity: 40,
    latest_return_time: '13:00',
  },
];
const clients = [
  { key: 'a', name: 'Alice', address: '1 A St' },
  { key: 'b', name: 'Bob', address: '2 B St' },
  { key: 'c', name: 'Cara', address: '3 C St' },
];

const roundInUseText =
  'This round is used by 2 clients. Move its clients to another round before deleting it.';

function stubRoundsTabApi() {
  let account = buildAccount({ rounds, preferred_delivery_order: { 'North Shore': ['x'] } });
  return stubApi({
    'GET /api/accounts/1': () => buildEnvelope(account),
    'PUT /api/accounts/1': (call) => {
      const body = call.body as { rounds?: RoundInput[] } & Partial<Account>;
      if (body.rounds?.some((round) => round.name === ''))
        return buildErrorEnvelope(2, 'Round name is required.');
      const nextRounds = body.rounds?.map((round, index) => ({
        ...round,
        id: round.id ?? 100 + index,
        capacity: round.capacity ?? null,
        latest_return_time: round.latest_return_time ?? null,
      }));
      account = { ...account, ...body, rounds: nextRounds ?? account.rounds };
      return buildEnvelope(account);
    },
    'GET /api/rounds/1/clients': () => buildEnvelope(clients),
    'DELETE /api/rounds/1': () => {
      account = { ...account, rounds: account.rounds.filter((round) => round.id !== 1) };
      return buildEnvelope(null);
    },
    'DELETE /api/rounds/2': () => buildErrorEnvelope(6, roundInUseText),
  });
}

function findRow(name: string) {
  const row = screen.getByRole('cell', { name }).closest('tr');
  if (!row) throw new Error(`no row for ${name}`);
  return row;
}

describe('settings rounds tab', { timeout: 15_000 }, () => {
  it('edits a round with trimmed fields and a timezone choice, then closes', async () => {
    const { calls } = stubRoundsTabApi();
    logInAs('admin@example.org', 'admin');
    const { user } = renderApp('/settings/rounds/');
    await screen.findByRole('heading', { name: 'Delivery Rounds' });
    await user.click(within(findRow('Inner West')).getByRole('button', { name: 'Edit Inner West' }));
    const dialog = await screen.findByRole('dialog', { name: 'Edit Round' });
    const name = within(dialog).getByRole('textbox', { name: /Name/ });
    await user.clear(name);
    await user.type(name, '  Inner West A  ');
    const address = within(dialog).getByRole('textbox', { name: 'Pick Up Address' });
    await user.clear(address);
    await user.type(address, ' 5 Norton Street, Leichhardt ');
    const timezone = within(dialog).getByRole('combobox', { name: 'Timezone' });
    expect(within(timezone).getAllByRole('option')).toHaveLength(23);
    await user.selectOptions(timezone, 'Australia/Perth');
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(await within(dialog).findByText('Round Updated.')).toBeTruthy();
    expect(calls.find((call) => call.method === 'PUT')?.body).toEqual({
      rounds: [
        {
          id: 1,
          name: 'Inner West A',
          address: '5 Norton Street, Leichhardt',
          pickup_time: '09:00',
          timezone: 'Australia/Perth',
          capacity: null,
          latest_return_time: null,
        },
        rounds[1],
      ],
    });
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Edit Round' })).toBeNull(), {
      timeout: 3000,
    });
    expect(findRow('Inner West A')).toBeTruthy();
  }, 15_000);

  it('Add Round opens a dialog that saves the new round only on Save', async () => {
    const { calls } = stubRoundsTabApi();
    logInAs('admin@example.org', 'admin');
    const { user } = renderApp('/settings/rounds/');
    await user.click(await screen.findByRole('button', { name: 'Add Round' }));
    const dialog = await screen.findByRole('dialog', { name: 'Add Round' });
    expect(within(dialog).getByText('Round name is required.')).toBeTruthy();
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Add Round' })).toBeNull());
    expect(calls.some((call) => call.method === 'PUT')).toBe(false);

    await user.click(screen.getByRole('button', { name: 'Add Round' }));
    const again = await screen.findByRole('dialog', { name: 'Add Round' });
    await user.type(within(again).getByRole('textbox', { name: /Name/ }), ' Eastern Suburbs ');
    await user.click(within(again).getByRole('button', { name: 'Save' }));
    expect(await within(again).findByText('Round Added.')).toBeTruthy();
    const body = calls.find((call) => call.method === 'PUT')?.body as { rounds: RoundInput[] };
    expect(body.rounds).toEqual([
      ...rounds,
      {
        name: 'Eastern Suburbs',
        address: '',
        pickup_time: '09:00',
        timezone: 'Australia/Sydney',
        capacity: null,
        latest_return_time: null,
      },
    ]);
    expect(findRow('Eastern Suburbs')).toBeTruthy();
  });

  it('says inline when a round name or address is over the server limit', async () => {
    const { calls } = stubRoundsTabApi();
    logInAs('admin@example.org', 'admin');
    const { user } = renderApp('/settings/rounds/');
    await user.click(await screen.findByRole('button', { name: 'Add Round' }));
    const dialog = await screen.findByRole('dialog', { name: 'Add Round' });
    await user.click(within(dialog).getByRole('textbox', { name: /Name/ }));
    await user.paste('n'.repeat(101));
    await user.click(within(dialog).getByRole('textbox', { name: 'Pick Up Address' }));
    await user.paste('a'.repeat(501));
    expect(within(dialog).getByText('Use at most 100 characters (this has 101).')).toBeTruthy();
    expect(within(dialog).getByText('Use at most 500 characters (this has 501).')).toBeTruthy();
    expect(within(dialog).getByRole('button', { name: 'Save' })).toHaveProperty('disabled', true);
    expect(calls.some((call) => call.method === 'PUT')).toBe(false);
  });

  it('deletes a round after asking, and shows the refusal of a round in use', async () => {
    const { calls } = stubRoundsTabApi();
    logInAs('admin@example.org', 'admin');
    const { user } = renderApp('/settings/rounds/');
    await user.click(await screen.findByRole('button', { name: 'Delete North Shore' }));
    const refused = await screen.findByRole('dialog', { name: 'Delete Round' });
    expect(within(refused).getByText('Delete the round North Shore? This cannot be undone.')).toBeTruthy();
    await user.click(within(refused).getByRole('button', { name: 'Delete' }));
    expect(await within(refused).findByText(roundInUseText)).toBeTruthy();
    await user.click(within(refused).getByRole('button', { name: 'Cancel' }));
    await user.click(screen.getByRole('button', { name: 'Delete Inner West' }));
    const confirm = await screen.findByRole('dialog', { name: 'Delete Round' });
    await user.click(within(confirm).getByRole('button', { name: 'Delete' }));
    expect(await within(confirm).findByText('Round deleted.')).toBeTruthy();
    await waitFor(() => expect(screen.queryByRole('cell', { name: 'Inner West' })).toBeNull());
    expect(calls.some((call) => call.method === 'PUT')).toBe(false);
  });

  it('reorders a round’s clients with the buttons and saves the preferred order, keeping other rounds', async () => {
    const { calls } = stubRoundsTabApi();
    logInAs('driver@example.org', 'normal');
    const { user } = renderApp('/settings/rounds/');
    await screen.findByRole('heading', { name: 'Preferred Round Delivery Order' });
    expect(screen.queryByRole('heading', { name: 'Delivery Rounds' })).toBeNull();
    expect(screen.queryByRole('link', { name: 'Routes' })).toBeNull();
    await user.selectOptions(screen.getByRole('combobox', { name: 'Round' }), 'Inner West');
    await user.click(await screen.findByRole('button', { name: 'Move Alice down' }));
    await user.click(screen.getByRole('button', { name: 'Move Cara up' }));
    const list = screen.getByRole('list', { name: 'Delivery order' });
    expect(
      within(list)
        .getAllByRole('listitem')
        .map((item) => item.textContent),
    ).toEqual([
      expect.stringContaining('Bob'),
      expect.stringContaining('Cara'),
      expect.stringContaining('Alice'),
    ]);
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Settings saved successfully')).toBeTruthy();
    expect(calls.find((call) => call.method === 'PUT')?.body).toEqual({
      preferred_delivery_order: { 'North Shore': ['x'], 'Inner West': ['b', 'c', 'a'] },
    });
  });

  it('moves an item to any position', () => {
    expect(moveItem(['a', 'b', 'c'], 0, 2)).toEqual(['b', 'c', 'a']);
    expect(moveItem(['a', 'b', 'c'], 2, 0)).toEqual(['c', 'a', 'b']);
    expect(moveItem(['a', 'b', 'c'], 0, -1)).toEqual(['a', 'b', 'c']);
    expect(moveItem(['a', 'b', 'c'], 2, 3)).toEqual(['a', 'b', 'c']);
  });
});
