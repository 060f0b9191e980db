import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Contact } from '../../../contracts/contacts';
import { clients } from '../../db/schema/clients';
import { createAlayaCareSourceSystem } from '../../integrations/alayacare/adapter';
import type { RunningSimulator } from '../../integrations/alayacare/simulator/start-simulator';
import { SourceFailure } from '../../integrations/source-system';
import type { CreateSourceSystem } from '../source/service';
import { createTestApp, type TestApp } from '../../testing/test-app';
import { createAccountWithSimulator } from '../../testing/test-source';

/** CRM ids of clients whose contact list fails, and how (a 5xx answer, or no answer at all). */
const failing = new Map<string, 'bad_answer' | 'unreachable'>();
const createSourceSystem: CreateSourceSystem = (connection) => {
  const real = createAlayaCareSourceSystem(connection, { readRetries: 0, retryDelayMs: 1 });
  return {
    ...real,
    listClientContacts: (clientSourceId) => {
      const kind = failing.get(clientSourceId);
      if (!kind) return real.listClientContacts(clientSourceId);
      return Promise.reject(new SourceFailure(`The CRM could not list contacts: ${kind}.`, kind));
    },
  };
};

let t: TestApp;
let simulator: RunningSimulator;
let token = '';

beforeAll(async () => {
  t = await createTestApp({}, { createSourceSystem });
  const setup = await createAccountWithSimulator(t, { clients: 12 });
  simulator = setup.simulator;
  token = await t.login(setup.user.username);
});
afterAll(async () => {
  await t.close();
  await simulator.close();
});

async function sync() {
  const answer = await t.call('GET', '/api/clients?sync=true&page_size=100', { token });
  expect(answer.body.meta).toMatchObject({ error_code: 0, message: '' });
}

/** The product's id of a simulator client. */
async function clientIdOf(simClientId: number): Promise<number> {
  const [row] = await t.db
    .select({ id: clients.id })
    .from(clients)
    .where(and(eq(clients.sourceId, String(simClientId))));
  if (!row) throw new Error(`client ${simClientId} not synced`);
  return row.id;
}

const listContacts = async (clientId: number) =>
  (await t.call<Contact[]>('GET', `/api/clients/${clientId}/contacts`, { token })).body.data;

const mealClients = () => simulator.state.clients.filter((client) => client.tags.includes('Meals on Wheels'));

