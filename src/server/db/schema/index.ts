// The one place drizzle-kit and the database client read the whole schema from.
export * from './accounts';
export * from './users';
export * from './messages';
export * from './clients';
export * from './meals';
export * from './print';
export * from './travel-cache';
export * from './route-automation';
export * from './sessions';
export * from './source-writes';
export * from './demo-seed';
export * from './round-visit-refreshes';
export * from './driver';
export * from './holds';
export * from './day-plans';
export * from './drivers';
export * from './volunteer';
