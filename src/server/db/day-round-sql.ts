import { sql, type SQL } from 'drizzle-orm';

/*
 * The round of a visit on its day, in one place: the day planner's applied assignment (visit_round_days) when it
 * gives the visit one, else its client's own round. Every list of "a round's day" uses these fragments: the rounds
 * screen's visits, the driver sheets and runs, the kitchen and label sheets and the packing list by round.
 */

/** The round (id, or null) that carries the visit: `visitId` a visit id, `clientRoundId` its client's round_id. */
export function visitRoundOf(visitId: SQL, clientRoundId: SQL): SQL<number | null> {
  return sql<number | null>`coalesce((select vrd.round_id from visit_round_days vrd
    where vrd.visit_id = ${visitId}), ${clientRoundId})`;
}

/**
 * The round that carries a client on a day, for what is counted per client and day (meals, labels): the round
 * of the client's first assigned visit that day, else the client's own round. A client whose visits of a day ride
 * different rounds is counted once, on the first of them.
 */
export function clientRoundOn(clientId: SQL, date: SQL, clientRoundId: SQL): SQL<number | null> {
  // Driven from the client's visits of the day (index on client and date), then each one's row by its key.
  return sql<number | null>`coalesce((select vrd.round_id from visits v
    join visit_round_days vrd on vrd.visit_id = v.id
    where v.client_id = ${clientId} and v.date = ${date}
    order by vrd.position, vrd.visit_id limit 1), ${clientRoundId})`;
}
