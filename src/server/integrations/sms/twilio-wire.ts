import { z } from 'zod';

/**
 * The parts of Twilio's REST API 2010-04-01 the product reads (twilio_api_v2010.json): the Message and Call
 * resources as created and listed, and the error answer. Fields the product does not use are let through.
 */
export const twilioMessageSchema = z.object({
  sid: z.string().min(1),
  status: z.string(),
  to: z.string().nullable(),
  from: z.string().nullable(),
  body: z.string().nullable(),
  /** RFC 2822, e.g. "Fri, 27 Nov 2026 09:00:00 +0000". */
  date_created: z.string().nullable(),
});

export const twilioCallSchema = z.object({
  sid: z.string().min(1),
  status: z.string(),
  to: z.string().nullable(),
  from: z.string().nullable(),
  date_created: z.string().nullable(),
});

export const twilioMessageListSchema = z.object({ messages: z.array(twilioMessageSchema) });
export const twilioCallListSchema = z.object({ calls: z.array(twilioCallSchema) });

export const twilioErrorSchema = z.object({
  code: z.number().nullable().optional(),
  message: z.string(),
  status: z.number().optional(),
});

/** Message statuses of a status callback (MessageStatus) and call statuses (CallStatus), as the product keeps them. */
export function toDeliveryStatus(
  providerStatus: string,
): 'sent' | 'delivered' | 'undelivered' | 'failed' | null {
  switch (providerStatus) {
    case 'sent':
    case 'ringing':
    case 'in-progress':
      return 'sent';
    case 'delivered':
    case 'read':
    case 'completed':
      return 'delivered';
    case 'undelivered':
    case 'busy':
    case 'no-answer':
    case 'canceled':
      return 'undelivered';
    case 'failed':
      return 'failed';
    default:
      // queued, accepted, sending, initiated ...: nothing new to record.
      return null;
  }
}

/** The TwiML of a voice message: the text read out once. */
export function toSayTwiml(text: string): string {
  const escaped = text
    .replace(/&/g, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;')
    .replace(/"/g, '&quot;')
    .replace(/'/g, '&apos;');
  return `<Response><Say>${escaped}</Say></Response>`;
}

/** What the product answers Twilio's webhooks: nothing to do. */
export const emptyTwiml = '<?xml version="1.0" encoding="UTF-8"?><Response></Response>';
