import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { ApiError } from '../../http/errors';
import { createAlayaCareSourceSystem } from './adapter';
import { startSimulator, type RunningSimulator } from './simulator/start-simulator';

const today = '2026-03-16';
let simulator: RunningSimulator;

const connect = (to: RunningSimulator) =>
  createAlayaCareSourceSystem({ baseUrl: to.url, ...to.credentials }, { retryDelayMs: 0, readRetries: 0 });

beforeAll(async () => {
  simulator = await startSimulator({ today, clients: 20 });
});
afterAll(async () => {
  await simulator.close();
});
beforeEach(() => {
  simulator.faults.resetFaults();
  simulator.faults.clearRequests();
});

describe("the AlayaCare adapter's client contacts", () => {
  it("lists a client's contacts in the CRM's order with their fields mapped, in one request", async () => {
    const client = simulator.state.clients[0]!;
    const expected = simulator.state.contactsOf(client.id);
    const contacts = await connect(simulator).listClientContacts(String(client.id));
    expect(contacts).toEqual(
      expected.map((contact) => ({
        sourceId: String(contact.id),
        name: `${contact.firstName} ${contact.lastName}`,
        relationship: contact.relationship,
        phone: contact.phone,
        email: contact.email,
        isEmergency: contact.isEmergency,
      })),
    );
    expect(simulator.faults.requests).toHaveLength(1);
  });

  it('leaves disabled contacts out', async () => {
    const client = simulator.state.clients[1]!;
    const contacts = simulator.state.contactsOf(client.id);
    contacts.push({ ...contacts[0]!, id: 999_001, status: 'disabled' });
    const listed = await connect(simulator).listClientContacts(String(client.id));
    expect(listed.map((contact) => contact.sourceId)).not.toContain('999001');
    expect(listed).toHaveLength(contacts.length - 1);
  });

  it("reads each contact's emergency flag when the list has the documents' shape", async () => {
    const documented = await startSimulator({ today, clients: 5, hasEmergencyInContactList: false });
    try {
      const client = documented.state.clients[2]!;
      const expected = documented.state.contactsOf(client.id);
      expected[0]!.isEmergency = true;
      const contacts = await connect(documented).listClientContacts(String(client.id));
      expect(contacts.map((contact) => contact.isEmergency)).toEqual(
        expected.map((contact) => contact.isEmergency),
      );
      const detailReads = documented.faults.requests.filter((request) =>
        request.url.includes('/patients/contacts/'),
      );
      expect(detailReads).toHaveLength(expected.length);
    } finally {
      await documented.close();
    }
  });

  it('fails with code 7 naming the client for an unknown client, a down CRM or a malformed answer', async () => {
    const adapter = connect(simulator);
    await expect(adapter.listClientContacts('99999')).rejects.toThrow(
      /^The CRM could not list the contacts of client 99999: /,
    );
    await expect(adapter.listClientContacts('not-an-id')).rejects.toBeInstanceOf(ApiError);
    simulator.faults.setFaults({ malformed: 'shape' });
    await expect(adapter.listClientContacts(String(simulator.state.clients[0]!.id))).rejects.toThrow(
      /malformed/,
    );
  });
});
