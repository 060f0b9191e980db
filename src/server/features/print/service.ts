import { randomBytes } from 'node:crypto';
import type { MenuPrintBody, PrintLink, PrintRoundBody } from '../../../contracts/print';
import type { PrintReportBody } from '../../../contracts/reports';
import { labelLayouts } from '../../../domain/label-layouts';
import { formatPhoneNumber, getPhoneRegion } from '../../../domain/phone-numbers';
import { getAccountTimeZone } from '../../../domain/today';
import { notFound } from '../../http/errors';
import type { Session } from '../../http/session';
import { renderDriverSheetPdf } from '../../renderers/driver-sheet-pdf';
import type { RoundSheet } from '../../renderers/round-sheet';
import { renderKitchenSheetPdf } from '../../renderers/kitchen-sheet-pdf';
import { listMealLabels, renderLabelSheetPdf } from '../../renderers/label-sheet-pdf';
import { renderMenuPdf } from '../../renderers/menu-pdf';
import type { AccountsService } from '../accounts/service';
import type { ContactsService } from '../contacts/service';
import type { DriverLinksService } from '../driver/links-service';
import type { MonthCloseService } from '../funding/month-close-service';
import type { OutcomesReportService } from '../reports/outcomes-report-service';
import type { ReportsService } from '../reports/service';
import { renderReportFile, type ReportServices } from './report-files';
import type { PrintRepository } from './repository';
import { loadRoundSheet } from './round-sheet-loader';

/** How long a print link works: long enough to open it, short enough that a forwarded link is soon useless. */
export const printLinkLifetimeMs = 10 * 60 * 1000;

export const printFilesPath = '/api/print/files';

export function createPrintService(deps: {
  repository: PrintRepository;
  accounts: Pick<AccountsService, 'getAccountById'>;
  reports: ReportsService;
  outcomesReport: OutcomesReportService;
  welfareReport: ReportServices['welfare'];
  funderReport: Pick<MonthCloseService, 'getFunderMonthly'>;
  volunteerHours: ReportServices['volunteerHours'];
  driverLinks: Pick<DriverLinksService, 'createLink'>;
  contacts: Pick<ContactsService, 'findFirstEmergencyContacts'>;
  /** The roster's driver of a round on a day (YYYY-MM-DD), printed on the driver sheet. */
  driverOfDay: (accountId: number, roundId: number, date: string) => Promise<{ name: string } | null>;
  /** The app's address, before a driver link's path on the printed sheet. */
  publicUrl: string;
  now: () => Date;
}) {
  const { repository } = deps;

  /**
   * Stores a rendered PDF behind a new link. The token is the only credential the print window has (it opens
   * the link without the bearer token), so it is 256 random bits and lapses after 10 minutes.
   */
  async function storeFile(session: Session, fileName: string, content: Buffer): Promise<PrintLink> {
    const now = deps.now();
    await repository.deleteExpiredFiles(now);
    const token = randomBytes(32).toString('base64url');
    await repository.insertFile({
      id: token,
      accountId: session.accountId,
      userId: session.userId,
      fileName,
      content,
      createdAt: now,
      expiresAt: new Date(now.getTime() + printLinkLifetimeMs),
    });
    return { url: `${printFilesPath}/${token}` };
  }

  /** A round's day with each client's first emergency contact, its phone as the account's region writes it. */
  function loadSheet(accountId: number, body: PrintRoundBody): Promise<RoundSheet> {
    return loadRoundSheet(deps.reports, accountId, body, async (clientIds) => {
      const { rounds } = await deps.accounts.getAccountById(accountId);
      const region = getPhoneRegion(getAccountTimeZone(rounds));
      const contacts = await deps.contacts.findFirstEmergencyContacts(accountId, clientIds);
      return new Map(
        [...contacts].map(([clientId, contact]) => [
          clientId,
          {
            name: contact.name,
            relationship: contact.relationship,
            phone: contact.phone ? formatPhoneNumber(contact.phone, region) : '',
          },
        ]),
      );
    });
  }

  return {
    /** Offers a file made elsewhere (the DEX export) behind a print link, with the same lifetime and token. */
    storeDownload: storeFile,

    /**
     * A round's day as the printed sheets show it (the driver's phone shows the same run); the body's events are
     * checked against the account's visits.
     */
    loadRoundSheet(accountId: number, body: PrintRoundBody): Promise<RoundSheet> {
      return loadSheet(accountId, body);
    },

    async printMenu(session: Session, body: MenuPrintBody): Promise<PrintLink> {
      const account = await deps.accounts.getAccountById(session.accountId);
      const content = await renderMenuPdf({ ...body, customText: account.menu_options.custom_text });
      return storeFile(session, `weekly-menu-${body.week_start}.pdf`, content);
    },

    /** A round's driver, kitchen or label sheet for a day, in the events' driving order. */
    async printRound(session: Session, body: PrintRoundBody): Promise<PrintLink> {
      const sheet = await loadSheet(session.accountId, body);
      const name = `${sheet.round.name}-${sheet.date}`.replace(/[^\w-]+/g, '-');
      if (body.format === 'driver') {
        const link = body.driver_link
          ? await deps.driverLinks.createLink(session, body.round, body.date)
          : null;
        const driverLink = link ? { url: `${deps.publicUrl}${link.url}`, expiresAt: link.expires_at } : null;
        const driver = await deps.driverOfDay(session.accountId, body.round, body.date);
        return storeFile(
          session,
          `driver-run-sheet-${name}.pdf`,
          await renderDriverSheetPdf(
            { ...sheet, round: { ...sheet.round, driverName: driver?.name ?? null } },
            driverLink,
          ),
        );
      }
      if (body.format === 'kitchen') {
        return storeFile(session, `kitchen-sheet-${name}.pdf`, await renderKitchenSheetPdf(sheet));
      }
      const options = (await deps.accounts.getAccountById(session.accountId)).label_options;
      const labels = listMealLabels([sheet], options.use_by_days);
      const print = {
        layout: labelLayouts[options.layout],
        offset: { x: options.offset_x_mm, y: options.offset_y_mm },
      };
      return storeFile(session, `meal-labels-${name}.pdf`, await renderLabelSheetPdf(labels, print));
    },

    /** A report as a PDF or CSV file, with the screen's parameters. */
    async printReport(session: Session, body: PrintReportBody): Promise<PrintLink> {
      const file = await renderReportFile(
        {
          reports: deps.reports,
          outcomes: deps.outcomesReport,
          welfare: deps.welfareReport,
          funder: deps.funderReport,
          volunteerHours: deps.volunteerHours,
        },
        session.accountId,
        body,
      );
      return storeFile(session, file.fileName, file.content);
    },

    /** The file behind a link; unknown and expired links both answer not found. */
    async getFile(token: string): Promise<{ fileName: string; content: Buffer }> {
      const file = await repository.findValidFile(token, deps.now());
      if (!file) throw notFound('Print file');
      return file;
    },
  };
}
export type PrintService = ReturnType<typeof createPrintService>;
