import { and, asc, count, eq, like, ne, TransactionRollbackError } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { accounts } from '../../db/schema/accounts';
import { confirmCodes, users } from '../../db/schema/users';
import type { Mail } from '../../integrations/mail/mailer';
import type { Confirmation } from '../../shared/confirm-mail';

export type UserRow = typeof users.$inferSelect;
export type NewUser = { accountId: number; username: string; accessLevel: UserRow['accessLevel'] };
/** Queues a mail on the transaction given (the mailer's `queue`): the mail commits with the change or not at all. */
export type QueueMail = (tx: Database, mail: Mail) => Promise<number>;

/** The confirmation code and its mail, on the caller's transaction; answers the mail's outbox id. */
async function insertConfirmation(
  tx: Database,
  user: { id: number; accountId: number },
  confirmation: Confirmation,
  queueMail: QueueMail,
): Promise<number> {
  await tx.insert(confirmCodes).values({
    accountId: user.accountId,
    userId: user.id,
    codeHash: confirmation.codeHash,
    purpose: confirmation.purpose,
    expiresAt: confirmation.expiresAt,
  });
  return queueMail(tx, confirmation.mail);
}

async function insertUserOrNull(db: Database, values: NewUser): Promise<UserRow | null> {
  const rows = await db
    .insert(users)
    .values(values)
    .onConflictDoNothing({ target: users.username })
    .returning();
  return rows[0] ?? null;
}

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

    /**
     * Inserts the user with its confirmation code and mail in one transaction; answers null when the username is
     * taken (in any account).
     */
    insertUserWithConfirmation(values: NewUser, confirmation: Confirmation, queueMail: QueueMail) {
      return db.transaction(async (tx) => {
        const user = await insertUserOrNull(tx, values);
        if (!user) return null;
        return { user, mailId: await insertConfirmation(tx, user, confirmation, queueMail) };
      });
    },

    /** A new account with its first admin, the admin's code and mail, in one transaction; null when taken. */
    insertAccountWithAdmin(
      account: { name: string; sourceSystem: string },
      username: string,
      confirmation: Confirmation,
      queueMail: QueueMail,
    ) {
      return db
        .transaction(async (tx) => {
          const [created] = await tx.insert(accounts).values(account).returning();
          if (!created) throw new Error('The account was not created.');
          const user = await insertUserOrNull(tx, { accountId: created.id, username, accessLevel: 'admin' });
          // A taken username leaves no account behind.
          if (!user) return tx.rollback();
          return { user, mailId: await insertConfirmation(tx, user, confirmation, queueMail) };
        })
        .catch((error: unknown) => {
          if (error instanceof TransactionRollbackError) return null;
          throw error;
        });
    },

    /** A password reset code and its mail, in one transaction. */
    insertResetConfirmation(
      user: { id: number; accountId: number },
      confirmation: Confirmation,
      queueMail: QueueMail,
    ) {
      return db.transaction((tx) => insertConfirmation(tx, user, confirmation, queueMail));
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
