import type { CreateUserBody, UpdateUserBody, User } from '../../../contracts/users';
import { isAdminLevel } from '../../../domain/access-level';
import { conflict, forbidden, invalidInput, notFound } from '../../http/errors';
import type { Session } from '../../http/session';
import type { Mailer, MailDelivery } from '../../integrations/mail/mailer';
import type { AuditService } from '../audit/service';
import { composeConfirmation } from '../../shared/confirm-mail';
import { normaliseUsername, type AuthService } from '../auth/service';
import type { UserRow, UsersRepository } from './repository';

function toUser(row: UserRow): User {
  return {
    id: row.id,
    username: row.username,
    access_level: row.accessLevel,
    account_id: row.accountId,
    is_confirmed: row.passwordHash !== null,
  };
}

export function createUsersService(deps: {
  repository: UsersRepository;
  auth: Pick<AuthService, 'forgetSessions'>;
  audit: AuditService;
  mailer: Pick<Mailer, 'queue' | 'deliver'>;
  publicUrl: string;
  now: () => Date;
}) {
  const { repository, audit, mailer } = deps;
  const queueMail = mailer.queue;

  function composeFor(username: string, purpose: 'register' | 'reset') {
    return composeConfirmation({ publicUrl: deps.publicUrl, username, purpose, now: deps.now() });
  }

  async function requireUser(session: Session, id: number): Promise<UserRow> {
    const row = await repository.findUser(session.accountId, id);
    if (!row) throw notFound('User');
    return row;
  }

  async function refuseLosingLastAdmin(session: Session, user: UserRow) {
    if (
      isAdminLevel(user.accessLevel) &&
      (await repository.countOtherAdmins(session.accountId, user.id)) === 0
    ) {
      throw forbidden('An account must keep at least one administrator.');
    }
  }

  return {
    async listUsers(session: Session): Promise<User[]> {
      return (await repository.listUsers(session.accountId)).map(toUser);
    },

    /**
     * Creates the user with its registration mail queued in the same transaction, then tries the mail at once;
     * a mail that could not go yet stays queued for the mail sender. The user sets a password from its link.
     */
    async createUser(session: Session, body: CreateUserBody): Promise<{ user: User; mail: MailDelivery }> {
      const username = normaliseUsername(body.username);
      const created = await repository.insertUserWithConfirmation(
        { accountId: session.accountId, username, accessLevel: body.access_level },
        composeFor(username, 'register'),
        queueMail,
      );
      if (!created) {
        throw conflict(`The username ${username} is already taken.`);
      }
      await audit.record(session, {
        action: 'user.create',
        targetType: 'user',
        targetId: created.user.id,
        detail: { username },
      });
      return { user: toUser(created.user), mail: await mailer.deliver(created.mailId) };
    },

    async updateUser(session: Session, id: number, body: UpdateUserBody): Promise<User> {
      const user = await requireUser(session, id);
      if (body.username !== undefined && normaliseUsername(body.username) !== user.username) {
        throw invalidInput('The username cannot be changed.', [
          { field: 'username', message: 'The username cannot be changed.' },
        ]);
      }
      if (!isAdminLevel(body.access_level)) await refuseLosingLastAdmin(session, user);
      const updated = await repository.updateAccessLevel(
        session.accountId,
        id,
        body.access_level,
        deps.now(),
      );
      if (!updated) throw notFound('User');
      deps.auth.forgetSessions(id);
      await audit.record(session, {
        action: 'user.update',
        targetType: 'user',
        targetId: id,
        detail: { access_level: body.access_level },
      });
      return toUser(updated);
    },

    async deleteUser(session: Session, id: number) {
      const user = await requireUser(session, id);
      if (user.id === session.userId) throw forbidden('You cannot delete your own user.');
      await refuseLosingLastAdmin(session, user);
      await repository.deleteUser(session.accountId, id);
      deps.auth.forgetSessions(id);
      await audit.record(session, {
        action: 'user.delete',
        targetType: 'user',
        targetId: id,
        detail: { username: user.username },
      });
    },

    /** Queues the reset code's mail with the code, then tries it at once (as createUser). */
    async sendPasswordReset(session: Session, id: number): Promise<{ username: string; mail: MailDelivery }> {
      const user = await requireUser(session, id);
      const mailId = await repository.insertResetConfirmation(
        user,
        composeFor(user.username, 'reset'),
        queueMail,
      );
      await audit.record(session, { action: 'user.reset_password', targetType: 'user', targetId: id });
      return { username: user.username, mail: await mailer.deliver(mailId) };
    },
  };
}
export type UsersService = ReturnType<typeof createUsersService>;
