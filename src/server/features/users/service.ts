import type { CreateUserBody, UpdateUserBody, User } from '../../../contracts/users';
import { isAdminLevel } from '../../../domain/access-level';
import { conflict, forbidden, invalidInput, notFound } from '../../http/errors';
import type { Session } from '../../http/session';
import type { AuditService } from '../audit/service';
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
  auth: Pick<AuthService, 'sendConfirmLink' | 'forgetSessions'>;
  audit: AuditService;
  now: () => Date;
}) {
  const { repository, audit } = deps;

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

    /** Creates the user and mails the registration link; the user sets a password from it. */
    async createUser(session: Session, body: CreateUserBody): Promise<User> {
      const username = normaliseUsername(body.username);
      const row = await repository.insertUser({
        accountId: session.accountId,
        username,
        accessLevel: body.access_level,
      });
      if (!row) {
        throw conflict(`The username ${username} is already taken.`);
      }
      await audit.record(session, {
        action: 'user.create',
        targetType: 'user',
        targetId: row.id,
        detail: { username },
      });
      await deps.auth.sendConfirmLink(row, 'register');
      return toUser(row);
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

    async sendPasswordReset(session: Session, id: number): Promise<{ username: string }> {
      const user = await requireUser(session, id);
      await deps.auth.sendConfirmLink(user, 'reset');
      await audit.record(session, { action: 'user.reset_password', targetType: 'user', targetId: id });
      return { username: user.username };
    },
  };
}
export type UsersService = ReturnType<typeof createUsersService>;
