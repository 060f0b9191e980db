import type { FastifyInstance, FastifyRequest } from 'fastify';
import { z } from 'zod';
import { maxInt4 } from '../../../contracts/common';
import type { RouteSummary } from '../../http/route';
import { parseOrThrow } from '../../http/validation';
import { emptyTwiml } from '../../integrations/sms/twilio-wire';
import type { MessagingWebhooks, TwilioRequest } from './webhooks';

export const twilioStatusPath = '/api/messaging/twilio/status';
export const twilioInboundPath = '/api/messaging/twilio/inbound';

const statusQuerySchema = z.strictObject({ message_id: z.coerce.number().int().positive().max(maxInt4) });
const formSchema = z.record(z.string(), z.string());

/**
 * Twilio's webhooks take form posts and answer TwiML, not the API's JSON envelope, so they sit in their own
 * context with a form parser. A refusal (403) still answers the envelope.
 */
export async function registerTwilioWebhooks(
  server: FastifyInstance,
  options: { webhooks: MessagingWebhooks; publicUrl: string },
): Promise<RouteSummary[]> {
  const base = options.publicUrl.replace(/\/+$/, '');
  await server.register(async (scope) => {
    scope.addContentTypeParser(
      'application/x-www-form-urlencoded',
      { parseAs: 'string' },
      (_request, body, done) => done(null, Object.fromEntries(new URLSearchParams(String(body)))),
    );
    const toTwilioRequest = (request: FastifyRequest): TwilioRequest => ({
      // Twilio signs the URL it was given: the app's public URL and the path with its query.
      url: `${base}${request.url}`,
      signature: String(request.headers['x-twilio-signature'] ?? ''),
      params: parseOrThrow(formSchema, request.body ?? {}, 'body'),
    });
    scope.post(twilioStatusPath, async (request, reply) => {
      const query = parseOrThrow(statusQuerySchema, request.query, 'query');
      await options.webhooks.recordStatus(query.message_id, toTwilioRequest(request));
      return reply.type('text/xml').send(emptyTwiml);
    });
    scope.post(twilioInboundPath, async (request, reply) => {
      await options.webhooks.receive(toTwilioRequest(request));
      return reply.type('text/xml').send(emptyTwiml);
    });
  });
  const answer = { kind: 'document', description: 'Empty TwiML (<Response></Response>) for Twilio' } as const;
  return [
    {
      method: 'POST',
      url: twilioStatusPath,
      access: 'public',
      hasBody: true,
      schemas: { query: statusQuerySchema, body: formSchema },
      summary: "Twilio's delivery status of a message (form post, X-Twilio-Signature checked)",
      answer,
    },
    {
      method: 'POST',
      url: twilioInboundPath,
      access: 'public',
      hasBody: true,
      schemas: { body: formSchema },
      summary: "An SMS to an account's sender number from Twilio (form post, X-Twilio-Signature checked)",
      answer,
    },
  ];
}
