import type { Database } from '../../db/client';
import type { Transaction } from '../../db/transaction';

/** A read or a write: the caller's transaction, or the database itself for a plain read. */
export type Executor = Database | Transaction;

/** An emergency contact of a client, in the client's order; `phone` in E.164 ('' when none is known). */
export type EmergencyContact = { id: number; name: string; phone: string; relationship: string };

/** Where welfare checks read a client's emergency contacts (the contacts feature). */
export type WelfareContactsPort = {
  listEmergencyContacts(tx: Executor, accountId: number, clientId: number): Promise<EmergencyContact[]>;
};

/** One SMS or voice call the step runner asks for, queued in the runner's transaction. */
export type WelfareMessage = {
  accountId: number;
  to: string;
  body: string;
  alertId: number;
  contactId?: number;
};

/** Queued (its id in the messages outbox), or refused at once with the reason, recorded as a failed attempt. */
export type QueuedWelfareMessage = { messageId: number } | { failed: string };

/** What a welfare message to a contact is about; the account's welfare template says it in words. */
export type WelfareTextValues = {
  accountId: number;
  clientName: string;
  contactName: string;
  /** When the driver found nobody at the door (the check's clock start). */
  at: Date;
};

/** Where welfare checks send an SMS or a voice call (the messages feature's durable outbox). */
export type WelfareMessagesPort = {
  /** The account's welfare template (Settings > Messages) filled in for one contact. */
  composeWelfareText(tx: Transaction, values: WelfareTextValues): Promise<string>;
  queueSms(tx: Transaction, message: WelfareMessage): Promise<QueuedWelfareMessage>;
  queueCall(tx: Transaction, message: WelfareMessage): Promise<QueuedWelfareMessage>;
};
