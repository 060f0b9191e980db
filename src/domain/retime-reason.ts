import type { RetimeDelay } from './round-day-rules';

/**
 * Why a visit the coordinator did not move gets new times after a move (retimeStops): its stored time cannot be
 * driven from the stop before it, or it had no time. Shown next to the visit in Publish Changes, so that no
 * visit is sent to the CRM without a word on why.
 */
export function describeRetimeDelay(
  delay: RetimeDelay,
  start: string,
  contingencyMins: number,
  clientNameAt: (index: number) => string,
): string {
  const { from } = delay;
  const origin =
    from.kind === 'base'
      ? `leaving the base at ${from.leavesAt}`
      : from.kind === 'now'
        ? `setting off now, at ${from.leavesAt}`
        : `after ${clientNameAt(from.index)}'s visit ending ${from.leavesAt}`;
  const drive = `${String(delay.travelMins)} min travel, ${String(contingencyMins)} min contingency`;
  return delay.wantedStart === null
    ? `It had no time: it takes the earliest the driver can arrive, ${start}, ${origin} (${drive}).`
    : `Stored time ${delay.wantedStart} cannot be driven: the driver arrives ${start} at the earliest, ${origin} (${drive}).`;
}
