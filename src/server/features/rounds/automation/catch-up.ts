/**
 * How long after its time a run missed while no server was up (a restart or a deploy across the slot) is still
 * made when a server starts. Later than this, the office day has begun: rounds being worked on are not
 * republished under the coordinators' hands, and the next day's run comes as usual.
 */
export const catchUpWindowMs = 6 * 60 * 60 * 1000;

/** Whether a server starting at `now` still makes the run of `slot`, the last scheduled time before it. */
export function isMissedRunStillDue(slot: Date, now: Date): boolean {
  return now.getTime() - slot.getTime() < catchUpWindowMs;
}
