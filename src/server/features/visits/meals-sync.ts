import { getTodayIn } from '../../../domain/today';
import { addDays } from '../../../domain/zoned-time';
import type { Session } from '../../http/session';
import type { AuditService } from '../audit/service';
import type { ClientsService } from '../clients/service';
import type { MealsService } from '../meals/service';
import type { SourceService } from '../source/service';
import type { OutboxRepository } from './outbox-repository';
import { readAccountTimeZone, type RoundsSource } from '../../shared/account-dates';
import type { WriteRequest } from '../../shared/outbox-writes';
import { outboxPolicy, type OutboxSender } from './outbox-sender';
import type { VisitsRepository } from './repository';
import { toVisitInputs } from './source-visits';

/** The days the meals sync covers, around today: recent visits may still be claimed, coming ones are planned. */
export const mealsSyncDaysBefore = 7;
export const mealsSyncDaysAfter = 14;

/** `pending`: premiums queued for the CRM that it has not confirmed yet (the outbox sends them on). */
export type MealsSyncResult = { visits: number; updated: number; failed: number; pending: number };

function isSame(a: Record<string, number> | null, b: Record<string, number>): boolean {
  if (!a) return false;
  const keys = Object.keys(b);
  return keys.length === Object.keys(a).length && keys.every((key) => a[key] === b[key]);
}

/**
 * Sets each meal visit's premiums in the CRM from its client's meal choices that day: for every meal category with
 * a premium, the quantity ordered (0 removes it). Visits whose premiums are already what the choices say are
 * skipped, so a second run with nothing changed writes nothing (idempotent).
 */
export function createMealsSync(deps: {
  repository: VisitsRepository;
  outbox: Pick<OutboxRepository, 'enqueue' | 'findByIds'>;
  sender: Pick<OutboxSender, 'sendNow'>;
  clients: Pick<ClientsService, 'listVisibleClients'>;
  meals: Pick<MealsService, 'sumChoicesByCategory'>;
  source: Pick<SourceService, 'openSource'>;
  accounts: RoundsSource;
  audit: AuditService;
  now: () => Date;
}) {
  /** Stores the visits of every visible client between two dates from the CRM; answers those clients. */
  async function syncVisits(accountId: number, fromDate: string, toDate: string) {
    const { source, setup } = await deps.source.openSource(accountId);
    const clients = await deps.clients.listVisibleClients(accountId);
    const sourceVisits = await source.listVisits({
      clientSourceIds: clients.map((client) => client.sourceId),
      fromDate,
      toDate,
      ...(setup.settings.visit_tag ? { tag: setup.settings.visit_tag } : {}),
    });
    const inputs = toVisitInputs(
      sourceVisits,
      new Map(clients.map((client) => [client.sourceId, client.id])),
      setup.settings.service_codes.map((code) => String(code.id)),
      await readAccountTimeZone(deps.accounts, accountId),
    );
    await deps.repository.upsertFromSource(accountId, inputs, deps.now());
    return clients;
  }

  return {
    syncVisits,

    async syncMealVisits(session: Session): Promise<{ data: MealsSyncResult; message: string }> {
      const { setup } = await deps.source.openSource(session.accountId);
      const premiumByCategory = Object.entries(setup.settings.premiums).flatMap(([categoryKey, premium]) =>
        typeof premium.id === 'string' || typeof premium.id === 'number'
          ? [[categoryKey, String(premium.id)] as const]
          : [],
      );
      if (premiumByCategory.length === 0) {
        return {
          data: { visits: 0, updated: 0, failed: 0, pending: 0 },
          message: 'No meal category has a premium: choose them in Settings > CMS Integration.',
        };
      }
      const today = getTodayIn(
        await readAccountTimeZone(deps.accounts, session.accountId),
        deps.now().getTime(),
      );
      const fromDate = addDays(today, -mealsSyncDaysBefore);
      const toDate = addDays(today, mealsSyncDaysAfter);
      const clients = await syncVisits(session.accountId, fromDate, toDate);

      const quantities = new Map<string, number>();
      for (const row of await deps.meals.sumChoicesByCategory(session.accountId, fromDate, toDate)) {
        quantities.set(`${row.clientId}|${row.date}|${row.categoryKey}`, row.quantity);
      }
      const visits = (
        await deps.repository.listForClientsBetween(
          session.accountId,
          clients.map((client) => client.id),
          fromDate,
          toDate,
        )
      ).filter((visit) => visit.status !== 'cancelled');
      const requests = visits.flatMap((visit): WriteRequest[] => {
        const premiums = Object.fromEntries(
          premiumByCategory.map(([categoryKey, premiumId]) => [
            premiumId,
            quantities.get(`${visit.clientId}|${visit.date}|${categoryKey}`) ?? 0,
          ]),
        );
        if (isSame(visit.premiumsSynced, premiums)) return [];
        return [
          {
            kind: 'visit_premiums',
            visitId: visit.id,
            payload: { visitSourceId: visit.sourceId, premiums },
            previous: {},
          },
        ];
      });
      const writeIds = await deps.outbox.enqueue(
        session.accountId,
        session.userId || null,
        requests,
        deps.now(),
      );
      await deps.sender.sendNow(writeIds, outboxPolicy.answerWaitMs);
      const writes = await deps.outbox.findByIds(session.accountId, writeIds);
      const visitById = new Map(visits.map((visit) => [visit.id, visit]));
      const count = (status: string) => writes.filter((write) => write.status === status).length;
      const failures = writes
        .filter((write) => write.status === 'failed')
        .map((write) => {
          const visit = visitById.get(write.visitId);
          return `${visit?.client.name ?? ''} (${visit?.date ?? ''}): ${write.lastError}`;
        });
      const updated = count('done');
      const pending = count('pending');
      await deps.audit.record(session, {
        action: 'visits.meals_sync',
        targetType: 'visit',
        targetId: `${fromDate}..${toDate}`,
        detail: { visits: visits.length, updated, failed: failures.length, pending },
      });
      const messages = [
        failures.length
          ? `${failures.length} of ${visits.length} visits could not get their meal premiums: ${failures.slice(0, 5).join(' ')}`
          : '',
        pending
          ? `${pending} of ${visits.length} visits wait for the CRM to confirm their meal premiums: they are kept and sent again automatically.`
          : '',
      ];
      return {
        data: { visits: visits.length, updated, failed: failures.length, pending },
        message: messages.filter(Boolean).join(' '),
      };
    },
  };
}
export type MealsSync = ReturnType<typeof createMealsSync>;
