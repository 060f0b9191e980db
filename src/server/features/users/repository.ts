import { and, asc, count, eq, like, ne } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { users } from '../../db/schema/users';

export type UserRow = typeof users.$inferSelect;

export function createUsersRepository(db: Database) {
  return {
    listUsers(accountId: number) {
      return db.query.users.findMany({
        where: eq(users.accountId, accountId),
        orderBy: [asc(users.username)],
      });
    },

    findUser(accountId: number, id: number) {
      return db.query.users.findFirst({ where: and(eq(users.accountId, accountId), eq(users.id, id)) });
    },

    /** Inserts the user; answers null when the username is taken (in any account). */
    async insertUser(values: { accountId: number; username: string; accessLevel: UserRow['accessLevel'] }) {
      const rows = await db
        .insert(users)
        .values(values)
        .onConflictDoNothing({ target: users.username })
        .returning();
      return rows[0] ?? null;
    },

    async updateAccessLevel(accountId: number, id: number, accessLevel: UserRow['accessLevel'], now: Date) {
      const rows = await db
        .update(users)
        .set({ accessLevel, updatedAt: now })
        .where(and(eq(users.accountId, accountId), eq(users.id, id)))
        .returning();
      return rows[0] ?? null;
    },

    async deleteUser(accountId: number, id: number) {
      await db.delete(users).where(and(eq(users.accountId, accountId), eq(users.id, id)));
    },

    async countOtherAdmins(accountId: number, exceptUserId: number): Promise<number> {
      const [row] = await db
        .select({ total: count() })
        .from(users)
        .where(
          and(eq(users.accountId, accountId), ne(users.id, exceptUserId), like(users.accessLevel, '%admin%')),
        );
      return row?.total ?? 0;
    },
  };
}
export type UsersRepository = ReturnType<typeof createUsersRepository>;
