/** TSPLIB95 distance functions, exactly as the TSPLIB95 document defines them (their rounding is part of the optimum). */
export type Point = { x: number; y: number };

export type CoordinateMetric = 'EUC_2D' | 'CEIL_2D' | 'ATT' | 'GEO';

/** C's (int)(x + 0.5), which TSPLIB calls nint. */
function nint(value: number): number {
  return Math.trunc(value + 0.5);
}

export function measureDistance(metric: CoordinateMetric, from: Point, to: Point): number {
  switch (metric) {
    case 'EUC_2D':
      return nint(Math.hypot(from.x - to.x, from.y - to.y));
    case 'CEIL_2D':
      return Math.ceil(Math.hypot(from.x - to.x, from.y - to.y));
    case 'ATT':
      return measurePseudoEuclidean(from, to);
    case 'GEO':
      return measureGeographical(from, to);
  }
}

function measurePseudoEuclidean(from: Point, to: Point): number {
  const dx = from.x - to.x;
  const dy = from.y - to.y;
  const exact = Math.sqrt((dx * dx + dy * dy) / 10);
  const rounded = nint(exact);
  return rounded < exact ? rounded + 1 : rounded;
}

// TSPLIB95 fixes these constants (not Math.PI): changing them changes the published optima.
const tsplibPi = 3.141592;
const earthRadius = 6378.388;

/** Coordinates are DDD.MM (degrees, then minutes as the fraction's first two digits). */
function toRadians(value: number): number {
  const degrees = Math.trunc(value);
  const minutes = value - degrees;
  return (tsplibPi * (degrees + (5 * minutes) / 3)) / 180;
}

function measureGeographical(from: Point, to: Point): number {
  const latitudeFrom = toRadians(from.x);
  const longitudeFrom = toRadians(from.y);
  const latitudeTo = toRadians(to.x);
  const longitudeTo = toRadians(to.y);
  const q1 = Math.cos(longitudeFrom - longitudeTo);
  const q2 = Math.cos(latitudeFrom - latitudeTo);
  const q3 = Math.cos(latitudeFrom + latitudeTo);
  return Math.trunc(earthRadius * Math.acos(0.5 * ((1 + q1) * q2 - (1 - q1) * q3)) + 1);
}
