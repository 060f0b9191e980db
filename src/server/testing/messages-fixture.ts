import { eq } from 'drizzle-orm';
import { computeTwilioSignature } from '../../domain/twilio-signature';
import { rounds } from '../db/schema/accounts';
import { clients } from '../db/schema/clients';
import { messages } from '../db/schema/text-messages';
import {
  startSmsSimulator,
  type RunningSmsSimulator,
} from '../integrations/sms/simulator/start-sms-simulator';
import type { CallbackPoster } from '../integrations/sms/simulator/sms-state';
import type { TestApp } from './test-app';

export const publicUrl = 'http://mealrounds.test';

/** Posts a form to the app as Twilio would, signed with `authToken` (or with the signature given). */
export async function postSigned(
  t: Pick<TestApp, 'server'>,
  path: string,
  form: Record<string, string>,
  signature: { authToken: string } | { signature: string },
) {
  const value =
    'signature' in signature
      ? signature.signature
      : computeTwilioSignature(signature.authToken, `${publicUrl}${path}`, form);
  const response = await t.server.inject({
    method: 'POST',
    url: path,
    headers: {
      'content-type': 'application/x-www-form-urlencoded; charset=utf-8',
      'x-twilio-signature': value,
    },
    payload: new URLSearchParams(form).toString(),
  });
  return { status: response.statusCode, text: response.body, type: String(response.headers['content-type']) };
}

/** The simulator's callbacks go into the test app (which listens on no port), as the real ones would reach it. */
export function postInto(t: Pick<TestApp, 'server'>): CallbackPoster {
  return async (url, form, signature) => {
    const { pathname, search } = new URL(url);
    const response = await t.server.inject({
      method: 'POST',
      url: `${pathname}${search}`,
      headers: { 'content-type': 'application/x-www-form-urlencoded', 'x-twilio-signature': signature },
      payload: new URLSearchParams(form).toString(),
    });
    return response.statusCode;
  };
}

export function startTestSimulator(
  t: Pick<TestApp, 'server'>,
  productNumber: string,
): Promise<RunningSmsSimulator> {
  return startSmsSimulator({
    inboundUrl: `${publicUrl}/api/messaging/twilio/inbound`,
    productNumber,
    post: postInto(t),
  });
}

/**
 * An account in Sydney with an admin and a user, clients with the given phones, and (when a simulator is given) its
 * messages going to that simulator from `senderNumber`.
 */
export async function createMessagingAccount(
  t: TestApp,
  options: { name: string; phones: string[]; simulator?: RunningSmsSimulator; senderNumber?: string },
) {
  const { account, admin, user } = await t.createAccount(options.name);
  await t.db.insert(rounds).values({ accountId: account.id, name: 'North', timezone: 'Australia/Sydney' });
  const clientRows = options.phones.length
    ? await t.db
        .insert(clients)
        .values(
          options.phones.map((phone, index) => ({
            accountId: account.id,
            sourceId: `${account.id}-${index}`,
            name: `Client ${index + 1}`,
            phone,
          })),
        )
        .returning()
    : [];
  const adminToken = await t.login(admin.username);
  const token = await t.login(user.username);
  if (options.simulator) {
    const { credentials } = options.simulator.state;
    const saved = await t.call('PUT', '/api/settings/messaging', {
      token: adminToken,
      body: {
        provider: 'twilio',
        api_url: options.simulator.url,
        account_sid: credentials.accountSid,
        auth_token: credentials.authToken,
        sender_number: options.senderNumber ?? '+61491570006',
      },
    });
    if (saved.status !== 200) throw new Error(`settings not saved: ${JSON.stringify(saved.body)}`);
  }
  return { accountId: account.id, adminToken, token, clientIds: clientRows.map((row) => row.id) };
}

export function readMessages(t: TestApp, accountId: number) {
  return t.db.select().from(messages).where(eq(messages.accountId, accountId)).orderBy(messages.id);
}
