import { randomUUID } from 'node:crypto';

/**
 * The source id of a client kept in MealRounds (an account without a CRM). It plays the CRM id's part (stable,
 * unique in the account, the key of preferred delivery orders) and can never equal an AlayaCare id, which is a number.
 */
export function newLocalClientSourceId(): string {
  return `local-${randomUUID()}`;
}
