import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { Message } from '../../../contracts/messages';
import { messageOptOuts } from '../../db/schema/text-messages';
import type { RunningSmsSimulator } from '../../integrations/sms/simulator/start-sms-simulator';
import { createTestApp, type TestApp } from '../../testing/test-app';
import type { InboundReply } from './ports';
import {
  createMessagingAccount,
  postSigned,
  readMessages,
  startTestSimulator,
} from '../../testing/messages-fixture';

const sender = '+61491572549';
const contact = '+61491570737';
const replies: InboundReply[] = [];
let t: TestApp;
let simulator: RunningSmsSimulator;
let account: Awaited<ReturnType<typeof createMessagingAccount>>;

beforeAll(async () => {
  t = await createTestApp(
    {},
    {
      // 10:00 in Sydney: outside any quiet hours the tests set.
      now: () => new Date('2026-11-26T23:00:00Z'),
      messaging: {
        inboundHandlers: [
          async (_tx, reply) => {
            replies.push(reply);
          },
        ],
      },
    },
  );
  simulator = await startTestSimulator(t, sender);
  account = await createMessagingAccount(t, {
    name: 'Webhook Meals',
    phones: [contact],
    simulator,
    senderNumber: sender,
  });
});
afterAll(async () => {
  await simulator.close();
  await t.close();
});

/** Queues a message of `purpose` to `to` as another feature would. */
function queue(purpose: 'notice' | 'welfare' | 'reminder', to = contact) {
  return t.db.transaction((tx) =>
    t.messages.queueMessage(tx, {
      accountId: account.accountId,
      channel: 'sms',
      to,
      body: `A ${purpose}`,
      purpose,
    }),
  );
}

