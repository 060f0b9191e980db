/**
 * The day's visits as the day planner and the volunteer hours read them (the day plans' repository reads them), and
 * the portions each delivers.
 */

/** A visit as the day planner reads it: its client's place, window and round, its times and its client's day. */
export type StoredPlanVisit = {
  id: number;
  date: string;
  status: string;
  startAt: Date;
  endAt: Date;
  timezone: string;
  client: {
    id: number;
    name: string;
    address: string;
    city: string;
    state: string;
    zip: string;
    latitude: number | null;
    longitude: number | null;
    /** The client's own round. */
    roundId: number | null;
    windowEarliest: string | null;
    windowLatest: string | null;
  };
  /** The round carrying it that day (the applied assignment, else the client's round). */
  dayRoundId: number | null;
  /** The client's counted portions of the day (on each of the client's visits that day; see placeDayPortions). */
  dayPortions: number;
};

/** A visit as the day planner plans it: `portions` is what the stop delivers (its demand on the round's van). */
export type PlanVisitRow = Omit<StoredPlanVisit, 'dayPortions'> & { portions: number };

const dayOf = (visit: StoredPlanVisit) => `${String(visit.client.id)} ${visit.date}`;
const isEarlier = (a: StoredPlanVisit, b: StoredPlanVisit) =>
  a.startAt.getTime() < b.startAt.getTime() || (a.startAt.getTime() === b.startAt.getTime() && a.id < b.id);

/**
 * A client's portions of a day are delivered once: the client's first visit that day (by start, then id) among
 * these visits carries them, the client's other visits that day carry none, so a client seen twice is never
 * loaded twice. The order of the visits is kept.
 */
export function placeDayPortions(visits: readonly StoredPlanVisit[]): PlanVisitRow[] {
  const first = new Map<string, StoredPlanVisit>();
  for (const visit of visits) {
    const earliest = first.get(dayOf(visit));
    if (!earliest || isEarlier(visit, earliest)) first.set(dayOf(visit), visit);
  }
  return visits.map((visit) => {
    const { dayPortions, ...rest } = visit;
    return { ...rest, portions: first.get(dayOf(visit)) === visit ? dayPortions : 0 };
  });
}
