import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { User } from '../../../contracts/users';
import { mailOutbox } from '../../db/schema/messages';
import { confirmCodes, users } from '../../db/schema/users';
import { createMailer } from '../../integrations/mail/create-mailer';
import { startMailSender } from '../../jobs/mail-sender';
import { findFreePort } from '../../testing/server-process';
import { startSmtpCapture, type SmtpCapture } from '../../testing/smtp-capture';
import { createTestApp, type TestApp } from '../../testing/test-app';
import { composeConfirmation } from '../../shared/confirm-mail';
import { createUsersRepository } from './repository';

let smtp: SmtpCapture;
let t: TestApp;
const log = { info: () => undefined, error: () => undefined };

beforeAll(async () => {
  smtp = await startSmtpCapture();
  // The app's SMTP server is down: every first attempt fails.
  t = await createTestApp({ SMTP_URL: `smtp://127.0.0.1:${await findFreePort()}` });
});
afterAll(async () => {
  await t.close();
  await smtp.close();
});

async function readMails(recipient: string) {
  return t.db.select().from(mailOutbox).where(eq(mailOutbox.recipient, recipient));
}

describe('registration and reset mails go through the outbox', () => {
  it('a new user is created with its mail pending when SMTP is down; the sender job delivers it later', async () => {
    const { admin } = await t.createAccount('Outbox Register');
    const token = await t.login(admin.username);

    const created = await t.call<User>('POST', '/api/users', {
      token,
      body: { username: 'late.mail@outbox.test', access_level: 'normal' },
    });

    expect(created.status).toBe(201);
    expect(created.body.meta.message).toMatch(
      /^User added\. The registration email to late\.mail@outbox\.test could not be sent yet \(.*ECONNREFUSED.*\); it will be sent again automatically\.$/,
    );
    const [pending] = await readMails('late.mail@outbox.test');
    expect(pending).toMatchObject({ status: 'pending', attempts: 1 });

    // The sender (SMTP back) once the retry is due.
    await t.db
      .update(mailOutbox)
      .set({ nextAttemptAt: new Date(0) })
      .where(eq(mailOutbox.id, pending?.id ?? 0));
    const sender = startMailSender(createMailer({ smtpUrl: smtp.url, from: 'a@b.test', db: t.db, log }), log);
    await sender.stop();

    expect(await readMails('late.mail@outbox.test')).toMatchObject([{ status: 'sent', attempts: 2 }]);
    const link = smtp.findConfirmLink('late.mail@outbox.test');
    const confirmed = await t.call('POST', '/api/users/confirm', {
      body: {
        username: link?.searchParams.get('username'),
        confirmCode: link?.searchParams.get('confirmCode'),
        password: 'a-long-enough-password',
        passwordConfirm: 'a-long-enough-password',
      },
    });
    expect(confirmed.body.meta.error_code).toBe(0);
  });

  it('a reset mail that could not go yet stays pending and says so', async () => {
    const { admin, user } = await t.createAccount('Outbox Reset');
    const token = await t.login(admin.username);

    const result = await t.call('POST', `/api/users/${user.id}/reset`, { token, body: {} });

    expect(result.body.meta).toMatchObject({
      error_code: 0,
      message: expect.stringMatching(/could not be sent yet .*; it will be sent again automatically\.$/),
    });
    expect(await readMails(user.username)).toMatchObject([{ status: 'pending', attempts: 1 }]);
  });

  it('the user, its code and its mail are written in one transaction: none without the others', async () => {
    const { account } = await t.createAccount('Outbox Atomic');
    const repository = createUsersRepository(t.db);
    const username = 'atomic@outbox.test';
    const confirmation = composeConfirmation({
      publicUrl: 'http://mealrounds.test',
      username,
      purpose: 'register',
      now: new Date(),
    });

    await expect(
      repository.insertUserWithConfirmation(
        { accountId: account.id, username, accessLevel: 'normal' },
        confirmation,
        () => Promise.reject(new Error('the outbox insert failed')),
      ),
    ).rejects.toThrow('the outbox insert failed');

    expect(await t.db.select().from(users).where(eq(users.username, username))).toEqual([]);
    expect(
      await t.db.select().from(confirmCodes).where(eq(confirmCodes.codeHash, confirmation.codeHash)),
    ).toEqual([]);
  });
});
