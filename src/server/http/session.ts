import type { AccessLevel } from '../../domain/access-level';

/** The logged-in user a request acts for, checked against the database on every call. */
export type Session = {
  userId: number;
  accountId: number;
  username: string;
  accessLevel: AccessLevel;
  jti: string;
  expiresAt: Date;
  tokenVersion: number;
};
