import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Message, MessagingSettings } from '../../../contracts/messages';
import { auditLog } from '../../db/schema/messages';
import { messagingSettings } from '../../db/schema/text-messages';
import type { RunningSmsSimulator } from '../../integrations/sms/simulator/start-sms-simulator';
import { createTestApp, type TestApp } from '../../testing/test-app';
import { createMessagingAccount, readMessages, startTestSimulator } from '../../testing/messages-fixture';

let t: TestApp;
let simulator: RunningSmsSimulator;

beforeAll(async () => {
  t = await createTestApp();
  simulator = await startTestSimulator(t, '+61491570006');
});
afterAll(async () => {
  await simulator.close();
  await t.close();
});

describe('Settings > Messages', () => {
  it('answers the defaults, saves the settings and never answers the token', async () => {
    const { adminToken, accountId } = await createMessagingAccount(t, { name: 'Settings Meals', phones: [] });

    const before = await t.call<MessagingSettings>('GET', '/api/settings/messaging', { token: adminToken });
    expect(before.body.data).toMatchObject({ provider: 'none', has_auth_token: false, quiet_hours: null });
    expect(before.body.data.templates.notice).toBe('Your meal is on its way, about {time}.');

    const saved = await t.call<MessagingSettings>('PUT', '/api/settings/messaging', {
      token: adminToken,
      body: {
        provider: 'twilio',
        api_url: simulator.url,
        account_sid: 'AC123',
        auth_token: 'secret-token',
        sender_number: '0491 570 156',
        quiet_hours: { from: '21:00', to: '08:00' },
      },
    });

    expect(saved.status).toBe(200);
    expect(saved.body.data).toMatchObject({
      provider: 'twilio',
      account_sid: 'AC123',
      has_auth_token: true,
      sender_number: '+61491570156',
      quiet_hours: { from: '21:00', to: '08:00' },
    });
    expect(JSON.stringify(saved.body)).not.toContain('secret-token');
    const [row] = await t.db
      .select()
      .from(messagingSettings)
      .where(eq(messagingSettings.accountId, accountId));
    expect(row?.authTokenEncrypted).toMatch(/^v1:/);
    expect(row?.authTokenEncrypted).not.toContain('secret-token');
  });

  it('refuses a normal user (403) and no session (401)', async () => {
    const { token } = await createMessagingAccount(t, { name: 'User Meals', phones: [] });
    expect((await t.call('GET', '/api/settings/messaging', { token })).status).toBe(403);
    expect(
      (await t.call('PUT', '/api/settings/messaging', { token, body: { provider: 'none' } })).status,
    ).toBe(403);
    expect((await t.call('GET', '/api/settings/messaging')).body.meta.error_code).toBe(3);
    expect(
      (await t.call('POST', '/api/settings/messaging/test', { token, body: { to: '0491570157' } })).status,
    ).toBe(403);
  });

  it.each([
    [{ provider: 'twilio' }, ['account_sid', 'auth_token', 'sender_number']],
    [{ provider: 'none', sender_number: '12' }, ['sender_number']],
    [{ provider: 'none', quiet_hours: { from: '25:00', to: '08:00' } }, ['quiet_hours.from']],
    [{ provider: 'none', api_url: 'ftp://example.com' }, ['api_url']],
    [
      { provider: 'none', templates: { welfare: 'Hi {contactname}', notice: 'x', reminder: 'y' } },
      ['templates.welfare'],
    ],
  ])('refuses %j with code 2 and changes nothing', async (body, fields) => {
    const { adminToken, accountId } = await createMessagingAccount(t, { name: 'Invalid Meals', phones: [] });
    const answer = await t.call('PUT', '/api/settings/messaging', { token: adminToken, body });
    expect(answer.status).toBe(400);
    expect(answer.body.meta.error_code).toBe(2);
    const errorFields = (answer.body.meta.errors ?? []).map((error) => error.field);
    for (const field of fields) expect(errorFields).toContain(field);
    expect(
      await t.db.select().from(messagingSettings).where(eq(messagingSettings.accountId, accountId)),
    ).toEqual([]);
  });

  it('asks for the token again when the Account SID changes, and refuses a sender number another account uses', async () => {
    const first = await createMessagingAccount(t, {
      name: 'First Meals',
      phones: [],
      simulator,
      senderNumber: '+61491571266',
    });
    const second = await createMessagingAccount(t, { name: 'Second Meals', phones: [] });

    const changed = await t.call('PUT', '/api/settings/messaging', {
      token: first.adminToken,
      body: { provider: 'twilio', account_sid: 'AC999' },
    });
    expect(changed.body.meta.error_code).toBe(2);
    expect(changed.body.meta.errors?.[0]?.field).toBe('auth_token');

    const taken = await t.call('PUT', '/api/settings/messaging', {
      token: second.adminToken,
      body: { provider: 'none', sender_number: '0491 571 266' },
    });
    expect(taken.status).toBe(409);
    expect(taken.body.meta.error_code).toBe(6);
  });

  it('records a test message and sends it to the provider, audited', async () => {
    const { adminToken, accountId } = await createMessagingAccount(t, {
      name: 'Test Message Meals',
      phones: [],
      simulator,
      senderNumber: '+61491571491',
    });

    const answer = await t.call<Message>('POST', '/api/settings/messaging/test', {
      token: adminToken,
      body: { to: '0491 570 157' },
    });

    expect(answer.status).toBe(201);
    expect(answer.body.data).toMatchObject({ purpose: 'test', status: 'queued', to: '+61491570157' });
    await t.messageSender.sendDue();
    await simulator.state.settled();
    const sent = simulator.state.items.filter((item) => item.from === '+61491571491');
    expect(sent).toMatchObject([{ to: '+61491570157', body: 'This is a test message from MealRounds.' }]);
    expect(await readMessages(t, accountId)).toMatchObject([
      { status: 'delivered', providerSid: sent[0]?.sid },
    ]);
    const audit = await t.db.select().from(auditLog);
    expect(audit.some((entry) => entry.accountId === accountId && entry.action === 'message.test')).toBe(
      true,
    );

    const invalid = await t.call('POST', '/api/settings/messaging/test', {
      token: adminToken,
      body: { to: '12' },
    });
    expect(invalid.body.meta.error_code).toBe(2);
  });
});

