import type { FunderMonthlyReport, MonthClose } from '../../../contracts/funding';
import { isFunderMonthOver, parseFunderMonth, type FunderMonth } from '../../../domain/funder-month';
import { conflict, invalidInput } from '../../http/errors';
import type { Session } from '../../http/session';
import type { AuditService } from '../audit/service';
import { readAccountToday, type RoundsSource } from '../../shared/account-dates';
import type { ReportsService } from '../reports/service';
import { buildFunderMonthly } from './funder-report';
import type { FunderClientMonth, MonthCloseRepository, MonthCloseRow } from './month-close-repository';
import type { FundingService } from './service';

export type { FunderClientMonth };

/** A month's funder figures: the frozen ones once it is closed, else the live ones. */
export type FunderMonthData = { month: FunderMonth; close: MonthClose; clients: FunderClientMonth[] };

function parseMonth(label: string): FunderMonth {
  const month = parseFunderMonth(label);
  if (!month) throw invalidInput('Use MM-YYYY.', [{ field: 'month', message: 'Use MM-YYYY.' }]);
  return month;
}

function toClose(label: string, row: MonthCloseRow | undefined): MonthClose {
  return {
    month: label,
    is_closed: row !== undefined,
    closed_at: row ? row.closedAt.toISOString() : null,
    closed_by: row ? row.closedBy : null,
  };
}

/**
 * Month close and the funder figures. Closing freezes each client's ordered, delivered and held portions per day
 * (counted by the report rules, through the reports service) with the client's name, programme and fee as they
 * are; the funder reports of a closed month read those, so a later change never changes a report already filed.
 */
export function createMonthCloseService(deps: {
  repository: MonthCloseRepository;
  reports: Pick<ReportsService, 'listClientDays'>;
  funding: Pick<FundingService, 'listProfiles'>;
  accounts: RoundsSource;
  audit: AuditService;
  now: () => Date;
}) {
  const { repository } = deps;

  /** The month's figures as they are now, from the visits, choices and holds, with the clients' profiles. */
  async function readLive(accountId: number, month: FunderMonth): Promise<FunderClientMonth[]> {
    const clientDays = await deps.reports.listClientDays(accountId, month.first, month.last);
    const profiles = await deps.funding.listProfiles(
      accountId,
      clientDays.map((client) => client.id),
    );
    return clientDays.map((client) => {
      const profile = profiles.get(client.id);
      return {
        clientId: client.id,
        name: client.name,
        programme: profile?.programme ?? null,
        feePerMealCents: profile?.feePerMealCents ?? 0,
        days: client.dates
          .map((date, index) => ({
            date,
            ordered: client.ordered[index] ?? 0,
            delivered: client.delivered[index] ?? 0,
            held: client.held[index] ?? 0,
          }))
          .sort((a, b) => a.date.localeCompare(b.date)),
      };
    });
  }

  async function readMonth(accountId: number, label: string): Promise<FunderMonthData> {
    const month = parseMonth(label);
    const row = await repository.findClose(accountId, month.first);
    const clients = row ? await repository.readFrozen(row.id) : await readLive(accountId, month);
    return { month, close: toClose(label, row), clients };
  }

  return {
    readMonth,

    async getFunderMonthly(accountId: number, label: string): Promise<FunderMonthlyReport> {
      const data = await readMonth(accountId, label);
      return buildFunderMonthly(label, data.close, data.clients);
    },

    async closeMonth(session: Session, label: string): Promise<MonthClose> {
      const month = parseMonth(label);
      const today = await readAccountToday(deps.accounts, session.accountId, deps.now());
      if (!isFunderMonthOver(month, today))
        throw conflict(`${label} is not over yet: a month can be closed from the day after its last day.`);
      const clients = await readLive(session.accountId, month);
      const closedAt = deps.now();
      const userId = session.userId > 0 ? session.userId : null;
      if (
        !(await repository.insertClose(
          session.accountId,
          month.first,
          { closedAt, closedBy: userId },
          clients,
        ))
      )
        throw conflict(`${label} is already closed.`);
      await deps.audit.record(session, {
        action: 'month.close',
        targetType: 'month',
        targetId: label,
        detail: { clients: clients.length },
      });
      return toClose(label, await repository.findClose(session.accountId, month.first));
    },

    async reopenMonth(session: Session, label: string, reason: string): Promise<MonthClose> {
      const month = parseMonth(label);
      if (!(await repository.deleteClose(session.accountId, month.first)))
        throw conflict(`${label} is not closed.`);
      await deps.audit.record(session, {
        action: 'month.reopen',
        targetType: 'month',
        targetId: label,
        detail: { reason },
      });
      return toClose(label, undefined);
    },
  };
}
export type MonthCloseService = ReturnType<typeof createMonthCloseService>;
