import type { Transaction } from '../../db/transaction';

/**
 * The ports other features plug into messages at wiring (app.ts): who a message goes to, and who hears replies.
 */

/** A person a user may message: their phone as stored (any format; read in the account's region) and client. */
export type Recipient = { name: string; phone: string; clientId: number | null };

/** Finds the account's person by id, or null when the account has none with it (answered as not found). */
export type RecipientResolver = (accountId: number, id: number) => Promise<Recipient | null>;

export type RecipientKind = 'client' | 'contact' | 'driver';

/** One resolver per kind of person; a kind without one answers 404 until its feature adds it. */
export type RecipientResolvers = Partial<Record<RecipientKind, RecipientResolver>>;

export type InboundReply = { accountId: number; from: string; body: string; receivedAt: Date };

/**
 * Hears every incoming SMS that is not STOP or START, in the transaction that records it (e.g. the welfare check
 * records a contact's "OK" as an answered attempt). A handler that throws rolls the reply back: Twilio is answered
 * 500 and tries again.
 */
export type InboundReplyHandler = (tx: Transaction, reply: InboundReply) => Promise<void>;
