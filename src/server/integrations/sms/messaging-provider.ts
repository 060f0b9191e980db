/**
 * The seam between the messages feature and whoever carries its SMS and calls: Twilio (or its simulator, which
 * speaks the same wire format) or `none` when an account has set nothing up.
 */

export type OutgoingMessage = {
  channel: 'sms' | 'voice';
  /** E.164. */
  to: string;
  /** The account's sender number, E.164. */
  from: string;
  body: string;
  /** Where the provider posts the message's delivery statuses. */
  statusCallbackUrl: string;
};

/**
 * What one attempt came to. `refused`: the provider answered no (a bad number, wrong credentials): trying again
 * will not help. `unavailable`: nothing was sent (no connection, a 5xx): try again. `unknown`: the request may have
 * been taken (a timeout or a dropped line after it went): read back before trying again.
 */
export type SendOutcome =
  | { kind: 'accepted'; sid: string }
  | { kind: 'refused'; reason: string }
  | { kind: 'unavailable'; reason: string }
  | { kind: 'unknown'; reason: string };

/** A read-back of what the provider holds: the ids of messages like this one created since `since`. */
export type SentQuery = Omit<OutgoingMessage, 'statusCallbackUrl'> & { since: Date };

export type MessagingProvider = {
  send: (message: OutgoingMessage) => Promise<SendOutcome>;
  /** Throws when the provider cannot be read (the attempt then stays unknown). */
  findSent: (query: SentQuery) => Promise<string[]>;
};

export const noProviderReason = 'No messaging provider is configured.';

/** `none`: nothing can be sent; every message fails with the reason and is kept. */
export const noMessagingProvider: MessagingProvider = {
  send: () => Promise.resolve({ kind: 'refused', reason: noProviderReason }),
  findSent: () => Promise.resolve([]),
};
