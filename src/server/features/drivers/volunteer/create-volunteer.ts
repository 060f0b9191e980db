import type { Account } from '../../../../contracts/accounts';
import type { Database } from '../../../db/client';
import type { Mailer } from '../../../integrations/mail/mailer';
import type { AlertsService } from '../../alerts/service';
import type { AuditService } from '../../audit/service';
import type { DriverLinksService } from '../../driver/links-service';
import type { DriversRepository } from '../repository';
import { createVolunteerLinksService } from './links-service';
import { createVolunteerPageService } from './page-service';
import { createRosterRemindersService } from './reminders-service';
import { createVolunteerRepository } from './repository';
import type { DriverTextPort } from './text-port';

/** The personal links, the driver's page and the roster's reminders, on one repository. */
export function createVolunteer(deps: {
  db: Database;
  drivers: DriversRepository;
  accounts: { getAccountById(id: number): Promise<Account> };
  driverLinks: Pick<DriverLinksService, 'createReminderLink'>;
  alerts: Pick<AlertsService, 'queueOfficeMail'>;
  mailer: Pick<Mailer, 'queue' | 'deliver'>;
  texts: DriverTextPort;
  audit: AuditService;
  publicUrl: string;
  now: () => Date;
}) {
  const repository = createVolunteerRepository(deps.db);
  return {
    links: createVolunteerLinksService({ ...deps, repository }),
    page: createVolunteerPageService({ ...deps, repository }),
    reminders: createRosterRemindersService({ ...deps, repository }),
  };
}
