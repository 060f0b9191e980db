import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Alert } from '../../../contracts/alerts';
import type { Contact } from '../../../contracts/contacts';
import type { DriverLink } from '../../../contracts/driver';
import type { Visit } from '../../../contracts/visits';
import { createAlayaCareSourceSystem } from '../../integrations/alayacare/adapter';
import type { RunningSimulator } from '../../integrations/alayacare/simulator/start-simulator';
import type { RunningSmsSimulator } from '../../integrations/sms/simulator/start-sms-simulator';
import { createTestApp, type TestApp } from '../../testing/test-app';
import { createRoundAccountWithSimulator } from '../../testing/test-source';
import { publicUrl, startTestSimulator } from '../../testing/messages-fixture';
import type { CreateSourceSystem } from '../source/service';
import { messagingNotSetUp } from './welfare-wiring';

/**
 * Welfare checks on the real contacts and messages features: the CRM's emergency contacts, the account's welfare
 * template, the messages outbox sending to the Twilio simulator, and a contact's reply coming back signed.
 */

// The CRM simulator's today is Wednesday 18 November 2026 (Sydney, +11:00).
const clock = { ms: Date.parse('2026-11-18T03:00:00Z') };
const now = () => new Date(clock.ms);
const senderNumber = '+61491570006';
const createSourceSystem: CreateSourceSystem = (connection) =>
  createAlayaCareSourceSystem(connection, { timeoutMs: 2_000, readRetries: 1, retryDelayMs: 1 });

let t: TestApp;
let sourceSimulator: RunningSimulator;
let sms: RunningSmsSimulator;
let token = '';
let adminToken = '';
let driverToken = '';
let dayVisits: Visit[] = [];
let uuidCount = 0;

beforeAll(async () => {
  t = await createTestApp({ PUBLIC_URL: publicUrl }, { now, createSourceSystem });
  const setup = await createRoundAccountWithSimulator(t, { clients: 12 });
  sourceSimulator = setup.simulator;
  token = await t.login(setup.user.username);
  adminToken = await t.login(setup.admin.username);
  const visits = await t.call<Visit[]>('GET', `/api/rounds/${setup.roundId}/visits/2026-11-18?refresh=true`, {
    token,
  });
  dayVisits = visits.body.data.filter((visit) => visit.status === 'scheduled');
  const link = await t.call<DriverLink>('POST', `/api/rounds/${setup.roundId}/driver_link`, {
    token,
    body: { date: '2026-11-18' },
  });
  driverToken = link.body.data.url.replace('/driver/', '');
  sms = await startTestSimulator(t, senderNumber);
});
afterAll(async () => {
  await t.close();
  await sourceSimulator.close();
  await sms.close();
});

/** The next visit of the day whose client has an emergency contact with a phone, with that contact. */
async function takeVisitWithEmergencyContact(): Promise<{ visit: Visit; contact: Contact }> {
  for (;;) {
    const visit = dayVisits.shift();
    if (!visit) throw new Error('no visit left whose client has an emergency contact');
    const contacts = await t.call<Contact[]>('GET', `/api/clients/${String(visit.client.id)}/contacts`, {
      token,
    });
    const contact = contacts.body.data.find((entry) => entry.is_emergency && entry.phone !== '');
    if (contact) return { visit, contact };
  }
}

async function recordNotHome(visit: Visit): Promise<Alert> {
  const id = `30000000-0000-4000-8000-${String(++uuidCount).padStart(12, '0')}`;
  await t.call('POST', `/api/driver/${driverToken}/outcomes`, {
    body: [{ id, visit_id: visit.id, outcome: 'not_home', note: '', recorded_at: now().toISOString() }],
  });
  const alerts = (await t.call<Alert[]>('GET', '/api/alerts', { token })).body.data;
  const alert = alerts.find((entry) => entry.visit_id === visit.id);
  if (!alert) throw new Error('no alert opened');
  return alert;
}

const getAlert = async (id: number) =>
  (await t.call<Alert>('GET', `/api/alerts/${String(id)}`, { token })).body.data;

describe('welfare checks with contacts and messages', () => {
  it('with no provider set up, the automated steps are failed attempts saying why, and nothing is queued', async () => {
    const { visit, contact } = await takeVisitWithEmergencyContact();
    const check = await recordNotHome(visit);
    expect(check.contacts.map((entry) => entry.name)).toContain(contact.name);
    clock.ms += 15 * 60_000;
    await t.welfareSteps.runDueSteps();
    const attempts = (await getAlert(check.id)).attempts.filter((entry) => entry.to === contact.phone);
    expect(attempts.map((entry) => [entry.channel, entry.result, entry.note])).toEqual([
      ['sms', 'failed', messagingNotSetUp],
      ['voice', 'failed', messagingNotSetUp],
    ]);
    expect(sms.state.items).toHaveLength(0);
  });

  it('messages and calls the emergency contact with the welfare template; their reply OK is an answered attempt', async () => {
    const saved = await t.call('PUT', '/api/settings/messaging', {
      token: adminToken,
      body: {
        provider: 'twilio',
        api_url: sms.url,
        account_sid: sms.state.credentials.accountSid,
        auth_token: sms.state.credentials.authToken,
        sender_number: senderNumber,
        templates: {
          welfare: 'Hello {contact_name}, {client_name} did not answer at {time}. Reply OK when safe.',
          notice: 'Your meal is on its way, about {time}.',
          reminder: 'Hello {driver_name}, you drive {round} on {date}. {link}',
        },
      },
    });
    expect(saved.status).toBe(200);
    const { visit, contact } = await takeVisitWithEmergencyContact();
    const check = await recordNotHome(visit);
    const openedAt = new Intl.DateTimeFormat('en-AU', {
      timeZone: 'Australia/Sydney',
      hour: '2-digit',
      minute: '2-digit',
      hourCycle: 'h23',
    }).format(now());
    clock.ms += 15 * 60_000;
    await t.welfareSteps.runDueSteps();
    await t.messageSender.sendDue();
    await sms.state.settled();

    const toContact = sms.state.items.filter((item) => item.to === contact.phone);
    const text = `Hello ${contact.name}, ${check.client.name} did not answer at ${openedAt}. Reply OK when safe.`;
    // The sender may hand the SMS and the call to the provider in either order.
    expect(toContact.map((item) => [item.kind, item.from]).sort()).toEqual([
      ['call', senderNumber],
      ['message', senderNumber],
    ]);
    expect(toContact.find((item) => item.kind === 'message')?.body).toBe(text);

    expect(
      await sms.state.reply(`${publicUrl}/api/messaging/twilio/inbound`, {
        from: contact.phone,
        to: senderNumber,
        body: 'ok!',
      }),
    ).toBe(200);
    const after = await getAlert(check.id);
    expect(after.status).toBe('open');
    expect(after.attempts.filter((entry) => entry.to === contact.phone).map((entry) => entry.result)).toEqual(
      ['left_message', 'left_message', 'answered'],
    );
  });
});
