import type { Transaction } from '../../../db/transaction';

/** One text message to a driver, queued in the caller's transaction (so it goes with its change or not at all). */
export type DriverText = {
  accountId: number;
  to: string;
  /** The text (also the mail's); a reminder's SMS says it with the account's reminder template instead. */
  body: string;
  driverId: number;
  /** A run reminder: the values of the reminder template (Settings > Messages). */
  reminder?: { driverName: string; roundName: string; date: string; link: string };
};

/**
 * How the roster texts a driver: the messaging module's SMS queue once it is configured. `null` when texting is
 * not configured: the reminder or link then goes by mail only.
 */
export type DriverTextPort = {
  queueSms(tx: Transaction, text: DriverText): Promise<{ messageId: number } | null>;
};
