import type { z } from 'zod';
import type { OutboundFetch } from '../network/guarded-fetch';
import type { MessagingProvider, OutgoingMessage, SendOutcome, SentQuery } from './messaging-provider';
import {
  toSayTwiml,
  twilioCallListSchema,
  twilioCallSchema,
  twilioErrorSchema,
  twilioMessageListSchema,
  twilioMessageSchema,
} from './twilio-wire';

export type TwilioConnection = { apiUrl: string; accountSid: string; authToken: string };

/** Twilio answers in well under a second; a provider silent for this long counts as an unknown outcome. */
const defaultTimeoutMs = 10_000;

/** Errors raised before a request could reach the provider: nothing was sent, so trying again is safe. */
const notSentCodes = new Set(['ECONNREFUSED', 'ENOTFOUND', 'EAI_AGAIN', 'EHOSTUNREACH', 'ENETUNREACH']);

function describeError(error: unknown): { reason: string; isNotSent: boolean } {
  const cause = error instanceof Error && error.cause instanceof Error ? error.cause : error;
  const code = typeof cause === 'object' && cause !== null && 'code' in cause ? String(cause.code) : '';
  const message = cause instanceof Error ? cause.message : String(cause);
  if (error instanceof Error && (error.name === 'TimeoutError' || error.name === 'AbortError')) {
    return { reason: 'The messaging provider did not answer in time.', isNotSent: false };
  }
  return {
    reason: `The messaging provider could not be reached (${code || message}).`,
    isNotSent: notSentCodes.has(code) || code === 'PRIVATE_ADDRESS_REFUSED',
  };
}

function readJson(text: string): unknown {
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return null;
  }
}

/**
 * Twilio's REST API over a guarded fetch: form-encoded POSTs to Messages.json and Calls.json with Basic auth, and
 * the lists of both for a read-back. The base URL is the account's (Twilio's own, or the simulator's).
 */
export function createTwilioProvider(
  connection: TwilioConnection,
  options: { fetch: OutboundFetch; timeoutMs?: number },
): MessagingProvider {
  const base = `${connection.apiUrl.replace(/\/+$/, '')}/2010-04-01/Accounts/${encodeURIComponent(connection.accountSid)}`;
  const authorization = `Basic ${Buffer.from(`${connection.accountSid}:${connection.authToken}`).toString('base64')}`;
  const timeoutMs = options.timeoutMs ?? defaultTimeoutMs;

  function request(method: 'GET' | 'POST', url: URL, form?: URLSearchParams) {
    return options.fetch(url, {
      method,
      headers: {
        authorization,
        accept: 'application/json',
        ...(form ? { 'content-type': 'application/x-www-form-urlencoded' } : {}),
      },
      ...(form ? { body: form.toString() } : {}),
      signal: AbortSignal.timeout(timeoutMs),
      redirect: 'manual',
    });
  }

  async function send(message: OutgoingMessage): Promise<SendOutcome> {
    const isVoice = message.channel === 'voice';
    const form = new URLSearchParams({ To: message.to, From: message.from });
    if (isVoice) form.set('Twiml', toSayTwiml(message.body));
    else form.set('Body', message.body);
    form.set('StatusCallback', message.statusCallbackUrl);
    let answer: { status: number; text: string };
    try {
      const response = await request('POST', new URL(`${base}/${isVoice ? 'Calls' : 'Messages'}.json`), form);
      answer = { status: response.status, text: await response.text() };
    } catch (error) {
      const { reason, isNotSent } = describeError(error);
      return { kind: isNotSent ? 'unavailable' : 'unknown', reason };
    }
    const json = readJson(answer.text);
    if (answer.status >= 200 && answer.status < 300) {
      const created = (isVoice ? twilioCallSchema : twilioMessageSchema).safeParse(json);
      if (created.success) return { kind: 'accepted', sid: created.data.sid };
      return { kind: 'unknown', reason: 'The messaging provider answered in an unexpected form.' };
    }
    const error = twilioErrorSchema.safeParse(json);
    const detail = error.success ? error.data.message : `HTTP ${answer.status}`;
    if (answer.status >= 500 || answer.status === 429) {
      return { kind: 'unavailable', reason: `The messaging provider is unavailable: ${detail}` };
    }
    return { kind: 'refused', reason: `The messaging provider refused the message: ${detail}` };
  }

  async function readList<T>(path: string, query: Record<string, string>, schema: z.ZodType<T>): Promise<T> {
    const url = new URL(`${base}/${path}`);
    for (const [name, value] of Object.entries(query)) url.searchParams.set(name, value);
    const response = await request('GET', url);
    const text = await response.text();
    if (response.status !== 200) throw new Error(`HTTP ${response.status}`);
    return schema.parse(readJson(text));
  }

  async function findSent(query: SentQuery): Promise<string[]> {
    const since = query.since.getTime() - 60_000;
    const isRecent = (dateCreated: string | null) => dateCreated !== null && Date.parse(dateCreated) >= since;
    // Newest first: a page of the number's latest ones reaches back far enough (a date filter would miss the
    // ones still queued, which have no date sent yet).
    const filter = { To: query.to, From: query.from, PageSize: '100' };
    if (query.channel === 'voice') {
      const list = await readList('Calls.json', filter, twilioCallListSchema);
      return list.calls.filter((call) => isRecent(call.date_created)).map((call) => call.sid);
    }
    const list = await readList('Messages.json', filter, twilioMessageListSchema);
    return list.messages
      .filter((sent) => sent.body === query.body && isRecent(sent.date_created))
      .map((sent) => sent.sid);
  }

  return { send, findSent };
}
