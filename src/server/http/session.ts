import type { AccessLevel } from '../../domain/access-level';

/** The logged-in user a request acts for, checked against the database on every call. */
export type Session = {
  userId: number;
  accountId: number;
  username: string;
  accessLevel: AccessLevel;
  /** The login session (logout ends it with every token renewed from it). */
  sessionId: string;
  /** The login session's absolute end: no renewal reaches past it. */
  expiresAt: Date;
  tokenVersion: number;
};
