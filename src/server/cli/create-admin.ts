import { parseArgs } from 'node:util';
import { resolveAppSecret } from '../app-secret';
import { ConfigError, loadConfig } from '../config';
import { openDatabase } from '../db/client';
import { createAccountsRepository } from '../features/accounts/repository';
import { createAuthRepository } from '../features/auth/repository';
import { createAuthService, normaliseUsername } from '../features/auth/service';
import { createUsersRepository } from '../features/users/repository';
import { createSessionCache } from '../features/auth/session-cache';
import { createTokenService } from '../features/auth/tokens';
import { createMailer } from '../integrations/mail/create-mailer';
import { isValidEmail } from '../../domain/validation';

// The command prints the link itself; the mailer's own log lines would only repeat it.
const quietLog = {
  info: () => undefined,
  error: (_detail: object, message: string) => console.error(message),
};

const usage = 'Usage: npm run create-admin -- --account "Account name" --username admin@example.org';

/** Creates an account and its first admin on a fresh installation, and prints the link to set a password. */
async function createAdmin(): Promise<string> {
  const { values } = parseArgs({ options: { account: { type: 'string' }, username: { type: 'string' } } });
  const accountName = values.account?.trim() ?? '';
  const username = normaliseUsername(values.username ?? '');
  if (!accountName) throw new ConfigError(`--account is required. ${usage}`);
  if (!isValidEmail(username)) throw new ConfigError(`--username must be an email address. ${usage}`);

  const config = loadConfig();
  const database = await openDatabase({ databaseUrl: config.DATABASE_URL, dataDir: config.DATA_DIR });
  try {
    const authRepository = createAuthRepository(database.db);
    if (await authRepository.findUserByUsername(username)) {
      throw new ConfigError(`The username ${username} is already taken.`);
    }
    const accountsRepository = createAccountsRepository(database.db);
    const auth = createAuthService({
      repository: authRepository,
      tokens: createTokenService(resolveAppSecret(config)),
      accounts: { getAccountById: () => Promise.reject(new Error('not used')) },
      mailer: createMailer({
        smtpUrl: config.SMTP_URL,
        from: config.MAIL_FROM,
        db: database.db,
        log: quietLog,
      }),
      publicUrl: config.PUBLIC_URL || `http://localhost:${config.PORT}`,
      now: () => new Date(),
      logError: (message) => console.error(message),
      sessionCache: createSessionCache(false),
    });
    const account = await accountsRepository.insertAccount(accountName);
    const user = await createUsersRepository(database.db).insertUser({
      accountId: account.id,
      username,
      accessLevel: 'admin',
    });
    if (!user) throw new ConfigError(`The username ${username} is already taken.`);
    return await auth.sendConfirmLink(user, 'register');
  } finally {
    await database.close();
  }
}

try {
  const link = await createAdmin();
  console.log('Account and admin created. Open this link to set the password (valid for 24 hours):');
  console.log(link);
} catch (error) {
  console.error(error instanceof Error ? error.message : String(error));
  process.exit(1);
}
