import { measureGreatCircleKm, roadFactor } from '../../maps/offline-provider';

/** A stop of a demo round's day: where it is and how long the visit lasts. */
export type DemoStop = { key: number; latitude: number; longitude: number; durationMinutes: number };

/** When the demo rounds' first visits start, in minutes after midnight (10:00, after pickup at the kitchen). */
export const demoRoundStartMinutes = 10 * 60;
/** The drive between stops at the offline maps provider's default urban speed. */
const demoSpeedKmh = 30;
/** Visit times in the CRM are kept on five-minute steps, as a scheduler would book them. */
const bookingStepMinutes = 5;
/** A driver's run: a round with more visits in a day (the benchmark's seeds) is booked as several runs. */
export const demoMaxStopsPerRun = 30;

function travelMinutes(from: DemoStop, to: DemoStop): number {
  const kms = measureGreatCircleKm(from, to) * roadFactor;
  return (kms / demoSpeedKmh) * 60;
}

/** Nearest neighbour from the first stop: a plausible order a scheduler would book, which the optimiser improves. */
function orderStops(stops: readonly DemoStop[]): DemoStop[] {
  const [first, ...rest] = stops;
  if (!first) return [];
  const ordered = [first];
  const remaining = [...rest];
  let current = first;
  while (remaining.length > 0) {
    let bestIndex = 0;
    for (let index = 1; index < remaining.length; index += 1) {
      const candidate = remaining[index];
      const best = remaining[bestIndex];
      if (candidate && best && travelMinutes(current, candidate) < travelMinutes(current, best))
        bestIndex = index;
    }
    const [next] = remaining.splice(bestIndex, 1);
    if (!next) break;
    ordered.push(next);
    current = next;
  }
  return ordered;
}

/** Runs of at most demoMaxStopsPerRun neighbouring stops: stops sorted by bearing from their centre, then cut. */
function splitIntoRuns(stops: readonly DemoStop[]): DemoStop[][] {
  if (stops.length <= demoMaxStopsPerRun) return [[...stops]];
  const centre = {
    latitude: stops.reduce((sum, stop) => sum + stop.latitude, 0) / stops.length,
    longitude: stops.reduce((sum, stop) => sum + stop.longitude, 0) / stops.length,
  };
  const bearing = (stop: DemoStop) =>
    Math.atan2(stop.latitude - centre.latitude, stop.longitude - centre.longitude);
  const sorted = [...stops].sort((a, b) => bearing(a) - bearing(b) || a.key - b.key);
  const runs: DemoStop[][] = [];
  for (let index = 0; index < sorted.length; index += demoMaxStopsPerRun) {
    runs.push(sorted.slice(index, index + demoMaxStopsPerRun));
  }
  return runs;
}

/**
 * The start minute of each stop of one round's day, keyed by `key`: the visits of a run follow one another, each
 * starting once the previous one has ended and the drive to it is over (rounded up to the booking step), so the day
 * the demo CRM hands over is one a driver could really do. Every run starts at demoRoundStartMinutes.
 */
export function scheduleDemoRoundDay(stops: readonly DemoStop[]): Map<number, number> {
  const starts = new Map<number, number>();
  for (const run of splitIntoRuns(stops)) {
    let previous: DemoStop | null = null;
    let clock = demoRoundStartMinutes;
    for (const stop of orderStops(run)) {
      if (previous) {
        const ready = clock + travelMinutes(previous, stop);
        clock = Math.ceil(ready / bookingStepMinutes) * bookingStepMinutes;
      }
      starts.set(stop.key, clock);
      clock += stop.durationMinutes;
      previous = stop;
    }
  }
  return starts;
}
