import type { Transaction } from '../../../db/transaction';

/** One text message to a driver, queued in the caller's transaction (so it goes with its change or not at all). */
export type DriverText = { accountId: number; to: string; body: string; driverId: number };

/**
 * How the roster texts a driver: the messaging module's SMS queue once it is configured. `null` when texting is
 * not configured: the reminder or link then goes by mail only.
 */
export type DriverTextPort = {
  queueSms(tx: Transaction, text: DriverText): Promise<{ messageId: number } | null>;
};
