import { and, count, eq, gt, isNull, lt, sql } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { confirmCodes, loginFailures, revokedTokens, users } from '../../db/schema/users';

export type SessionCheckRow = {
  tokenVersion: number;
  accessLevel: string;
  username: string;
  revoked: boolean;
};

export function createAuthRepository(db: Database) {
  // Runs on every authenticated call: prepared once, it skips query building and the server's parse step.
  const sessionCheck = db
    .select({
      tokenVersion: users.tokenVersion,
      accessLevel: users.accessLevel,
      username: users.username,
      revoked: sql<boolean>`exists (select 1 from ${revokedTokens} where ${revokedTokens.jti} = ${sql.placeholder('jti')})`,
    })
    .from(users)
    .where(eq(users.id, sql.placeholder('userId')))
    .prepare('auth_session_check');

  return {
    findUserByUsername(username: string) {
      return db.query.users.findFirst({ where: eq(users.username, username) });
    },

    /** Everything the per-request session check needs, in one round trip. */
    async findSessionCheck(userId: number, jti: string): Promise<SessionCheckRow | null> {
      const rows = await sessionCheck.execute({ userId, jti });
      return rows[0] ?? null;
    },

    async revokeToken(jti: string, expiresAt: Date) {
      await db.insert(revokedTokens).values({ jti, expiresAt }).onConflictDoNothing();
    },

    async deleteExpiredRevocations(now: Date) {
      await db.delete(revokedTokens).where(lt(revokedTokens.expiresAt, now));
    },

    async countRecentFailures(username: string, since: Date): Promise<number> {
      const [row] = await db
        .select({ total: count() })
        .from(loginFailures)
        .where(and(eq(loginFailures.username, username), gt(loginFailures.attemptedAt, since)));
      return row?.total ?? 0;
    },

    async recordFailure(username: string, at: Date) {
      await db.insert(loginFailures).values({ username, attemptedAt: at });
    },

    async clearFailures(username: string) {
      await db.delete(loginFailures).where(eq(loginFailures.username, username));
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
     * Sets the password, raises the token version (revoking earlier tokens) and uses up the code, all at once;
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
        return true;
      });
    },
  };
}
export type AuthRepository = ReturnType<typeof createAuthRepository>;
