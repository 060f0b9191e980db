import { and, eq, isNull, lt, sql } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { accounts } from '../../db/schema/accounts';
import { loginSessions } from '../../db/schema/sessions';
import { confirmCodes, users } from '../../db/schema/users';

export type SessionCheckRow = {
  tokenVersion: number;
  /** The user's own account, which the token's account must match. */
  accountId: number;
  accessLevel: string;
  username: string;
  /** The login session's absolute end. */
  expiresAt: Date;
  /** The account's settings version, read in the same round trip (src/server/shared/call-account-versions.ts). */
  accountVersion: number;
};

export function createAuthRepository(db: Database) {
  // Runs on every authenticated call: prepared once, it skips query building and the server's parse step.
  const sessionCheck = db
    .select({
      tokenVersion: users.tokenVersion,
      accountId: users.accountId,
      accessLevel: users.accessLevel,
      username: users.username,
      expiresAt: loginSessions.expiresAt,
      accountVersion: accounts.settingsVersion,
    })
    .from(loginSessions)
    .innerJoin(users, eq(users.id, loginSessions.userId))
    .innerJoin(accounts, eq(accounts.id, users.accountId))
    .where(
      and(
        eq(loginSessions.id, sql.placeholder('sessionId')),
        eq(loginSessions.userId, sql.placeholder('userId')),
      ),
    )
    .prepare('auth_session_check');

  return {
    findUserByUsername(username: string) {
      return db.query.users.findFirst({ where: eq(users.username, username) });
    },

    /** Everything the per-request session check needs, in one round trip; null once the session has ended. */
    async findSessionCheck(userId: number, sessionId: string): Promise<SessionCheckRow | null> {
      const rows = await sessionCheck.execute({ userId, sessionId });
      return rows[0] ?? null;
    },

    /** Starts a login session, and clears away the sessions that have run out. */
    async insertLoginSession(values: typeof loginSessions.$inferInsert) {
      await db.insert(loginSessions).values(values);
      await db.delete(loginSessions).where(lt(loginSessions.expiresAt, values.createdAt));
    },

    async deleteLoginSession(sessionId: string) {
      await db.delete(loginSessions).where(eq(loginSessions.id, sessionId));
    },

    async insertConfirmCode(values: typeof confirmCodes.$inferInsert) {
      await db.insert(confirmCodes).values(values);
    },

    findUnusedConfirmCode(codeHash: string) {
      return db.query.confirmCodes.findFirst({
        where: and(eq(confirmCodes.codeHash, codeHash), isNull(confirmCodes.usedAt)),
      });
    },

    /**
     * Sets the password, raises the token version (ending every login session) and uses up the code, all at once;
     * answers false when the code was used meanwhile.
     */
    async setPasswordWithCode(input: { userId: number; codeId: number; passwordHash: string; now: Date }) {
      return db.transaction(async (tx) => {
        const used = await tx
          .update(confirmCodes)
          .set({ usedAt: input.now })
          .where(and(eq(confirmCodes.id, input.codeId), isNull(confirmCodes.usedAt)))
          .returning({ id: confirmCodes.id });
        if (used.length === 0) return false;
        await tx
          .update(users)
          .set({
            passwordHash: input.passwordHash,
            tokenVersion: sql`${users.tokenVersion} + 1`,
            updatedAt: input.now,
          })
          .where(eq(users.id, input.userId));
        // Any other outstanding codes of this user die with the password change.
        await tx
          .update(confirmCodes)
          .set({ usedAt: input.now })
          .where(and(eq(confirmCodes.userId, input.userId), isNull(confirmCodes.usedAt)));
        // The raised token version already refuses them; removing the rows keeps the table to live sessions.
        await tx.delete(loginSessions).where(eq(loginSessions.userId, input.userId));
        return true;
      });
    },
  };
}
export type AuthRepository = ReturnType<typeof createAuthRepository>;
