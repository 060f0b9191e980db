import { computeTwilioSignature } from '../../../../domain/twilio-signature';

/**
 * What the Twilio-compatible simulator holds: the messages and calls it was asked to send, its fault modes, and the
 * status callbacks it still has to post. Callbacks go out one after another after each answer; `settled` lets a
 * test wait for them instead of sleeping.
 */

export type SimulatorCredentials = { accountSid: string; authToken: string };

/** The demo account's Account SID and auth token (public, like the demo logins). */
export const demoSmsCredentials: SimulatorCredentials = {
  accountSid: 'AC00000000000000000000000000000de0',
  authToken: 'demo-auth-token',
};

export type SmsFaults = {
  /** Every connection is dropped before an answer. */
  isDown: boolean;
  /** Every create and list is answered with this status (500..599), or null. */
  status5xx: number | null;
  /** Delay before each answer; the message is taken first, as a slow provider does. */
  latencyMs: number;
  /** Messages end 'undelivered' (calls 'no-answer') instead of delivered. */
  isUndelivered: boolean;
};

export type SimulatedItem = {
  kind: 'message' | 'call';
  sid: string;
  to: string;
  from: string;
  /** The text of a message, the TwiML of a call. */
  body: string;
  status: string;
  statusCallback: string;
  dateCreated: Date;
};

/** Posts one signed form to the product (fetch by default; tests inject into the app instead). */
export type CallbackPoster = (
  url: string,
  form: Record<string, string>,
  signature: string,
) => Promise<number>;

const noFaults: SmsFaults = { isDown: false, status5xx: null, latencyMs: 0, isUndelivered: false };

export const postWithFetch: CallbackPoster = async (url, form, signature) => {
  const response = await fetch(url, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded', 'x-twilio-signature': signature },
    body: new URLSearchParams(form).toString(),
    signal: AbortSignal.timeout(10_000),
  });
  await response.arrayBuffer();
  return response.status;
};

export function createSmsSimulatorState(
  options: {
    credentials?: SimulatorCredentials;
    post?: CallbackPoster;
    now?: () => Date;
    log?: (message: string) => void;
  } = {},
) {
  const credentials = options.credentials ?? demoSmsCredentials;
  const post = options.post ?? postWithFetch;
  const now = options.now ?? (() => new Date());
  const items: SimulatedItem[] = [];
  let faults: SmsFaults = { ...noFaults };
  let counter = 0;
  let pending: Promise<void> = Promise.resolve();

  function signAndPost(url: string, form: Record<string, string>) {
    return post(url, form, computeTwilioSignature(credentials.authToken, url, form));
  }

  function queueCallbacks(item: SimulatedItem) {
    const endStatus =
      item.kind === 'message'
        ? faults.isUndelivered
          ? 'undelivered'
          : 'delivered'
        : faults.isUndelivered
          ? 'no-answer'
          : 'completed';
    const steps = item.kind === 'message' ? ['queued', 'sent', endStatus] : [endStatus];
    pending = pending.then(async () => {
      for (const status of steps) {
        item.status = status;
        const form: Record<string, string> =
          item.kind === 'message'
            ? { MessageSid: item.sid, SmsSid: item.sid, MessageStatus: status, SmsStatus: status }
            : { CallSid: item.sid, CallStatus: status };
        Object.assign(form, {
          AccountSid: credentials.accountSid,
          From: item.from,
          To: item.to,
          ApiVersion: '2010-04-01',
          ...(status === 'undelivered' ? { ErrorCode: '30003' } : {}),
        });
        if (!item.statusCallback) continue;
        await signAndPost(item.statusCallback, form).catch((error: unknown) =>
          options.log?.(`status callback to ${item.statusCallback} failed: ${String(error)}`),
        );
      }
    });
  }

  return {
    credentials,
    items,
    get faults(): Readonly<SmsFaults> {
      return faults;
    },
    setFaults(partial: Partial<SmsFaults>) {
      faults = { ...faults, ...partial };
    },
    resetFaults() {
      faults = { ...noFaults };
    },
    /** Takes a message or call as Twilio does: answered 'queued', then its statuses posted back. */
    accept(input: Omit<SimulatedItem, 'sid' | 'status' | 'dateCreated'>): SimulatedItem {
      counter += 1;
      const prefix = input.kind === 'message' ? 'SM' : 'CA';
      const item: SimulatedItem = {
        ...input,
        sid: `${prefix}${counter.toString(16).padStart(32, '0')}`,
        status: 'queued',
        dateCreated: now(),
      };
      items.push(item);
      if (items.length > 10_000) items.splice(0, items.length - 10_000);
      queueCallbacks(item);
      return item;
    },
    /** An incoming SMS from `from` to `to`, posted signed to the product's inbound URL; answers its HTTP status. */
    async reply(inboundUrl: string, message: { from: string; to: string; body: string }) {
      counter += 1;
      const sid = `SM${counter.toString(16).padStart(32, 'f')}`;
      return signAndPost(inboundUrl, {
        MessageSid: sid,
        SmsSid: sid,
        AccountSid: credentials.accountSid,
        From: message.from,
        To: message.to,
        Body: message.body,
        NumMedia: '0',
        ApiVersion: '2010-04-01',
      });
    },
    /** Resolves once every status callback queued so far has been posted. */
    settled(): Promise<void> {
      return pending;
    },
    clear() {
      items.length = 0;
    },
  };
}

export type SmsSimulatorState = ReturnType<typeof createSmsSimulatorState>;
