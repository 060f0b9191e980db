import Fastify from 'fastify';
import { describe, expect, it } from 'vitest';
import { asksForReply, registerSmsSimulator } from './sms-server';
import { createSmsSimulatorState } from './sms-state';

const inboundUrl = 'http://mealrounds.test/api/messaging/twilio/inbound';
const welfareText =
  'Hello Ann, Margaret Smith did not answer the door for their meal at 11:30 today. Please check on them and reply OK when they are safe.';

/** The mounted simulator with a demo auto-reply whose timer the test runs by hand. */
async function buildSimulator(autoReply: boolean) {
  const posted: { url: string; form: Record<string, string> }[] = [];
  const timers: { run: () => void; afterMs: number }[] = [];
  const state = createSmsSimulatorState({
    post: (url, form) => {
      posted.push({ url, form });
      return Promise.resolve(200);
    },
  });
  const app = Fastify();
  await app.register(registerSmsSimulator, {
    state,
    inboundUrl,
    productNumber: '+61491570006',
    ...(autoReply
      ? {
          autoReply: {
            afterMs: 20_000,
            body: 'OK',
            schedule: (run: () => void, afterMs: number) => timers.push({ run, afterMs }),
          },
        }
      : {}),
  });
  const { accountSid, authToken } = state.credentials;
  const send = (body: string) =>
    app.inject({
      method: 'POST',
      url: `/2010-04-01/Accounts/${accountSid}/Messages.json`,
      headers: {
        authorization: `Basic ${Buffer.from(`${accountSid}:${authToken}`).toString('base64')}`,
        'content-type': 'application/x-www-form-urlencoded',
      },
      payload: new URLSearchParams({ To: '+61491570157', From: '+61491570006', Body: body }).toString(),
    });
  const inboundPosts = () => posted.filter((post) => post.url === inboundUrl);
  return { app, state, send, timers, inboundPosts };
}

describe("the demo simulator's auto-reply", () => {
  it('answers a message that asks for a reply with OK from its recipient, after the delay', async () => {
    const simulator = await buildSimulator(true);
    expect((await simulator.send(welfareText)).statusCode).toBe(201);

    expect(simulator.timers.map((timer) => timer.afterMs)).toEqual([20_000]);
    expect(simulator.inboundPosts()).toEqual([]);
    simulator.timers[0]?.run();
    await simulator.state.settled();
    await Promise.resolve();
    expect(simulator.inboundPosts()).toMatchObject([
      { form: { From: '+61491570157', To: '+61491570006', Body: 'OK' } },
    ]);
    await simulator.app.close();
  });

  it('stays silent on other messages, and when the option is off', async () => {
    const withOption = await buildSimulator(true);
    await withOption.send('Your meal is on its way, about 11:30.');
    expect(withOption.timers).toEqual([]);
    await withOption.app.close();

    const withoutOption = await buildSimulator(false);
    await withoutOption.send(welfareText);
    await withoutOption.state.settled();
    expect(withoutOption.inboundPosts()).toEqual([]);
    await withoutOption.app.close();
  });
});

describe('asksForReply', () => {
  it.each([
    [welfareText, true],
    ['Please REPLY to confirm.', true],
    ['Your meal is on its way, about 11:30.', false],
    ['This is a test message from MealRounds.', false],
    ['Replying is not needed.', false],
  ])('%s -> %s', (text, expected) => {
    expect(asksForReply(text)).toBe(expected);
  });
});
