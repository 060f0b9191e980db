import { isValidEmail } from '../../../domain/validation';
import { conflict, invalidInput } from '../../http/errors';
import type { MailDelivery, Mailer } from '../../integrations/mail/mailer';
import { composeConfirmation } from '../../shared/confirm-mail';
import { normaliseUsername } from '../auth/service';
import type { UsersRepository } from './repository';

/** What create-admin's --source takes: the account's source system at creation (none: no CRM). */
export const createAdminSources = ['alayacare', 'none'] as const;

export type NewAccountWithAdmin = {
  account: string;
  username: string;
  /** Absent: not chosen yet (Settings > CMS Integration). */
  source?: string;
};

/** The first admin of a new account (npm run create-admin), on whichever process holds the database. */
export function createAdminBootstrap(deps: {
  repository: UsersRepository;
  mailer: Pick<Mailer, 'queue' | 'deliver'>;
  publicUrl: string;
  now: () => Date;
}) {
  return {
    /**
     * Creates the account and its admin with the registration mail queued in the same transaction, then tries
     * the mail at once; answers the link to set the password (the command prints it).
     */
    async createAccountWithAdmin(
      input: NewAccountWithAdmin,
    ): Promise<{ username: string; link: string; mail: MailDelivery }> {
      const accountName = input.account.trim();
      const username = normaliseUsername(input.username);
      if (!accountName) {
        throw invalidInput('--account is required.', [{ field: 'account', message: 'Required.' }]);
      }
      if (!isValidEmail(username)) {
        throw invalidInput('--username must be an email address.', [
          { field: 'username', message: 'Must be an email address.' },
        ]);
      }
      const source = input.source ?? '';
      if (source !== '' && !(createAdminSources as readonly string[]).includes(source)) {
        throw invalidInput('--source must be alayacare or none.', [
          { field: 'source', message: 'Must be alayacare or none.' },
        ]);
      }
      const confirmation = composeConfirmation({
        publicUrl: deps.publicUrl,
        username,
        purpose: 'register',
        now: deps.now(),
      });
      const created = await deps.repository.insertAccountWithAdmin(
        { name: accountName, sourceSystem: source },
        username,
        confirmation,
        deps.mailer.queue,
      );
      if (!created) throw conflict(`The username ${username} is already taken.`);
      return { username, link: confirmation.link, mail: await deps.mailer.deliver(created.mailId) };
    },
  };
}
export type AdminBootstrap = ReturnType<typeof createAdminBootstrap>;
