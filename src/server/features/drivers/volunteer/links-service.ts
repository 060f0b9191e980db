import type {
  VolunteerLink,
  VolunteerLinkRevoked,
  VolunteerLinkStatus,
} from '../../../../contracts/volunteer';
import { createLinkToken } from '../../../crypto/link-tokens';
import type { Database } from '../../../db/client';
import { invalidInput, notFound } from '../../../http/errors';
import type { Session } from '../../../http/session';
import type { Mailer } from '../../../integrations/mail/mailer';
import type { AuditService } from '../../audit/service';
import type { DriversRepository } from '../repository';
import type { DriverTextPort } from './text-port';
import type { VolunteerRepository } from './repository';

/** The driver's own page; the token after it is their only credential. */
export const volunteerPagePath = '/volunteer';

/**
 * Personal links (ADR 0040): one working link per driver. Making a new one revokes the earlier (a lost phone or a
 * forwarded mail is ended by sending a fresh link); it is mailed to the driver and texted when texting is set up.
 */
export function createVolunteerLinksService(deps: {
  repository: VolunteerRepository;
  drivers: Pick<DriversRepository, 'findDriver'>;
  mailer: Pick<Mailer, 'queue' | 'deliver'>;
  texts: DriverTextPort;
  audit: AuditService;
  publicUrl: string;
  now: () => Date;
}) {
  const { repository } = deps;

  async function findDriver(session: Session, driverId: number) {
    const driver = await deps.drivers.findDriver(session.accountId, driverId);
    if (!driver) throw notFound('Driver');
    return driver;
  }

  return {
    async getLinkStatus(session: Session, driverId: number): Promise<VolunteerLinkStatus> {
      await findDriver(session, driverId);
      const link = await repository.findNewestWorkingLink(session.accountId, driverId);
      return { is_active: link !== null, created_at: link?.createdAt.toISOString() ?? null };
    },

    /** A new link, sent to the driver by mail (and text) in the same transaction; the earlier link stops. */
    async createLink(session: Session, driverId: number): Promise<{ data: VolunteerLink; message: string }> {
      const driver = await findDriver(session, driverId);
      if (!driver.isActive) {
        throw invalidInput(`${driver.name} is not active.`, [
          { field: 'id', message: 'Make the driver active first.' },
        ]);
      }
      const now = deps.now();
      const { token, hash } = createLinkToken();
      const url = `${volunteerPagePath}/${token}`;
      const body = `Hello ${driver.name}, your MealRounds page, to see your runs, give a day back or take one: ${deps.publicUrl}${url} (no login; please do not pass it on).`;
      const sent = await repository.transaction(async (tx) => {
        await repository.revokeLinks(tx, session.accountId, driverId, now);
        await repository.insertLink(tx, {
          accountId: session.accountId,
          driverId,
          tokenHash: hash,
          createdBy: session.userId,
          createdAt: now,
        });
        const mailId = driver.email
          ? await deps.mailer.queue(tx as unknown as Database, {
              to: driver.email,
              subject: 'Your MealRounds driver page',
              text: body,
            })
          : null;
        const text = await deps.texts.queueSms(tx, {
          accountId: session.accountId,
          to: driver.phone,
          body,
          driverId,
        });
        return { mailId, isTexted: text !== null };
      });
      if (sent.mailId !== null) await deps.mailer.deliver(sent.mailId);
      await deps.audit.record(session, {
        action: 'volunteer_links.create',
        targetType: 'driver',
        targetId: driverId,
        detail: { mailed: sent.mailId !== null, texted: sent.isTexted },
      });
      const ways = [sent.mailId !== null ? 'mailed' : null, sent.isTexted ? 'texted' : null].filter(Boolean);
      const message =
        ways.length > 0
          ? `The link was ${ways.join(' and ')} to ${driver.name}.`
          : `${driver.name} has no email address: give them the link yourself.`;
      return { data: { url }, message };
    },

    async revokeLink(session: Session, driverId: number): Promise<VolunteerLinkRevoked> {
      await findDriver(session, driverId);
      const revoked = await repository.transaction((tx) =>
        repository.revokeLinks(tx, session.accountId, driverId, deps.now()),
      );
      await deps.audit.record(session, {
        action: 'volunteer_links.revoke',
        targetType: 'driver',
        targetId: driverId,
        detail: { revoked },
      });
      return { revoked };
    },
  };
}
export type VolunteerLinksService = ReturnType<typeof createVolunteerLinksService>;
