import type {
  DriverLink,
  DriverLinkEmailBody,
  DriverLinkRevoked,
  DriverLinkStatus,
} from '../../../contracts/driver';
import { getDriverLinkExpiryMs } from '../../../domain/driver-outcomes';
import { addDays } from '../../../domain/zoned-time';
import { createLinkToken, hashLinkToken, isLinkTokenShaped } from '../../crypto/link-tokens';
import { ApiError, invalidInput, notFound } from '../../http/errors';
import type { Session } from '../../http/session';
import type { Mailer } from '../../integrations/mail/mailer';
import type { AccountsService } from '../accounts/service';
import type { AuditService } from '../audit/service';
import type { DriverLinkRow, DriverRepository } from './repository';
import { ErrorCode } from '../../../contracts/envelope';

/** The driver page's path; the token after it is the only credential the driver has. */
export const driverPagePath = '/driver';

/** One answer for every link that does not open a run, so a caller cannot tell forged from expired or revoked. */
export const driverLinkNotFound = () =>
  new ApiError(ErrorCode.notFound, 'This driver link does not work any more. Ask the office for a new link.');

/** The link a token opens, if it still works; otherwise the one 404 (malformed, unknown, expired, revoked). */
export async function findWorkingLink(
  repository: Pick<DriverRepository, 'findWorkingLink'>,
  token: string,
  now: Date,
): Promise<DriverLinkRow> {
  const link = isLinkTokenShaped(token) ? await repository.findWorkingLink(hashLinkToken(token), now) : null;
  if (!link) throw driverLinkNotFound();
  return link;
}

/**
 * Driver links (ADR 0014): a link per round and day opens the run without a login. Making one never ends the
 * earlier ones (a printed sheet and an emailed link may both be out); revoking ends every link of the day.
 */
export function createDriverLinksService(deps: {
  repository: DriverRepository;
  accounts: Pick<AccountsService, 'getAccountById'>;
  mailer: Pick<Mailer, 'send'>;
  audit: AuditService;
  publicUrl: string;
  now: () => Date;
}) {
  const { repository } = deps;

  async function findRound(session: Session, roundId: number) {
    const account = await deps.accounts.getAccountById(session.accountId);
    const round = account.rounds.find((candidate) => candidate.id === roundId);
    if (!round) throw notFound('Round');
    return round;
  }

  /** A working link of the round's day; `createdBy` null when a job makes it (the reminders). */
  async function insertLink(
    round: { id: number; timezone: string },
    accountId: number,
    date: string,
    createdBy: number | null,
  ) {
    const now = deps.now();
    const expiresAt = new Date(getDriverLinkExpiryMs(date, round.timezone));
    if (expiresAt.getTime() <= now.getTime()) {
      throw invalidInput('This run is over: a link for it would not work any more.', [
        { field: 'date', message: 'Choose today or a later day.' },
      ]);
    }
    const { token, hash } = createLinkToken();
    const link = await repository.insertLink({
      accountId,
      roundId: round.id,
      date,
      tokenHash: hash,
      createdBy,
      createdAt: now,
      expiresAt,
    });
    return { link, url: `${driverPagePath}/${token}`, expires_at: expiresAt.toISOString() };
  }

  async function createLink(session: Session, roundId: number, date: string): Promise<DriverLink> {
    const round = await findRound(session, roundId);
    const { link, url, expires_at } = await insertLink(round, session.accountId, date, session.userId);
    await deps.audit.record(session, {
      action: 'driver_links.create',
      targetType: 'driver_link',
      targetId: link.id,
      detail: { round_id: roundId, date },
    });
    return { url, expires_at };
  }

  return {
    createLink,

    /** A link for the day's reminder to its driver, made by the reminders job (no user). */
    async createReminderLink(
      round: { id: number; timezone: string },
      accountId: number,
      date: string,
    ): Promise<DriverLink> {
      const { link, url, expires_at } = await insertLink(round, accountId, date, null);
      await deps.audit.recordWithoutUser(accountId, {
        action: 'driver_links.create',
        targetType: 'driver_link',
        targetId: link.id,
        detail: { round_id: round.id, date },
        actor: { job: 'roster_reminders' },
      });
      return { url, expires_at };
    },

    async getLinkStatus(session: Session, roundId: number, date: string): Promise<DriverLinkStatus> {
      await findRound(session, roundId);
      const links = await repository.listWorkingLinks(session.accountId, roundId, date, deps.now());
      const newest = links[0];
      return {
        is_active: newest !== undefined,
        active_count: links.length,
        created_at: newest?.createdAt.toISOString() ?? null,
        expires_at: newest?.expiresAt.toISOString() ?? null,
      };
    },

    async revokeLinks(session: Session, roundId: number, date: string): Promise<DriverLinkRevoked> {
      await findRound(session, roundId);
      const revoked = await repository.revokeLinks(session.accountId, roundId, date, deps.now());
      await deps.audit.record(session, {
        action: 'driver_links.revoke',
        targetType: 'round',
        targetId: roundId,
        detail: { date, revoked },
      });
      return { revoked };
    },

    /**
     * A new link for the day, mailed to the driver. The mail is queued and tried at once; when it cannot go yet
     * it stays queued and `message` says so (the link works either way).
     */
    async emailLink(
      session: Session,
      roundId: number,
      body: DriverLinkEmailBody,
    ): Promise<{ data: DriverLink; message: string }> {
      const round = await findRound(session, roundId);
      const link = await createLink(session, roundId, body.date);
      const delivery = await deps.mailer.send({
        to: body.to,
        subject: `Your MealRounds run: ${round.name}, ${body.date}`,
        text: [
          `Your run for ${round.name} on ${body.date} is at:`,
          '',
          `${deps.publicUrl}${link.url}`,
          '',
          'Open it on your phone: it needs no login and keeps working without a network once opened.',
          `The link works until the end of ${addDays(body.date, 1)}. Please do not pass it on.`,
        ].join('\n'),
      });
      return {
        data: link,
        message: delivery.isDelivered
          ? ''
          : 'The mail could not be sent yet. It is kept and sent again automatically.',
      };
    },
  };
}
export type DriverLinksService = ReturnType<typeof createDriverLinksService>;
