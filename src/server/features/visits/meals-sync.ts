import { addDays, getZonedDate } from '../../../domain/zoned-time';
import { ApiError } from '../../http/errors';
import type { Session } from '../../http/session';
import type { AuditService } from '../audit/service';
import type { ClientsService } from '../clients/service';
import type { MealsService } from '../meals/service';
import type { SourceService } from '../source/service';
import type { VisitsRepository } from './repository';
import { toVisitInputs } from './source-visits';

/** The days the meals sync covers, around today: recent visits may still be claimed, coming ones are planned. */
export const mealsSyncDaysBefore = 7;
export const mealsSyncDaysAfter = 14;
const serviceTimeZone = 'Australia/Sydney';
const concurrentVisits = 6;

export type MealsSyncResult = { visits: number; updated: number; failed: number };

function isSame(a: Record<string, number> | null, b: Record<string, number>): boolean {
  if (!a) return false;
  const keys = Object.keys(b);
  return keys.length === Object.keys(a).length && keys.every((key) => a[key] === b[key]);
}

async function runInBatches<T>(items: T[], size: number, work: (item: T) => Promise<void>) {
  for (let offset = 0; offset < items.length; offset += size) {
    await Promise.all(items.slice(offset, offset + size).map(work));
  }
}

/**
 * Sets each meal visit's premiums in the CRM from its client's meal choices that day: for every meal category with
 * a premium, the quantity ordered (0 removes it). Visits whose premiums are already what the choices say are
 * skipped, so a second run with nothing changed writes nothing (idempotent).
 */
export function createMealsSync(deps: {
  repository: VisitsRepository;
  clients: Pick<ClientsService, 'listVisibleClients'>;
  meals: Pick<MealsService, 'sumChoicesByCategory'>;
  source: Pick<SourceService, 'openSource'>;
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
      serviceTimeZone,
    );
    await deps.repository.upsertFromSource(accountId, inputs, deps.now());
    return clients;
  }

  return {
    syncVisits,

    async syncMealVisits(session: Session): Promise<{ data: MealsSyncResult; message: string }> {
      const { source, setup } = await deps.source.openSource(session.accountId);
      const premiumByCategory = Object.entries(setup.settings.premiums).flatMap(([categoryKey, premium]) =>
        typeof premium.id === 'string' || typeof premium.id === 'number'
          ? [[categoryKey, String(premium.id)] as const]
          : [],
      );
      if (premiumByCategory.length === 0) {
        return {
          data: { visits: 0, updated: 0, failed: 0 },
          message: 'No meal category has a premium: choose them in Settings > CMS Integration.',
        };
      }
      const today = getZonedDate(deps.now().getTime(), serviceTimeZone);
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
      let updated = 0;
      const failures: string[] = [];
      await runInBatches(visits, concurrentVisits, async (visit) => {
        const wanted = Object.fromEntries(
          premiumByCategory.map(([categoryKey, premiumId]) => [
            premiumId,
            quantities.get(`${visit.clientId}|${visit.date}|${categoryKey}`) ?? 0,
          ]),
        );
        if (isSame(visit.premiumsSynced, wanted)) return;
        try {
          await source.setVisitPremiums(
            visit.sourceId,
            Object.entries(wanted).map(([premiumId, quantity]) => ({ premiumId, quantity })),
          );
          await deps.repository.setPremiumsSynced(session.accountId, visit.id, wanted);
          updated += 1;
        } catch (error) {
          if (!(error instanceof ApiError)) throw error;
          failures.push(`${visit.client.name} (${visit.date}): ${error.message}`);
        }
      });
      await deps.audit.record(session, {
        action: 'visits.meals_sync',
        targetType: 'visit',
        targetId: `${fromDate}..${toDate}`,
        detail: { visits: visits.length, updated, failed: failures.length },
      });
      const message = failures.length
        ? `${failures.length} of ${visits.length} visits could not get their meal premiums: ${failures.slice(0, 5).join(' ')}`
        : '';
      return { data: { visits: visits.length, updated, failed: failures.length }, message };
    },
  };
}
export type MealsSync = ReturnType<typeof createMealsSync>;
