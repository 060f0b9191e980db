import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ClientDetail } from '../../../contracts/clients';
import type { Contact } from '../../../contracts/contacts';
import { clientContacts } from '../../db/schema/contacts';
import { auditLog } from '../../db/schema/messages';
import { createTestApp, type TestApp } from '../../testing/test-app';
import { createClientsAccount, fixedNow } from '../../testing/clients-fixture';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({}, { now: () => fixedNow });
});
afterAll(async () => t.close());

async function setUp(name: string) {
  return createClientsAccount(t, name, [
    { name: 'Ann Able', round: 'North' },
    { name: 'Ben Hidden', isHidden: true },
  ]);
}
type Setup = Awaited<ReturnType<typeof setUp>>;

const path = (s: Setup, id = s.clientIds[0] ?? 0) => `/api/clients/${id}/contacts`;
const mary = { name: 'Mary Able', relationship: 'Daughter', phone: '0412 345 678', is_emergency: true };

async function add(s: Setup, body: Record<string, unknown>) {
  return t.call<Contact>('POST', path(s), { token: s.token, body });
}

describe('client contacts API', () => {
  it('adds local contacts with phones in E.164, lists them in order, changes, moves and removes them, audited', async () => {
    const s = await setUp('Contacts');
    const created = await add(s, mary);
    expect(created.status).toBe(201);
    expect(created.body.meta.message).toBe('Contact added.');
    expect(created.body.data).toEqual({
      id: expect.any(Number),
      ...mary,
      phone: '+61412345678',
      email: '',
      priority: 1,
      wants_notices: false,
      source: 'local',
      crm_phone: '',
    });
    const neighbour = await add(s, {
      name: 'Sam Next Door',
      phone: '(02) 9555 1234',
      email: 'sam@example.com',
    });
    expect(neighbour.body.data).toMatchObject({ phone: '+61295551234', priority: 2, is_emergency: false });
    const first = await add(s, {
      name: 'Dr Lee',
      relationship: 'GP',
      phone: '+44 20 7946 0958',
      priority: 1,
    });
    expect(first.body.data).toMatchObject({ phone: '+442079460958', priority: 1 });

    const listed = await t.call<Contact[]>('GET', path(s), { token: s.token });
    expect(listed.body.data.map((contact) => [contact.name, contact.priority])).toEqual([
      ['Dr Lee', 1],
      ['Mary Able', 2],
      ['Sam Next Door', 3],
    ]);

    const changed = await t.call<Contact>('PUT', `${path(s)}/${neighbour.body.data.id}`, {
      token: s.token,
      body: { relationship: 'Neighbour', wants_notices: true, priority: 1 },
    });
    expect(changed.body.meta.message).toBe('Contact saved.');
    expect(changed.body.data).toMatchObject({
      name: 'Sam Next Door',
      relationship: 'Neighbour',
      wants_notices: true,
      priority: 1,
    });
    const reordered = await t.call<Contact[]>('GET', path(s), { token: s.token });
    expect(reordered.body.data.map((contact) => contact.name)).toEqual([
      'Sam Next Door',
      'Dr Lee',
      'Mary Able',
    ]);

    const removed = await t.call('DELETE', `${path(s)}/${first.body.data.id}`, { token: s.token });
    expect(removed.body).toMatchObject({ data: null, meta: { error_code: 0, message: 'Contact removed.' } });
    const after = await t.call<Contact[]>('GET', path(s), { token: s.token });
    expect(after.body.data.map((contact) => [contact.name, contact.priority])).toEqual([
      ['Sam Next Door', 1],
      ['Mary Able', 2],
    ]);
    const actions = await t.db.select().from(auditLog).where(eq(auditLog.accountId, s.accountId));
    expect(actions.map((entry) => entry.action)).toEqual(
      expect.arrayContaining(['client_contact.create', 'client_contact.update', 'client_contact.delete']),
    );
  });

  it('refuses a bad phone, a bad email, no name and no way to reach the contact with code 2, storing nothing', async () => {
    const s = await setUp('Contacts validation');
    const badPhone = await add(s, { ...mary, phone: '12345' });
    expect(badPhone.status).toBe(400);
    expect(badPhone.body.meta).toMatchObject({
      error_code: 2,
      errors: [{ field: 'phone', message: '"12345" is not a valid phone number.' }],
    });
    const badEmail = await add(s, { ...mary, email: 'mary@' });
    expect(badEmail.body.meta.errors).toEqual([
      { field: 'email', message: 'Enter a valid email address, or leave it empty.' },
    ]);
    const noName = await add(s, { ...mary, name: '  ' });
    expect(noName.body.meta.errors).toEqual([{ field: 'name', message: "Enter the contact's name." }]);
    const unreachable = await add(s, { name: 'Nobody' });
    expect(unreachable.body.meta).toMatchObject({
      error_code: 2,
      errors: [{ field: 'phone', message: 'Enter a phone number or an email address.' }],
    });
    const unknownField = await add(s, { ...mary, colour: 'red' });
    expect(unknownField.body.meta.error_code).toBe(2);
    expect(await t.db.select().from(clientContacts).where(eq(clientContacts.accountId, s.accountId))).toEqual(
      [],
    );

    const kept = await add(s, mary);
    const badChange = await t.call('PUT', `${path(s)}/${kept.body.data.id}`, {
      token: s.token,
      body: { phone: 'call the office' },
    });
    expect(badChange.body.meta).toMatchObject({ error_code: 2, errors: [{ field: 'phone' }] });
    const emptied = await t.call('PUT', `${path(s)}/${kept.body.data.id}`, {
      token: s.token,
      body: { phone: '' },
    });
    expect(emptied.body.meta.errors).toEqual([
      { field: 'phone', message: 'Enter a phone number or an email address.' },
    ]);
    const [row] = await t.db.select().from(clientContacts).where(eq(clientContacts.id, kept.body.data.id));
    expect(row?.phone).toBe('+61412345678');
  });

  it('needs a login; another account, a hidden client or another client answers 404', async () => {
    const s = await setUp('Contacts access');
    const other = await setUp('Contacts other');
    const contact = await add(s, mary);
    expect((await t.call('GET', path(s))).body.meta.error_code).toBe(3);
    expect((await t.call('POST', path(s), { body: mary })).status).toBe(401);

    const theirs = { token: other.token };
    expect((await t.call('GET', path(s), theirs)).status).toBe(404);
    expect((await t.call('POST', path(s), { ...theirs, body: mary })).status).toBe(404);
    const contactPath = `${path(s)}/${contact.body.data.id}`;
    expect((await t.call('PUT', contactPath, { ...theirs, body: { name: 'X' } })).status).toBe(404);
    expect((await t.call('DELETE', contactPath, theirs)).status).toBe(404);
    // Their own client, with this account's contact id: not found either.
    const viaTheirClient = `${path(other)}/${contact.body.data.id}`;
    expect((await t.call('DELETE', viaTheirClient, theirs)).body.meta).toMatchObject({
      error_code: 5,
      message: 'Contact not found.',
    });
    expect((await t.call('GET', path(s, s.clientIds[1]), { token: s.token })).status).toBe(404);
    const stillThere = await t.call<Contact[]>('GET', path(s), { token: s.token });
    expect(stillThere.body.data).toHaveLength(1);
  });

  it("keeps the client's own wish for delivery notices, set with the details form and answered with the client", async () => {
    const s = await setUp('Client notices');
    const clientPath = `/api/clients/${s.clientIds[0]}`;
    const before = await t.call<ClientDetail>('GET', clientPath, { token: s.token });
    expect(before.body.data.wants_notices).toBe(false);
    const details = {
      round: 'North',
      labels: [],
      dietary_requirements: '',
      plan: '',
      plan_dow: [0, 0, 0, 0, 0, 0, 0],
      delivery_instructions: '',
    };
    const saved = await t.call<ClientDetail>('PUT', clientPath, {
      token: s.token,
      body: { ...details, wants_notices: true },
    });
    expect(saved.body.data.wants_notices).toBe(true);
    // The form without the field leaves it as it is.
    const again = await t.call<ClientDetail>('PUT', clientPath, { token: s.token, body: details });
    expect(again.body.data.wants_notices).toBe(true);
    const bad = await t.call('PUT', clientPath, {
      token: s.token,
      body: { ...details, wants_notices: 'yes' },
    });
    expect(bad.body.meta.error_code).toBe(2);
  });
});
