import { createRandom } from '../prng';
import type { VrptwProblem } from './types';

/**
 * Small random problems for the tests: two bases and up to 7 visits on a 100 x 100 plane, with windows,
 * capacities, return times, travel times slower than distances and, optionally, usual vehicles.
 */
export function createSmallProblem(seed: number, visitCount: number, vehicleCount: number): VrptwProblem {
  const random = createRandom(seed);
  const points = Array.from({ length: visitCount + 2 }, () => [random.next() * 100, random.next() * 100]);
  const size = points.length;
  const distances = new Float64Array(size * size);
  const travelTimes = new Float64Array(size * size);
  for (let from = 0; from < size; from += 1) {
    for (let to = 0; to < size; to += 1) {
      const [x1, y1] = points[from] ?? [0, 0];
      const [x2, y2] = points[to] ?? [0, 0];
      distances[from * size + to] = Math.hypot((x1 ?? 0) - (x2 ?? 0), (y1 ?? 0) - (y2 ?? 0));
      travelTimes[from * size + to] = 1.5 * Math.hypot((x1 ?? 0) - (x2 ?? 0), (y1 ?? 0) - (y2 ?? 0));
    }
  }
  const hasUsual = seed % 3 === 0;
  return {
    size,
    distances,
    travelTimes,
    vehicles: Array.from({ length: vehicleCount }, (_, vehicle) => ({
      startNode: vehicle % 2,
      startTime: 20 * random.nextInt(3),
      latestReturn: random.next() < 0.7 ? 250 + random.nextInt(200) : null,
      capacity: random.next() < 0.7 ? 10 + random.nextInt(15) : null,
    })),
    visits: Array.from({ length: visitCount }, (_, visit) => {
      const earliest = random.nextInt(250);
      return {
        node: 2 + visit,
        demand: 1 + random.nextInt(8),
        serviceTime: 5 + random.nextInt(10),
        earliest: random.next() < 0.6 ? earliest : null,
        latest: random.next() < 0.6 ? earliest + 20 + random.nextInt(150) : null,
        usualVehicle: hasUsual ? random.nextInt(vehicleCount) : null,
      };
    }),
    weights: { time: random.next(), distance: 1 },
    stabilityPenalty: hasUsual ? 15 : 0,
  };
}
