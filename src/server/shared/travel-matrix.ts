/**
 * Travel between the places of a day, as the travel feature answers it and the route models (the rounds' order,
 * the day planner, the volunteer hours) read it.
 */

/** Travel between every pair of addresses: row-major n x n, the diagonal zero. */
export type TravelMatrix = { size: number; kms: number[]; mins: number[] };

/** What answers a matrix over an account's addresses (the travel service, through its cache). */
export type MatrixSource = {
  getMatrix(accountId: number, addresses: string[]): Promise<TravelMatrix>;
};

/** Addresses differ only by case or spacing more often than by anything else: both are ignored. */
export function normaliseAddress(address: string): string {
  return address.trim().replace(/\s+/g, ' ').toLowerCase();
}
