import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { isValidTwilioSignature } from '../../../../domain/twilio-signature';
import { startSmsSimulator, type RunningSmsSimulator } from './start-sms-simulator';

const inboundUrl = 'http://mealrounds.test/api/messaging/twilio/inbound';
const posted: { url: string; form: Record<string, string>; signature: string }[] = [];
let simulator: RunningSmsSimulator;
let auth: string;

beforeAll(async () => {
  simulator = await startSmsSimulator({
    inboundUrl,
    productNumber: '+61491570006',
    post: (url, form, signature) => {
      posted.push({ url, form, signature });
      return Promise.resolve(200);
    },
  });
  const { accountSid, authToken } = simulator.state.credentials;
  auth = `Basic ${Buffer.from(`${accountSid}:${authToken}`).toString('base64')}`;
});
beforeEach(() => {
  posted.length = 0;
  simulator.state.clear();
  simulator.state.resetFaults();
});
afterAll(async () => simulator.close());

function createMessage(authorization: string, accountSid = simulator.state.credentials.accountSid) {
  return fetch(`${simulator.url}/2010-04-01/Accounts/${accountSid}/Messages.json`, {
    method: 'POST',
    headers: { authorization, 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({
      To: '+61491570157',
      From: '+61491570006',
      Body: 'Hello',
      StatusCallback: 'http://mealrounds.test/api/messaging/twilio/status?message_id=7',
    }).toString(),
  });
}

describe('the Twilio simulator', () => {
  it("takes a message as Twilio does and posts its statuses, signed with the account's token", async () => {
    const response = await createMessage(auth);

    expect(response.status).toBe(201);
    expect(await response.json()).toMatchObject({
      sid: expect.stringMatching(/^SM[0-9a-f]{32}$/),
      status: 'queued',
    });
    await simulator.state.settled();
    expect(posted.map((post) => post.form.MessageStatus)).toEqual(['queued', 'sent', 'delivered']);
    const { authToken } = simulator.state.credentials;
    expect(
      posted.every((post) => isValidTwilioSignature(post.signature, authToken, post.url, post.form)),
    ).toBe(true);
  });

  it('refuses wrong credentials (401) and another account (404), taking nothing', async () => {
    expect((await createMessage('Basic d3Jvbmc6d3Jvbmc=')).status).toBe(401);
    expect((await createMessage(auth, 'AC-other')).status).toBe(404);
    expect(simulator.state.items).toEqual([]);
  });

  it('ends a message undelivered in that fault mode, and answers 503 in the 5xx mode', async () => {
    await fetch(`${simulator.url}/_simulator/faults`, {
      method: 'PUT',
      headers: { authorization: auth, 'content-type': 'application/json' },
      body: JSON.stringify({ isUndelivered: true }),
    });
    await createMessage(auth);
    await simulator.state.settled();
    expect(posted.at(-1)?.form).toMatchObject({ MessageStatus: 'undelivered', ErrorCode: '30003' });

    simulator.state.setFaults({ status5xx: 503 });
    expect((await createMessage(auth)).status).toBe(503);
    expect(simulator.state.items).toHaveLength(1);
  });

  it('sends a reply to the product, signed, to its sender number', async () => {
    const response = await fetch(`${simulator.url}/_simulator/reply`, {
      method: 'POST',
      headers: { authorization: auth, 'content-type': 'application/json' },
      body: JSON.stringify({ from: '+61491570157', body: 'OK' }),
    });

    expect(await response.json()).toEqual({ status: 200 });
    expect(posted).toMatchObject([
      { url: inboundUrl, form: { From: '+61491570157', To: '+61491570006', Body: 'OK' } },
    ]);
  });
});
