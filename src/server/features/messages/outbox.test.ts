import { eq, inArray, sql } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { getRetryDelayMs } from '../../../domain/retry-backoff';
import { messages } from '../../db/schema/text-messages';
import type { RunningSmsSimulator } from '../../integrations/sms/simulator/start-sms-simulator';
import { startSmsSimulator } from '../../integrations/sms/simulator/start-sms-simulator';
import { createTestApp, type TestApp } from '../../testing/test-app';
import { messageBackoff } from './outbox-queue';
import { createMessagingAccount, publicUrl, readMessages } from '../../testing/messages-fixture';

const sender = '+61491575254';
let t: TestApp;
let simulator: RunningSmsSimulator;
let accountId: number;

beforeAll(async () => {
  // A short provider timeout, so the simulator's slow mode (2 s) is a lost answer.
  t = await createTestApp({}, { messaging: { providerTimeoutMs: 300 } });
  // Its status callbacks are lost on the way: only the read-back can tell what it took.
  simulator = await startSmsSimulator({
    inboundUrl: `${publicUrl}/api/messaging/twilio/inbound`,
    productNumber: sender,
    post: () => Promise.resolve(200),
  });
  ({ accountId } = await createMessagingAccount(t, {
    name: 'Outbox Meals',
    phones: [],
    simulator,
    senderNumber: sender,
  }));
});
beforeEach(async () => {
  simulator.state.resetFaults();
  simulator.state.clear();
  await t.db.delete(messages).where(eq(messages.accountId, accountId));
});
afterAll(async () => {
  await simulator.close();
  await t.close();
});

async function queueWelfare(count: number, channel: 'sms' | 'voice' = 'sms') {
  const rows = [];
  for (let index = 0; index < count; index += 1) {
    rows.push(
      await t.db.transaction((tx) =>
        t.messages.queueMessage(tx, {
          accountId,
          channel,
          to: `+6149157${String(index).padStart(4, '0')}`,
          body: `Please check on Client ${index + 1}.`,
          purpose: 'welfare',
        }),
      ),
    );
  }
  return rows;
}

/** As if every retry's backoff had passed. */
async function makeDue() {
  await t.db
    .update(messages)
    .set({ nextAttemptAt: sql`now() - interval '1 second'` })
    .where(inArray(messages.status, ['queued', 'deferred']));
}

const sentTo = () => simulator.state.items.map((item) => item.to).sort();

describe('the message outbox under the simulator faults', () => {
  it.each([
    ['down', { isDown: true }, 0],
    ['answering 503', { status5xx: 503 }, 0],
    ['slow (the answer lost, the messages taken)', { latencyMs: 2_000 }, 3],
  ])(
    '%s: kept, retried with backoff, and each sent exactly once',
    async (_label, faults, takenDuringFault) => {
      await queueWelfare(3);
      simulator.state.setFaults(faults);

      expect(await t.messageSender.sendDue()).toBe(0);

      const waiting = await readMessages(t, accountId);
      expect(waiting.map((row) => [row.status, row.attempts])).toEqual(Array(3).fill(['queued', 1]));
      expect(waiting.every((row) => row.error.startsWith('The messaging provider'))).toBe(true);
      expect(simulator.state.items).toHaveLength(takenDuringFault);
      // Not due again before its backoff.
      simulator.state.resetFaults();
      expect(await t.messageSender.sendDue()).toBe(0);

      await makeDue();
      expect(await t.messageSender.sendDue()).toBe(3);

      expect(sentTo()).toEqual(['+61491570000', '+61491570001', '+61491570002']);
      const sent = await readMessages(t, accountId);
      expect(sent.map((row) => [row.status, row.attempts, row.error])).toEqual(
        Array(3).fill(['sent', 2, '']),
      );
      expect(new Set(sent.map((row) => row.providerSid)).size).toBe(3);
      expect(sent.map((row) => row.providerSid).sort()).toEqual(
        simulator.state.items.map((item) => item.sid).sort(),
      );
    },
  );

  it('two app servers sending at once send each message once', async () => {
    await queueWelfare(6);
    const peer = await t.createPeer();

    const counts = await Promise.all([
      t.messageSender.sendDue(),
      peer.messageSender.sendDue(),
      t.messageSender.sendDue(),
    ]);

    expect(counts.reduce((sum, count) => sum + count, 0)).toBe(6);
    expect(simulator.state.items).toHaveLength(6);
    expect(new Set(sentTo()).size).toBe(6);
    expect(
      (await readMessages(t, accountId)).every((row) => row.status === 'sent' && row.attempts === 1),
    ).toBe(true);
    await peer.server.close();
  });

  it('calls a voice message with TwiML that says the text', async () => {
    await queueWelfare(1, 'voice');

    expect(await t.messageSender.sendDue()).toBe(1);

    expect(simulator.state.items).toMatchObject([
      { kind: 'call', body: '<Response><Say>Please check on Client 1.</Say></Response>', from: sender },
    ]);
  });

  it('gives a message up after its last attempt, kept as failed with the reason', async () => {
    const [row] = await queueWelfare(1);
    await t.db
      .update(messages)
      .set({ attempts: 9 })
      .where(eq(messages.id, row?.id ?? 0));
    simulator.state.setFaults({ status5xx: 500 });

    await t.messageSender.sendDue();

    expect(await readMessages(t, accountId)).toMatchObject([
      { status: 'failed', attempts: 10, error: 'The messaging provider could not be read back (HTTP 500).' },
    ]);
  });

  it('waits 15 seconds after the first failure, doubling to 15 minutes, for 10 attempts in all', () => {
    const delays = Array.from({ length: 11 }, (_, index) => getRetryDelayMs(messageBackoff, index)).map(
      (ms) => (ms === null ? null : ms / 1000),
    );
    expect(delays).toEqual([15, 15, 30, 60, 120, 240, 480, 900, 900, 900, null]);
  });
});
