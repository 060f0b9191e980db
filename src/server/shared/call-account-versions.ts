import { AsyncLocalStorage } from 'node:async_hooks';

/**
 * The account settings versions an API call has read, by account id. The session check reads the user's account
 * version in its own round trip; an account kept in memory is served to the call only when it carries that very
 * version, so a change made through another app server shows on the next call. Work outside an API call (the
 * jobs) has no record and always reads the database.
 */
const calls = new AsyncLocalStorage<Map<number, number>>();

/** Runs one API call with a record of its own. */
export function runApiCall<T>(handle: () => Promise<T>): Promise<T> {
  return calls.run(new Map(), handle);
}

/** Notes the version the call read (outside a call it is not kept). */
export function noteAccountVersion(accountId: number, settingsVersion: number): void {
  calls.getStore()?.set(accountId, settingsVersion);
}

/** The version this call read of the account, if it read one. */
export function readCallAccountVersion(accountId: number): number | undefined {
  return calls.getStore()?.get(accountId);
}
