/**
 * What the three round sheets (driver, kitchen, labels) print: a round's day with its stops in driving order and
 * the counted meals (report-rules.ts) of its clients. Built by features/print/round-sheet-loader.ts.
 */

export type SheetMeal = {
  description: string;
  categoryName: string;
  /** Sort rank: category position, then description. */
  rank: number;
  quantity: number;
  /** As chosen for the client (Frozen, Hot, Fresh). */
  mealState: string;
  cookDeliver: string;
  comment: string;
  /** Allergen names the meal contains (the labels print them). */
  allergens: string[];
  /** The meal's allergens this client is allergic to, not overridden: every sheet flags them ('ALLERGY: milk'). */
  allergenClash: string[];
  /** The meal's dietary label names. */
  labels: string[];
  reheatingInstructions: string;
};

export type SheetClient = {
  id: number;
  name: string;
  phone: string;
  /** Street, city, state and zip on one line. */
  address: string;
  deliveryInstructions: string;
  /** The client's dietary label names. */
  labels: string[];
  dietaryRequirements: string;
  /** Allergen names the client is allergic to (the driver sheet prints them). */
  allergies: string[];
  /** Whom to call when the client does not answer: the first of their emergency contacts, when they have one. */
  emergencyContact?: SheetContact;
};

/** A contact as a sheet prints it; the phone as people of the account's region write it. */
export type SheetContact = { name: string; relationship: string; phone: string };

export type SheetStop = {
  /** 1-based, in driving order. */
  number: number;
  start: string;
  end: string;
  travelMins?: number;
  travelKms?: number;
  client: SheetClient;
  /**
   * The client's meals, on the client's first stop only (a second visit the same day carries none, so nothing is
   * counted twice); `mealsAtStop` then names the stop that carries them.
   */
  meals: SheetMeal[];
  mealsAtStop: number | null;
};

export type RoundSheet = {
  /** `driverName`: the roster's driver that day (driver sheet only); null when nobody drives, absent elsewhere. */
  round: { name: string; address: string; pickupTime: string; driverName?: string | null };
  /** YYYY-MM-DD. */
  date: string;
  stops: SheetStop[];
  /** The drive from the last stop back to the base, where the screen knew it. */
  returnTravel?: { mins: number; kms: number };
  /** Clients of the round with counted meals that day but no stop among the events. */
  unvisited: { client: SheetClient; meals: SheetMeal[] }[];
};

export function sumPortions(meals: SheetMeal[]): number {
  return meals.reduce((total, meal) => total + meal.quantity, 0);
}

/** Every portion of the sheet: the stops' meals and the unvisited clients'. */
export function countSheetPortions(sheet: RoundSheet): number {
  return (
    sheet.stops.reduce((total, stop) => total + sumPortions(stop.meals), 0) +
    sheet.unvisited.reduce((total, entry) => total + sumPortions(entry.meals), 0)
  );
}

/** The client's dietary labels and free-text requirements on one line. */
export function describeDiet(client: SheetClient): string {
  return [client.labels.join(', '), client.dietaryRequirements.trim()].filter(Boolean).join('; ');
}
