import type { PrintRoundBody } from '../../../contracts/print';
import { isIsoDate } from '../../../domain/zoned-time';
import { invalidInput, notFound } from '../../http/errors';
import type { RoundSheet, SheetClient, SheetContact, SheetMeal } from '../../renderers/round-sheet';
import type { ReportsService, RoundDay } from '../reports/service';

/** What a round sheet reads from the reports. */
export type RoundSheetSource = Pick<ReportsService, 'findRound' | 'findVisits' | 'getRoundDay'>;

/** The first emergency contact of each of these clients that has one (the contacts feature). */
export type EmergencyContactsSource = (clientIds: number[]) => Promise<Map<number, SheetContact>>;

function toSheetClient(row: RoundDay['clients'][number]): SheetClient {
  return {
    id: row.id,
    name: row.name,
    phone: row.phone,
    address: [row.address, row.city, row.state, row.zip]
      .map((part) => part.trim())
      .filter(Boolean)
      .join(', '),
    deliveryInstructions: row.deliveryInstructions,
    labels: row.labels,
    dietaryRequirements: row.dietaryRequirements,
    allergies: row.allergies,
  };
}

/**
 * Checks the events of a print/round call: each must be a visit of the account (else 404, like any other
 * account's record), on the printed date and carried by the printed round that day (else 400). Cancelled visits and
 * visits of a client on hold that day are dropped: nothing is delivered there.
 */
async function loadStopsOrder(reports: RoundSheetSource, accountId: number, body: PrintRoundBody) {
  const ids = body.events.map((visit) => visit.id);
  if (new Set(ids).size !== ids.length) {
    throw invalidInput('Each visit may appear only once.', [
      { field: 'events', message: 'Duplicate visit.' },
    ]);
  }
  const found = new Map((await reports.findVisits(accountId, ids)).map((visit) => [visit.id, visit]));
  return body.events.flatMap((entry, index) => {
    const visit = found.get(entry.id);
    if (!visit) throw notFound('Visit');
    const field = `events.${String(index)}.id`;
    if (visit.date !== body.date) {
      throw invalidInput('A visit is not on the printed date.', [{ field, message: 'Not on this date.' }]);
    }
    // The visit's round that day: the day planner may have moved it off its client's round.
    if (visit.roundId !== body.round) {
      throw invalidInput('A visit is not of a client on this round.', [
        { field, message: 'Not on this round.' },
      ]);
    }
    return visit.status === 'cancelled' || visit.isHeld ? [] : [{ event: entry, clientId: visit.clientId }];
  });
}

/** A round's day as the driver, kitchen and label sheets print it. */
export async function loadRoundSheet(
  reports: RoundSheetSource,
  accountId: number,
  body: PrintRoundBody,
  findEmergencyContacts?: EmergencyContactsSource,
): Promise<RoundSheet> {
  if (!isIsoDate(body.date)) {
    throw invalidInput('Not a real date.', [{ field: 'date', message: 'Not a real date.' }]);
  }
  const round = await reports.findRound(accountId, body.round);
  if (!round) throw notFound('Round');
  const stopsOrder = await loadStopsOrder(reports, accountId, body);
  const {
    orders,
    catalogue,
    clients: clientRows,
  } = await reports.getRoundDay(accountId, round.id, body.date);
  const clients = new Map(clientRows.map((row) => [row.id, toSheetClient(row)]));
  const emergencyContacts = (await findEmergencyContacts?.([...clients.keys()])) ?? new Map();
  for (const [clientId, contact] of emergencyContacts) {
    const client = clients.get(clientId);
    if (client) client.emergencyContact = contact;
  }
  const mealsByClient = new Map<number, SheetMeal[]>();
  for (const order of orders) {
    const meals = mealsByClient.get(order.clientId) ?? [];
    meals.push(toSheetMeal(order, catalogue));
    mealsByClient.set(order.clientId, meals);
  }
  for (const meals of mealsByClient.values()) meals.sort((a, b) => a.rank - b.rank);

  const firstStopOf = new Map<number, number>();
  // Every visit's client is on the round (checked above), so each event has its client.
  const located = stopsOrder.flatMap(({ event: visit, clientId }) => {
    const client = clients.get(clientId);
    return client ? [{ event: visit, client }] : [];
  });
  const stops = located.map(({ event: visit, client }, index) => {
    const number = index + 1;
    const firstStop = firstStopOf.get(client.id);
    if (firstStop === undefined) firstStopOf.set(client.id, number);
    return {
      number,
      start: visit.start,
      end: visit.end,
      travelMins: visit.travel_mins,
      travelKms: visit.travel_kms,
      client,
      meals: firstStop === undefined ? (mealsByClient.get(client.id) ?? []) : [],
      mealsAtStop: firstStop ?? null,
    };
  });
  const unvisited = [...clients.values()]
    .filter((client) => !firstStopOf.has(client.id) && (mealsByClient.get(client.id)?.length ?? 0) > 0)
    .map((client) => ({ client, meals: mealsByClient.get(client.id) ?? [] }));
  return {
    round: { name: round.name, address: round.address, pickupTime: round.pickupTime },
    date: body.date,
    stops,
    ...(body.return_travel ? { returnTravel: body.return_travel } : {}),
    unvisited,
  };
}

function toSheetMeal(order: RoundDay['orders'][number], catalogue: RoundDay['catalogue']): SheetMeal {
  const meal = catalogue.getMeal(order.mealId);
  return {
    description: meal.description,
    categoryName: meal.categoryName,
    rank: meal.rank,
    quantity: order.quantity,
    mealState: order.mealState,
    cookDeliver: order.cookDeliver,
    comment: order.comment,
    allergens: meal.allergens,
    allergenClash: order.allergenClash,
    labels: meal.labels,
    reheatingInstructions: meal.reheatingInstructions,
  };
}
