import {
  driverMealSchema,
  driverPhotoUrl,
  type DriverMeal,
  type DriverOutcomeKind,
  type DriverRun,
  type DriverRunStart,
  type DriverStop,
  type VisitDriverOutcome,
} from '../../../contracts/driver';
import { toZonedParts } from '../../../domain/zoned-time';
import { notFound } from '../../http/errors';
import type { Session } from '../../http/session';
import { describeDiet, type SheetMeal, type SheetStop } from '../../renderers/round-sheet';
import type { PrintService } from '../print/service';
import type { ReportsService } from '../reports/service';
import type { NoticesService } from '../notices/service';
import { findWorkingLink } from './links-service';
import type { DriverRepository, LatestOutcome } from './repository';

function toOutcome(latest: LatestOutcome): VisitDriverOutcome {
  return {
    outcome: latest.outcome as DriverOutcomeKind,
    note: latest.note,
    recorded_at: latest.recordedAt.toISOString(),
    photo_url: latest.photoId ? driverPhotoUrl(latest.photoId) : null,
  };
}

/** A meal as the phone shows it; a state or cook/deliver the contract does not know reads as the sheet's first. */
function toMeal(meal: SheetMeal): DriverMeal {
  return {
    description: meal.description,
    quantity: meal.quantity,
    meal_state: driverMealSchema.shape.meal_state.catch('Frozen').parse(meal.mealState),
    cook_deliver: driverMealSchema.shape.cook_deliver.catch('Cook & Deliver').parse(meal.cookDeliver),
    comment: meal.comment,
    allergen_clash: meal.allergenClash,
  };
}

function toStop(
  stop: SheetStop,
  visit: { id: number; status: string },
  outcome: LatestOutcome | undefined,
): DriverStop {
  return {
    visit_id: visit.id,
    start: stop.start,
    end: stop.end,
    status: visit.status,
    outcome: outcome ? toOutcome(outcome) : null,
    client: { name: stop.client.name, phone: stop.client.phone },
    address: stop.client.address,
    delivery_instructions: stop.client.deliveryInstructions,
    dietary_requirements: describeDiet(stop.client),
    allergies: stop.client.allergies,
    meals: stop.meals.map(toMeal),
  };
}

/**
 * The run a driver link opens, built by the driver sheet's loader (the same stops, meals and rules as the printed
 * sheet: cancelled visits left out, a client's meals on their first stop), in the round's current order: the
 * visits' times as published, as the rounds screen shows them.
 */
export function createDriverRunService(deps: {
  repository: DriverRepository;
  reports: Pick<ReportsService, 'findRound'>;
  sheets: Pick<PrintService, 'loadRoundSheet'>;
  /** The roster's driver of the round that day (YYYY-MM-DD), or null. */
  driverOfDay: (accountId: number, roundId: number, date: string) => Promise<{ name: string } | null>;
  /** The run's start and its "on its way" notices. */
  runStarts: Pick<NoticesService, 'startRun' | 'findRunStart'>;
  now: () => Date;
}) {
  const { repository } = deps;

  async function latestByVisit(accountId: number, visitIds: number[]) {
    const rows = await repository.listLatestOutcomes(accountId, visitIds);
    return new Map(rows.map((row) => [row.visitId, row]));
  }

  /** The link's round; the link goes with its round (a cascade), and a round renamed keeps its links. */
  async function openLink(token: string) {
    const link = await findWorkingLink(repository, token, deps.now());
    const round = await deps.reports.findRound(link.accountId, link.roundId);
    if (!round) throw notFound('Round');
    return { link, round };
  }

  return {
    async getRun(token: string): Promise<DriverRun> {
      const { link, round } = await openLink(token);
      const visits = (await repository.listRunVisits(link.accountId, round.id, link.date)).filter(
        (visit) => visit.status !== 'cancelled',
      );
      const sheet = await deps.sheets.loadRoundSheet(link.accountId, {
        round: round.id,
        date: link.date,
        format: 'driver',
        events: visits.map((visit) => ({
          id: visit.id,
          start: toZonedParts(visit.startAt, round.timezone).time,
          end: toZonedParts(visit.endAt, round.timezone).time,
        })),
      });
      const outcomes = await latestByVisit(
        link.accountId,
        visits.map((visit) => visit.id),
      );
      // The sheet keeps the events' order and leaves none of these out (all are on the round, none cancelled).
      const stops = sheet.stops.flatMap((stop, index) => {
        const visit = visits[index];
        return visit ? [toStop(stop, visit, outcomes.get(visit.id))] : [];
      });
      const driver = await deps.driverOfDay(link.accountId, round.id, link.date);
      const startedAt = await deps.runStarts.findRunStart(link.accountId, round.id, link.date);
      return {
        round: {
          id: round.id,
          name: round.name,
          address: round.address,
          pickup_time: round.pickupTime,
          timezone: round.timezone,
          driver: driver ? { name: driver.name } : null,
        },
        date: link.date,
        started_at: startedAt?.toISOString() ?? null,
        stops,
      };
    },

    /** Starts the run once: the stops not yet done (no outcome, not cancelled or completed) get their notices. */
    async startRun(token: string): Promise<DriverRunStart> {
      const { link, round } = await openLink(token);
      const visits = (await repository.listRunVisits(link.accountId, round.id, link.date)).filter(
        (visit) => visit.status !== 'cancelled' && visit.status !== 'completed',
      );
      const outcomes = await latestByVisit(
        link.accountId,
        visits.map((visit) => visit.id),
      );
      const startedAt = await deps.runStarts.startRun({
        accountId: link.accountId,
        roundId: round.id,
        date: link.date,
        timezone: round.timezone,
        stops: visits
          .filter((visit) => !outcomes.has(visit.id))
          .map((visit) => ({ visitId: visit.id, clientId: visit.clientId, startAt: visit.startAt })),
      });
      return { started_at: startedAt.toISOString() };
    },

    /** The current outcome of each of these visits of the account (the rounds screen shows them). */
    async getLatestOutcomes(accountId: number, visitIds: number[]): Promise<Map<number, VisitDriverOutcome>> {
      const rows = await repository.listLatestOutcomes(accountId, visitIds);
      return new Map(rows.map((row) => [row.visitId, toOutcome(row)]));
    },

    /** A photo for the account's logged-in users only. */
    async getPhoto(session: Session, id: string) {
      const photo = await repository.findPhoto(session.accountId, id);
      if (!photo) throw notFound('Photo');
      return photo;
    },
  };
}
export type DriverRunService = ReturnType<typeof createDriverRunService>;
