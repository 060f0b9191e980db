import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Contact } from '../../../contracts/contacts';
import type { PrintLink } from '../../../contracts/print';
import { extractPdfText } from '../../testing/pdf-text';
import { createTestApp, type TestApp } from '../../testing/test-app';
import { fixtureClock, seedReportFixture, type ReportFixture } from '../../testing/reports-fixture';

let t: TestApp;
let token = '';
let fixture: ReportFixture;

beforeAll(async () => {
  t = await createTestApp({}, { now: () => fixtureClock });
  const { account, user } = await t.createAccount('Run Sheet Contacts');
  fixture = await seedReportFixture(t.db, account.id);
  token = await t.login(user.username);
});
afterAll(async () => t.close());

async function addContact(client: string, body: Record<string, unknown>) {
  const answer = await t.call<Contact>('POST', `/api/clients/${fixture.clientIds[client] ?? 0}/contacts`, {
    token,
    body,
  });
  expect(answer.body.meta.error_code).toBe(0);
}

describe('the driver run sheet', () => {
  it("prints each stop's first emergency contact: name, relationship and phone", async () => {
    await addContact('Bob', { name: 'Nina Neighbour', phone: '0400 000 001', priority: 1 });
    await addContact('Bob', {
      name: 'Mary Smith',
      relationship: 'Daughter',
      phone: '0412 345 678',
      is_emergency: true,
    });
    await addContact('Bob', {
      name: 'Tom Smith',
      relationship: 'Son',
      phone: '0412 000 999',
      is_emergency: true,
    });
    await addContact('Alice', { name: 'Fred Friend', relationship: 'Friend', phone: '0400 222 333' });
    const visitOf = (key: string) => fixture.visitIds[key] ?? 0;
    const printed = await t.call<PrintLink>('POST', '/api/print/round', {
      token,
      body: {
        round: fixture.roundIds.north,
        date: '2026-12-07',
        format: 'driver',
        events: [
          { id: visitOf('Bob 2026-12-07 completed'), start: '09:20', end: '09:35' },
          { id: visitOf('Alice 2026-12-07 completed'), start: '09:45', end: '10:00' },
        ],
      },
    });
    expect(printed.body.meta.error_code).toBe(0);
    const file = await t.server.inject({ method: 'GET', url: printed.body.data.url });
    const text = (await extractPdfText(file.rawPayload)).replace(/\s+/g, ' ');
    // The client column wraps beside the meals column: the line reads in two pieces.
    expect(text).toContain('Emergency: Mary Smith');
    expect(text).toContain('(Daughter) 0412 345 678');
    expect(text).not.toContain('Tom Smith');
    expect(text).not.toContain('Nina Neighbour');
    // Alice has a contact but no emergency contact: nothing printed for her.
    expect(text).not.toContain('Fred Friend');
    expect(text.match(/Emergency:/g)).toHaveLength(1);
  });
});