describe('POST and GET /api/messages', () => {
  it("sends a client an SMS and lists it in the client's log with its status", async () => {
    const { token, accountId, clientIds } = await createMessagingAccount(t, {
      name: 'Send Meals',
      phones: ['0491 570 110'],
      simulator,
      senderNumber: '+61491570313',
    });
    const clientId = clientIds[0] ?? 0;

    const answer = await t.call<Message>('POST', '/api/messages', {
      token,
      body: { client_id: clientId, text: 'Your driver is running late today.' },
    });

    expect(answer.status).toBe(201);
    expect(answer.body.data).toMatchObject({
      to: '+61491570110',
      purpose: 'manual',
      status: 'queued',
      client_id: clientId,
    });
    await t.messageSender.sendDue();
    await simulator.state.settled();
    const log = await t.call<Message[]>('GET', `/api/messages?client_id=${clientId}`, { token });
    expect(log.body.data).toMatchObject([
      { body: 'Your driver is running late today.', status: 'delivered', direction: 'out' },
    ]);
    const [row] = await readMessages(t, accountId);
    expect(row?.createdBy).not.toBeNull();
  });

  it.each([
    [{ text: 'Hi' }],
    [{ client_id: 1, driver_id: 2, text: 'Hi' }],
    [{ client_id: 1, text: '' }],
    [{ client_id: 1, text: 'x'.repeat(641) }],
    [{ client_id: 'one', text: 'Hi' }],
  ])('refuses %j with code 2', async (body) => {
    const { token, accountId } = await createMessagingAccount(t, {
      name: 'Bad Send Meals',
      phones: ['0491570110'],
    });
    const answer = await t.call('POST', '/api/messages', { token, body });
    expect(answer.body.meta.error_code).toBe(2);
    expect(await readMessages(t, accountId)).toEqual([]);
  });

  it("answers 404 for another account's client, contact or driver, and messages the account's own", async () => {
    const other = await createMessagingAccount(t, { name: 'Other Meals', phones: ['0491570110'] });
    const own = await createMessagingAccount(t, { name: 'Own Meals', phones: ['0491570111'] });
    const otherClient = other.clientIds[0] ?? 0;
    const contact = await t.call<{ id: number }>('POST', `/api/clients/${String(otherClient)}/contacts`, {
      token: other.token,
      body: { name: 'Jo Helper', phone: '0491 570 112', is_emergency: true },
    });
    const driver = await t.call<{ id: number }>('POST', '/api/drivers', {
      token: other.token,
      body: {
        name: 'Sam Driver',
        phone: '0491 570 113',
        email: '',
        notes: '',
        round_ids: [],
        is_active: true,
      },
    });
    expect([contact.status, driver.status]).toEqual([201, 201]);

    for (const body of [
      { client_id: otherClient },
      { contact_id: contact.body.data.id },
      { driver_id: driver.body.data.id },
    ]) {
      const answer = await t.call('POST', '/api/messages', {
        token: own.token,
        body: { ...body, text: 'Hello' },
      });
      expect(answer.status).toBe(404);
      expect(answer.body.meta.error_code).toBe(5);
    }
    for (const query of [`client_id=${String(otherClient)}`, `driver_id=${String(driver.body.data.id)}`]) {
      expect((await t.call('GET', `/api/messages?${query}`, { token: own.token })).status).toBe(404);
    }
    expect(await readMessages(t, own.accountId)).toEqual([]);

    for (const body of [{ contact_id: contact.body.data.id }, { driver_id: driver.body.data.id }]) {
      const sent = await t.call('POST', '/api/messages', {
        token: other.token,
        body: { ...body, text: 'Hello' },
      });
      expect(sent.status).toBe(201);
    }
    expect(
      (await readMessages(t, other.accountId)).map((row) => [row.to, row.contactId, row.driverId]),
    ).toEqual([
      ['+61491570112', contact.body.data.id, null],
      ['+61491570113', null, driver.body.data.id],
    ]);
  });

  it('answers code 6 when the client has no phone, and 401 without a session', async () => {
    const { token, clientIds } = await createMessagingAccount(t, { name: 'No Phone Meals', phones: [''] });
    const answer = await t.call('POST', '/api/messages', {
      token,
      body: { client_id: clientIds[0], text: 'Hello' },
    });
    expect(answer.status).toBe(409);
    expect(answer.body.meta).toMatchObject({ error_code: 6, message: 'Client 1 has no phone number.' });
    expect(
      (await t.call('POST', '/api/messages', { body: { client_id: 1, text: 'Hi' } })).body.meta.error_code,
    ).toBe(3);
    expect((await t.call('GET', '/api/messages?client_id=1')).body.meta.error_code).toBe(3);
    expect((await t.call('GET', '/api/messages', { token })).body.meta.error_code).toBe(2);
  });

  it('keeps a message without a provider as failed, with the reason', async () => {
    const { token, accountId, clientIds } = await createMessagingAccount(t, {
      name: 'No Provider Meals',
      phones: ['0491570110'],
    });
    await t.call('POST', '/api/messages', { token, body: { client_id: clientIds[0], text: 'Hello' } });

    await t.messageSender.sendDue();

    expect(await readMessages(t, accountId)).toMatchObject([
      { status: 'failed', error: 'No messaging provider is configured.', attempts: 1 },
    ]);
  });
});
