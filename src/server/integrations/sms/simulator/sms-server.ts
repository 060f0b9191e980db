import { timingSafeEqual } from 'node:crypto';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { z } from 'zod';
import type { SimulatedItem, SmsSimulatorState } from './sms-state';

/**
 * The Twilio-compatible simulator as a Fastify plugin: Messages.json and Calls.json of the REST API 2010-04-01
 * (form-encoded, Basic auth with the Account SID and auth token, Twilio's JSON answers and errors), status callbacks
 * signed like Twilio's, and its own control routes under /_simulator (behind the same Basic auth).
 */

export type SmsSimulatorOptions = {
  state: SmsSimulatorState;
  /** Where replies go: the product's inbound webhook (its public URL + /api/messaging/twilio/inbound). */
  inboundUrl: string;
  /** The number replies are sent to: the account's sender number. */
  productNumber: string;
  /** The demo's contact who answers: off unless given (tests and the standalone simulator leave it off). */
  autoReply?: SmsAutoReply;
};

/**
 * A simulated recipient who answers a message asking for a reply ("... reply OK ..."), `afterMs` after it was
 * taken, so the demo shows a welfare check's contact answering without anyone typing. `schedule` is a timer by
 * default; tests inject one to run the reply at once.
 */
export type SmsAutoReply = {
  afterMs: number;
  body: string;
  schedule?: (run: () => void, afterMs: number) => void;
};

/** Whether a message's text asks its reader to reply (the welfare message's "reply OK"). */
export function asksForReply(text: string): boolean {
  return /\breply\b/i.test(text);
}

function scheduleWithTimer(run: () => void, afterMs: number): void {
  // unref: a pending demo reply never keeps the process from stopping.
  setTimeout(run, afterMs).unref();
}

const controlPrefix = '/_simulator/';

function sendTwilioError(reply: FastifyReply, status: number, code: number | null, message: string) {
  return reply
    .code(status)
    .type('application/json')
    .send({
      code,
      message,
      more_info: code === null ? null : `https://www.twilio.com/docs/errors/${code}`,
      status,
    });
}

function toRfc2822(date: Date): string {
  return date.toUTCString().replace('GMT', '+0000');
}

function toResource(item: SimulatedItem, accountSid: string) {
  const common = {
    sid: item.sid,
    account_sid: accountSid,
    to: item.to,
    from: item.from,
    status: item.status,
    date_created: toRfc2822(item.dateCreated),
    date_updated: toRfc2822(item.dateCreated),
    api_version: '2010-04-01',
    direction: 'outbound-api',
    price: null,
    price_unit: 'USD',
  };
  const collection = item.kind === 'message' ? 'Messages' : 'Calls';
  const uri = `/2010-04-01/Accounts/${accountSid}/${collection}/${item.sid}.json`;
  return item.kind === 'message'
    ? {
        ...common,
        body: item.body,
        num_segments: '1',
        num_media: '0',
        error_code: null,
        error_message: null,
        uri,
      }
    : { ...common, parent_call_sid: null, start_time: null, end_time: null, duration: null, uri };
}

function waitUnlessClosed(request: FastifyRequest, ms: number): Promise<void> {
  const socket = request.raw.socket;
  return new Promise((resolve) => {
    const onClose = () => {
      clearTimeout(timer);
      resolve();
    };
    const timer = setTimeout(() => {
      socket.off('close', onClose);
      resolve();
    }, ms);
    socket.once('close', onClose);
  });
}

const faultsSchema = z.strictObject({
  isDown: z.boolean().optional(),
  status5xx: z.number().int().min(500).max(599).nullable().optional(),
  latencyMs: z.number().min(0).max(120_000).optional(),
  isUndelivered: z.boolean().optional(),
});
const replySchema = z.strictObject({ from: z.string().min(1), body: z.string(), to: z.string().optional() });
const createSchema = z.object({
  To: z.string().min(1),
  From: z.string().min(1),
  StatusCallback: z.string().optional(),
});

function installAuthAndFaults(app: FastifyInstance, state: SmsSimulatorState) {
  const { accountSid, authToken } = state.credentials;
  const expected = Buffer.from(`basic ${Buffer.from(`${accountSid}:${authToken}`).toString('base64')}`);
  app.addHook('onRequest', async (request, reply) => {
    const given = Buffer.from((request.headers.authorization ?? '').replace(/^basic /i, 'basic '));
    if (given.length !== expected.length || !timingSafeEqual(given, expected)) {
      reply.header('www-authenticate', 'Basic realm="Twilio API"');
      return sendTwilioError(reply, 401, 20003, 'Authenticate');
    }
    if (request.url.includes(controlPrefix)) return;
    if (state.faults.isDown) {
      reply.hijack();
      request.raw.socket.destroy();
      return;
    }
    const status = state.faults.status5xx;
    if (status !== null) return sendTwilioError(reply, status, null, 'Service unavailable.');
  });
  // A slow provider takes the message, then answers late (or never, to a caller that gave up).
  app.addHook('onSend', async (request, _reply, payload) => {
    if (request.url.includes(controlPrefix) || state.faults.latencyMs === 0) return payload;
    await waitUnlessClosed(request, state.faults.latencyMs);
    return payload;
  });
}