describe('the Twilio webhooks', () => {
  it('refuse a missing or wrong signature with 403 and record nothing', async () => {
    const before = await readMessages(t, account.accountId);
    const form = { MessageSid: 'SMx', From: contact, To: sender, Body: 'STOP' };
    const path = '/api/messaging/twilio/inbound';

    for (const signature of [{ signature: '' }, { signature: 'd3Jvbmc=' }, { authToken: 'another-token' }]) {
      const answer = await postSigned(t, path, form, signature);
      expect(answer.status).toBe(403);
    }
    const unknownMessage = await postSigned(
      t,
      '/api/messaging/twilio/status?message_id=999999',
      { MessageSid: 'SMx', MessageStatus: 'delivered' },
      { authToken: simulator.state.credentials.authToken },
    );
    expect(unknownMessage.status).toBe(403);
    expect(await readMessages(t, account.accountId)).toEqual(before);
    expect(await t.db.select().from(messageOptOuts)).toEqual([]);
    expect(replies).toEqual([]);
  });

  it('a STOP reply makes notices opted_out (never welfare), and START lets them go again', async () => {
    const stop = await simulator.state.reply(`http://mealrounds.test/api/messaging/twilio/inbound`, {
      from: contact,
      to: sender,
      body: 'Stop',
    });
    expect(stop).toBe(200);

    const notice = await queue('notice');
    const reminder = await queue('reminder');
    const welfare = await queue('welfare');
    expect([notice.status, reminder.status, welfare.status]).toEqual(['opted_out', 'opted_out', 'queued']);
    expect(notice.error).toContain('replied STOP');

    await simulator.state.reply('http://mealrounds.test/api/messaging/twilio/inbound', {
      from: contact,
      to: sender,
      body: 'START',
    });
    expect((await queue('notice')).status).toBe('queued');
    expect(replies).toEqual([]);
  });

  it('records another reply in the log and hands it to the reply handlers; answers empty TwiML', async () => {
    const form = {
      MessageSid: 'SM0001',
      AccountSid: 'AC1',
      From: contact,
      To: sender,
      Body: 'OK she is safe',
    };

    const answer = await postSigned(t, '/api/messaging/twilio/inbound', form, {
      authToken: simulator.state.credentials.authToken,
    });

    expect(answer.status).toBe(200);
    expect(answer.type).toContain('text/xml');
    expect(answer.text).toBe('<?xml version="1.0" encoding="UTF-8"?><Response></Response>');
    expect(replies).toEqual([
      {
        accountId: account.accountId,
        from: contact,
        body: 'OK she is safe',
        receivedAt: new Date('2026-11-26T23:00:00Z'),
      },
    ]);
    const clientId = account.clientIds[0] ?? 0;
    await t.call('POST', '/api/messages', {
      token: account.token,
      body: { client_id: clientId, text: 'Are you in?' },
    });
    await postSigned(
      t,
      '/api/messaging/twilio/inbound',
      { ...form, MessageSid: 'SM0002', Body: 'Yes' },
      {
        authToken: simulator.state.credentials.authToken,
      },
    );
    const log = await t.call<Message[]>('GET', `/api/messages?client_id=${clientId}`, {
      token: account.token,
    });
    expect(log.body.data.map((message) => [message.direction, message.body, message.status])).toEqual([
      ['in', 'Yes', 'received'],
      ['out', 'Are you in?', 'queued'],
    ]);
  });

  it('status callbacks move a message forward only, whatever order they come in', async () => {
    const message = await queue('welfare');
    const path = `/api/messaging/twilio/status?message_id=${message.id}`;
    const token = { authToken: simulator.state.credentials.authToken };
    const post = (status: string) =>
      postSigned(t, path, { MessageSid: 'SMorder', MessageStatus: status, AccountSid: 'AC1' }, token);

    expect((await post('sent')).status).toBe(200);
    await post('delivered');
    await post('sent');

    const row = (await readMessages(t, account.accountId)).find((item) => item.id === message.id);
    expect(row).toMatchObject({ status: 'delivered', providerSid: 'SMorder' });
    await postSigned(t, path, { MessageSid: 'SManother', MessageStatus: 'failed' }, token);
    expect((await readMessages(t, account.accountId)).find((item) => item.id === message.id)?.status).toBe(
      'delivered',
    );
  });

  it('notices and reminders made in the quiet hours wait until they end; welfare does not', async () => {
    const quiet = await t.call('PUT', '/api/settings/messaging', {
      token: account.adminToken,
      body: { provider: 'twilio', quiet_hours: { from: '09:00', to: '11:30' } },
    });
    expect(quiet.status).toBe(200);

    const [notice, reminder, welfare] = [
      await queue('notice', '+61491573770'),
      await queue('reminder', '+61491573770'),
      await queue('welfare', '+61491573770'),
    ];

    expect(notice).toMatchObject({ status: 'deferred', nextAttemptAt: new Date('2026-11-27T00:30:00Z') });
    expect(reminder.status).toBe('deferred');
    expect(welfare.status).toBe('queued');
    await t.call('PUT', '/api/settings/messaging', {
      token: account.adminToken,
      body: { provider: 'twilio', quiet_hours: null },
    });
  });
});

describe('a reply handler that fails', () => {
  it('rolls the reply back and answers an error, so Twilio tries again', async () => {
    const failing = await createTestApp(
      {},
      { messaging: { inboundHandlers: [vi.fn().mockRejectedValue(new Error('down'))] } },
    );
    const sim = await startTestSimulator(failing, '+61491574118');
    const own = await createMessagingAccount(failing, {
      name: 'Failing Meals',
      phones: [],
      simulator: sim,
      senderNumber: '+61491574118',
    });

    const answer = await postSigned(
      failing,
      '/api/messaging/twilio/inbound',
      { From: contact, To: '+61491574118', Body: 'OK' },
      {
        authToken: sim.state.credentials.authToken,
      },
    );

    expect(answer.status).toBe(500);
    expect(await readMessages(failing, own.accountId)).toEqual([]);
    await sim.close();
    await failing.close();
  });
});
