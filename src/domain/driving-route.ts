/**
 * The Driving Route: Google Maps directions from the round's base through every stop in order and back to the
 * base. A directions link takes at most 9 waypoints between its origin and destination (the Maps URLs limit on
 * desktop and in the app; more are dropped without a word), so a longer round is split into parts: each part
 * starts where the previous one ended, and the last one ends at the base.
 */
export const maxRouteWaypoints = 9;

export type DrivingRoutePart = {
  /** 1-based position of this part and how many parts there are. */
  part: number;
  parts: number;
  /** The 1-based stop numbers this part drives to; none when it only returns to the base. */
  firstStop: number | null;
  lastStop: number | null;
  /** The part ends at the base (the last part). */
  endsAtBase: boolean;
  url: string;
};

function buildDirectionsUrl(origin: string, waypoints: readonly string[], destination: string): string {
  const params = new URLSearchParams({ api: '1', origin, destination });
  if (waypoints.length > 0) params.set('waypoints', waypoints.join('|'));
  return `https://www.google.com/maps/dir/?${params.toString()}`;
}

/**
 * The route base -> stops -> base cut into directions links of at most `maxWaypoints` waypoints each; [] without
 * stops (there is nowhere to drive).
 */
export function splitDrivingRoute(
  base: string,
  stops: readonly string[],
  maxWaypoints: number = maxRouteWaypoints,
): DrivingRoutePart[] {
  if (stops.length === 0) return [];
  // Every point after the origin: each stop, then the base again. A part reaches at most maxWaypoints + 1 of them.
  const perPart = Math.max(1, maxWaypoints) + 1;
  const points = [...stops, base];
  const parts = Math.ceil(points.length / perPart);
  return Array.from({ length: parts }, (_, index) => {
    const from = index * perPart;
    const reached = points.slice(from, from + perPart);
    const origin = index === 0 ? base : (points[from - 1] ?? base);
    const endsAtBase = index === parts - 1;
    const stopCount = endsAtBase ? reached.length - 1 : reached.length;
    return {
      part: index + 1,
      parts,
      firstStop: stopCount > 0 ? from + 1 : null,
      lastStop: stopCount > 0 ? from + stopCount : null,
      endsAtBase,
      url: buildDirectionsUrl(origin, reached.slice(0, -1), reached.at(-1) ?? base),
    };
  });
}

/** 'Driving route, part 1 of 3: stops 1-10'; the last part adds 'and back to base'; one part is 'Driving Route'. */
export function describeDrivingRoutePart(part: DrivingRoutePart): string {
  if (part.parts === 1) return 'Driving Route';
  const stops =
    part.firstStop === null || part.lastStop === null
      ? ''
      : part.firstStop === part.lastStop
        ? `stop ${part.firstStop}`
        : `stops ${part.firstStop}-${part.lastStop}`;
  const where = part.endsAtBase ? (stops ? `${stops} and back to base` : 'back to base') : stops;
  return `Driving route, part ${part.part} of ${part.parts}: ${where}`;
}
