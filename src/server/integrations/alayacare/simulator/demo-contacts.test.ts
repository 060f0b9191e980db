import { describe, expect, it } from 'vitest';
import { getPhoneRegion, parsePhoneNumber } from '../../../../domain/phone-numbers';
import { generateDemoContacts } from './demo-contacts';
import { defaultDemoSeed, demoTimeZone, generateDemoClients } from './demo-seed';
import { createSimulatorState } from './state';

const clients = generateDemoClients(160);
const contactsOfAll = clients.map((client) => generateDemoContacts(client, defaultDemoSeed));

describe("the simulator's demo contacts", () => {
  it('gives every client one or two contacts, most of them at least one emergency contact', () => {
    for (const contacts of contactsOfAll) expect([1, 2]).toContain(contacts.length);
    const withEmergency = contactsOfAll.filter((contacts) => contacts.some((contact) => contact.isEmergency));
    expect(withEmergency.length / clients.length).toBeGreaterThan(0.75);
    expect(contactsOfAll.some((contacts) => contacts.length === 2)).toBe(true);
  });

  it('has Sydney numbers that read as valid Australian phone numbers, and unique ids', () => {
    const all = contactsOfAll.flat();
    for (const contact of all) {
      expect(parsePhoneNumber(contact.phone, getPhoneRegion(demoTimeZone))).toMatchObject({ isValid: true });
      expect(contact.relationship).not.toBe('');
    }
    expect(new Set(all.map((contact) => contact.id)).size).toBe(all.length);
  });

  it('is the same for the same seed and client, whatever else is generated, and differs with the seed', () => {
    const again = generateDemoContacts(generateDemoClients(5)[3]!, defaultDemoSeed);
    expect(again).toEqual(contactsOfAll[3]);
    expect(generateDemoContacts(clients[3]!, 1)).not.toEqual(contactsOfAll[3]);
  });

  it("the state serves each client's contacts and finds a contact by its id", () => {
    const state = createSimulatorState({ clients: 10, today: '2026-03-16' });
    const contacts = state.contactsOf(state.clients[4]!.id);
    expect(contacts).toEqual(contactsOfAll[4]);
    expect(state.getContact(contacts[0]!.id)).toBe(contacts[0]);
    expect(state.contactsOf(424242)).toEqual([]);
  });
});