function scheduleAutoReply(options: SmsSimulatorOptions, item: SimulatedItem): void {
  const { autoReply, state, inboundUrl } = options;
  if (!autoReply || item.kind !== 'message' || !asksForReply(item.body)) return;
  const schedule = autoReply.schedule ?? scheduleWithTimer;
  schedule(() => {
    // A demo reply the product could not take is lost, as a text to a server that is down would be.
    void state
      .reply(inboundUrl, { from: item.to, to: item.from, body: autoReply.body })
      .catch(() => undefined);
  }, autoReply.afterMs);
}

function registerApiRoutes(app: FastifyInstance, options: SmsSimulatorOptions) {
  const { state } = options;
  const base = '/2010-04-01/Accounts/:accountSid';
  const checkAccount = (request: FastifyRequest, reply: FastifyReply) => {
    const { accountSid } = request.params as { accountSid: string };
    if (accountSid !== state.credentials.accountSid) {
      void sendTwilioError(reply, 404, 20404, 'The requested resource was not found');
      return false;
    }
    return true;
  };
  for (const kind of ['message', 'call'] as const) {
    const path = `${base}/${kind === 'message' ? 'Messages' : 'Calls'}.json`;
    app.post(path, async (request, reply) => {
      if (!checkAccount(request, reply)) return reply;
      const form = createSchema.safeParse(request.body);
      const content = (request.body as Record<string, string> | null)?.[
        kind === 'message' ? 'Body' : 'Twiml'
      ];
      if (!form.success)
        return sendTwilioError(reply, 400, 21604, "A 'To' and a 'From' phone number are required.");
      if (!content)
        return sendTwilioError(
          reply,
          400,
          21602,
          `${kind === 'message' ? 'Message body' : 'Twiml'} is required.`,
        );
      const item = state.accept({
        kind,
        to: form.data.To,
        from: form.data.From,
        body: content,
        statusCallback: form.data.StatusCallback ?? '',
      });
      scheduleAutoReply(options, item);
      return reply.code(201).send(toResource(item, state.credentials.accountSid));
    });
    app.get(path, async (request, reply) => {
      if (!checkAccount(request, reply)) return reply;
      const query = request.query as Record<string, string | undefined>;
      const found = state.items
        .filter((item) => item.kind === kind)
        .filter((item) => (!query.To || item.to === query.To) && (!query.From || item.from === query.From))
        .reverse()
        .slice(0, Number(query.PageSize) || 50)
        .map((item) => toResource(item, state.credentials.accountSid));
      return {
        [kind === 'message' ? 'messages' : 'calls']: found,
        page: 0,
        page_size: found.length,
        next_page_uri: null,
      };
    });
  }
}

function registerControlRoutes(app: FastifyInstance, options: SmsSimulatorOptions) {
  const { state } = options;
  app.get(`${controlPrefix}messages`, async () => ({
    messages: state.items
      .filter((item) => item.kind === 'message')
      .map((item) => toResource(item, state.credentials.accountSid)),
    calls: state.items
      .filter((item) => item.kind === 'call')
      .map((item) => toResource(item, state.credentials.accountSid)),
  }));
  app.put(`${controlPrefix}faults`, async (request, reply) => {
    const parsed = faultsSchema.safeParse(request.body);
    if (!parsed.success)
      return sendTwilioError(reply, 400, null, parsed.error.issues[0]?.message ?? 'Invalid faults.');
    state.setFaults(
      Object.fromEntries(Object.entries(parsed.data).filter(([, value]) => value !== undefined)),
    );
    return state.faults;
  });
  app.delete(`${controlPrefix}faults`, async () => {
    state.resetFaults();
    return state.faults;
  });
  app.post(`${controlPrefix}reply`, async (request, reply) => {
    const parsed = replySchema.safeParse(request.body);
    if (!parsed.success) return sendTwilioError(reply, 400, null, 'Send {from, body}.');
    const status = await state.reply(options.inboundUrl, {
      from: parsed.data.from,
      to: parsed.data.to ?? options.productNumber,
      body: parsed.data.body,
    });
    return { status };
  });
}

export async function registerSmsSimulator(
  app: FastifyInstance,
  options: SmsSimulatorOptions,
): Promise<void> {
  app.addContentTypeParser(
    'application/x-www-form-urlencoded',
    { parseAs: 'string' },
    (_request, body, done) => done(null, Object.fromEntries(new URLSearchParams(String(body)))),
  );
  app.setNotFoundHandler((_request, reply) =>
    sendTwilioError(reply, 404, 20404, 'The requested resource was not found'),
  );
  installAuthAndFaults(app, options.state);
  registerApiRoutes(app, options);
  registerControlRoutes(app, options);
}
