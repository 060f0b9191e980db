/**
 * The contract's limits, as plain numbers: importing them from src/contracts/driver.ts would bring zod (its schemas
 * are built when the module loads) into the phone's first load. driver-limits.test.ts keeps them equal.
 */
export const noteMaxLength = 1000;
export const photoMaxBytes = 1_500_000;
export const photosPerRequest = 8;
export const outcomesPerRequest = 200;
