import { parseArgs } from 'node:util';
import { z } from 'zod';
import { ErrorCode } from '../../contracts/envelope';
import { resolveAppSecret } from '../app-secret';
import { ConfigError, loadConfig, type Config } from '../config';
import { openDatabase } from '../db/client';
import { DataDirLockedError, type DataDirOwner } from '../db/data-dir-lock';
import { createAdminBootstrap, type NewAccountWithAdmin } from '../features/users/admin-bootstrap';
import { createAdminPath } from '../features/users/internal-routes';
import { signatureHeader, signCreateAdmin } from '../features/users/internal-signature';
import { createUsersRepository } from '../features/users/repository';
import { ApiError } from '../http/errors';
import { createMailer } from '../integrations/mail/create-mailer';

// The command prints the link itself; the mailer's own log lines would only repeat it.
const quietLog = {
  info: () => undefined,
  error: (_detail: object, message: string) => console.error(message),
};

const usage =
  'Usage: npm run create-admin -- --account "Account name" --username admin@example.org [--source alayacare|none]';

const answerSchema = z.object({
  meta: z.object({ error_code: z.number(), message: z.string() }),
  data: z.object({ link: z.string() }).nullable(),
});

/** Opens the database itself (PostgreSQL, or a data folder no server holds). */
async function createInDatabase(config: Config, input: NewAccountWithAdmin): Promise<string> {
  const database = await openDatabase({
    databaseUrl: config.DATABASE_URL,
    dataDir: config.DATA_DIR,
    owner: 'create-admin',
  });
  try {
    const bootstrap = createAdminBootstrap({
      repository: createUsersRepository(database.db),
      mailer: createMailer({
        smtpUrl: config.SMTP_URL,
        from: config.MAIL_FROM,
        db: database.db,
        log: quietLog,
      }),
      publicUrl: config.PUBLIC_URL || `http://localhost:${config.PORT}`,
      now: () => new Date(),
    });
    return (await bootstrap.createAccountWithAdmin(input)).link;
  } finally {
    await database.close();
  }
}

/** Asks the embedded server that holds the data folder: only it may write there. */
async function createThroughServer(
  config: Config,
  owner: DataDirOwner & { port: number },
  input: NewAccountWithAdmin,
): Promise<string> {
  const host = !owner.host || ['0.0.0.0', '::', 'localhost'].includes(owner.host) ? '127.0.0.1' : owner.host;
  const url = `http://${host.includes(':') ? `[${host}]` : host}:${owner.port}${createAdminPath}`;
  const signature = signCreateAdmin(resolveAppSecret(config), input, Date.now());
  const response = await fetch(url, {
    method: 'POST',
    headers: { 'content-type': 'application/json', [signatureHeader]: signature },
    body: JSON.stringify(input),
    signal: AbortSignal.timeout(30_000),
  }).catch((error: unknown) => {
    const reason = error instanceof Error ? error.message : String(error);
    throw new ConfigError(`The running server (pid ${owner.pid}) at ${url} did not answer: ${reason}.`);
  });
  const answer = answerSchema.safeParse(await response.json().catch(() => null));
  if (!answer.success) {
    throw new ConfigError(
      `The running server (pid ${owner.pid}) gave an unexpected answer (HTTP ${response.status}).`,
    );
  }
  if (answer.data.meta.error_code !== 0 || !answer.data.data) throw new ConfigError(answer.data.meta.message);
  return answer.data.data.link;
}

/** Creates an account and its first admin, and answers the link to set a password. */
async function createAdmin(): Promise<{ link: string; isThroughServer: boolean }> {
  const { values } = parseArgs({
    options: { account: { type: 'string' }, username: { type: 'string' }, source: { type: 'string' } },
  });
  const input = {
    account: values.account ?? '',
    username: values.username ?? '',
    ...(values.source === undefined ? {} : { source: values.source }),
  };
  if (!input.account.trim()) throw new ConfigError(`--account is required. ${usage}`);
  const config = loadConfig();
  try {
    return { link: await createInDatabase(config, input), isThroughServer: false };
  } catch (error) {
    if (!(error instanceof DataDirLockedError)) throw error;
    const owner = error.owner;
    if (owner?.kind === 'server' && owner.port === undefined) {
      throw new ConfigError(
        `The MealRounds server (pid ${owner.pid}) that holds ${config.DATA_DIR} is still starting: run this again once it is listening.`,
      );
    }
    if (owner?.kind !== 'server' || owner.port === undefined) throw error;
    return {
      link: await createThroughServer(config, { ...owner, port: owner.port }, input),
      isThroughServer: true,
    };
  }
}

try {
  const { link, isThroughServer } = await createAdmin();
  console.log(
    `Account and admin created${isThroughServer ? ' by the running server' : ''}. Open this link to set the password (valid for 24 hours):`,
  );
  console.log(link);
} catch (error) {
  const message = error instanceof Error ? error.message : String(error);
  const withUsage =
    error instanceof ApiError && error.code === ErrorCode.invalidInput ? `${message} ${usage}` : message;
  console.error(withUsage);
  process.exit(1);
}