describe('contacts synced from the CRM', () => {
  it("brings each client's CRM contacts with the clients, phones in E.164, emergency contacts first", async () => {
    await sync();
    const simClient = mealClients().find((client) => simulator.state.contactsOf(client.id).length === 2)!;
    const simContacts = simulator.state.contactsOf(simClient.id);
    const contacts = await listContacts(await clientIdOf(simClient.id));
    const expectedOrder = [
      ...simContacts.filter((contact) => contact.isEmergency),
      ...simContacts.filter((contact) => !contact.isEmergency),
    ];
    expect(contacts).toEqual(
      expectedOrder.map((contact, index) => ({
        id: expect.any(Number),
        name: `${contact.firstName} ${contact.lastName}`,
        relationship: contact.relationship,
        phone: `+61${contact.phone.replace(/\s/g, '').slice(1)}`,
        email: contact.email,
        is_emergency: contact.isEmergency,
        priority: index + 1,
        wants_notices: false,
        source: 'crm',
        crm_phone: '',
      })),
    );
  });

  it('keeps a CRM contact read-only: its CRM fields and removal answer code 6, its order and notices change', async () => {
    const simClient = mealClients()[0]!;
    const clientId = await clientIdOf(simClient.id);
    const [sourceContact] = await listContacts(clientId);
    const contactPath = `/api/clients/${clientId}/contacts/${sourceContact!.id}`;
    const renamed = await t.call('PUT', contactPath, { token, body: { name: 'Someone Else' } });
    expect(renamed.status).toBe(409);
    expect(renamed.body.meta).toMatchObject({ error_code: 6 });
    expect(renamed.body.meta.message).toMatch(/kept in the CRM/);
    const removed = await t.call('DELETE', contactPath, { token });
    expect(removed.body.meta).toMatchObject({ error_code: 6 });
    expect(removed.body.meta.message).toMatch(/kept in the CRM/);
    // Repeating the CRM's own values is no change; the product's fields are the product's.
    const kept = await t.call<Contact>('PUT', contactPath, {
      token,
      body: { name: sourceContact!.name, wants_notices: true, priority: 5 },
    });
    expect(kept.body.data).toMatchObject({ name: sourceContact!.name, wants_notices: true, source: 'crm' });
    expect((await listContacts(clientId)).map((contact) => contact.id)).toContain(sourceContact!.id);
  });

  it('replaces the CRM contacts on the next sync and keeps the local ones, their order and wishes', async () => {
    const simClient = mealClients()[1]!;
    const clientId = await clientIdOf(simClient.id);
    const simContacts = simulator.state.contactsOf(simClient.id);
    simContacts.splice(1);
    simContacts.push({
      ...simContacts[0]!,
      id: 990_001,
      firstName: 'Gone',
      lastName: 'Soon',
      isEmergency: false,
    });
    await sync();
    const local = await t.call<Contact>('POST', `/api/clients/${clientId}/contacts`, {
      token,
      body: { name: 'Local Friend', phone: '0400 111 222', priority: 1 },
    });
    const kept = (await listContacts(clientId)).find(
      (contact) => contact.source === 'crm' && contact.priority === 2,
    )!;
    await t.call('PUT', `/api/clients/${clientId}/contacts/${kept.id}`, {
      token,
      body: { wants_notices: true },
    });

    // In the CRM: one contact removed, one changed to a number nobody can read, one added as an emergency contact.
    simContacts.splice(1, 1);
    simContacts[0]!.phone = 'ring the daughter';
    simContacts[0]!.relationship = 'Son';
    simContacts.push({
      ...simContacts[0]!,
      id: 990_002,
      firstName: 'New',
      lastName: 'Contact',
      phone: '0433 222 111',
      isEmergency: true,
    });
    await sync();
    const after = await listContacts(clientId);
    expect(after.map((contact) => [contact.name, contact.source, contact.priority])).toEqual([
      ['Local Friend', 'local', 1],
      [kept.name, 'crm', 2],
      ['New Contact', 'crm', 3],
    ]);
    expect(after[1]).toMatchObject({
      id: kept.id,
      phone: '',
      crm_phone: 'ring the daughter',
      relationship: 'Son',
      wants_notices: true,
    });
    expect(after[2]).toMatchObject({ phone: '+61433222111', is_emergency: true });
    expect(after[0]!.id).toBe(local.body.data.id);
  });

  it('a CRM failure for contacts keeps the old contacts and never fails the client sync', async () => {
    const rows = await t.db
      .select({ id: clients.id, sourceId: clients.sourceId })
      .from(clients)
      .where(eq(clients.isHidden, false))
      .orderBy(clients.id);
    const [first, second] = rows;
    const last = rows[rows.length - 1]!;
    const before = await Promise.all([first!, second!, last].map((row) => listContacts(row.id)));
    for (const row of [first!, second!, last]) simulator.state.contactsOf(Number(row.sourceId)).splice(0);
    failing.set(first!.sourceId, 'bad_answer');
    try {
      await sync();
      expect(await listContacts(first!.id)).toEqual(before[0]);
      // One client's bad answer does not stop the others.
      expect(before[1]!.some((contact) => contact.source === 'crm')).toBe(true);
      expect((await listContacts(second!.id)).filter((contact) => contact.source === 'crm')).toEqual([]);

      // A CRM that stops answering stops the rest of the contact sync: the clients after it keep what they have.
      simulator.state.contactsOf(Number(last.sourceId)).push({
        id: 990_003,
        acId: 'AC000990003',
        clientId: Number(last.sourceId),
        firstName: 'Late',
        lastName: 'Arrival',
        relationship: 'Friend',
        phone: '0400 000 111',
        email: '',
        isEmergency: true,
        status: 'enabled',
      });
      failing.set(first!.sourceId, 'unreachable');
      await sync();
      expect((await listContacts(last.id)).filter((contact) => contact.source === 'crm')).toEqual([]);
      failing.clear();
      await sync();
      expect((await listContacts(last.id)).map((contact) => contact.name)).toContain('Late Arrival');
    } finally {
      failing.clear();
    }
  });
});
