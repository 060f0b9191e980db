import { openDB, type DBSchema, type IDBPDatabase } from 'idb';
import type { DriverOutcomeKind, DriverRun } from '../../../../contracts/driver';

/** The run as last fetched, kept so the page opens without a network. */
export type CachedRun = { token: string; run: DriverRun; saved_at: string };

/**
 * An outcome recorded on the phone and not yet accepted by the server. `id` is made once, when the driver taps,
 * and kept through every retry, so the server records it once however often it arrives.
 */
export type QueuedOutcome = {
  id: string;
  token: string;
  visit_id: number;
  outcome: DriverOutcomeKind;
  note: string;
  recorded_at: string;
  /** A compressed JPEG as a data URL. */
  photo?: string;
  /** The server's reason when it refused this outcome (it is then no longer sent), else null. */
  refused_message: string | null;
};

type DriverDbSchema = DBSchema & {
  runs: { key: string; value: CachedRun };
  outbox: { key: string; value: QueuedOutcome; indexes: { 'by-token': string } };
};

export type DriverDb = IDBPDatabase<DriverDbSchema>;

export const driverDbName = 'mealrounds-driver';

export function openDriverDb(name: string = driverDbName): Promise<DriverDb> {
  return openDB<DriverDbSchema>(name, 1, {
    upgrade(db) {
      db.createObjectStore('runs', { keyPath: 'token' });
      db.createObjectStore('outbox', { keyPath: 'id' }).createIndex('by-token', 'token');
    },
  });
}
