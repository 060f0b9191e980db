import { measureDistance, type CoordinateMetric, type Point } from './tsplib-distances';

/** A TSPLIB95 instance reduced to what the optimiser needs. */
export type TsplibInstance = {
  name: string;
  type: 'TSP' | 'ATSP';
  size: number;
  /** Row-major size x size matrix in the file's own metric. */
  costs: Float64Array;
};

const coordinateMetrics: readonly CoordinateMetric[] = ['EUC_2D', 'CEIL_2D', 'ATT', 'GEO'];

function isCoordinateMetric(value: string): value is CoordinateMetric {
  return (coordinateMetrics as readonly string[]).includes(value);
}

type Header = Map<string, string>;

/** Reads the header lines up to the first section; both "KEY: value" and "KEY : value" occur in the wild. */
function readHeader(lines: string[]): Header {
  const header: Header = new Map();
  for (let index = 0; index < lines.length; index += 1) {
    const line = (lines[index] ?? '').trim();
    if (line === '' || line === 'EOF') continue;
    if (/^[A-Z_]+_SECTION\s*:?$/.test(line)) return header;
    const match = /^([A-Z_0-9]+)\s*:\s*(.*)$/.exec(line);
    if (match) {
      header.set(match[1] ?? '', (match[2] ?? '').trim());
      continue;
    }
    throw new Error(`TSPLIB line ${index + 1}: expected "KEYWORD: value" or a section, found "${line}".`);
  }
  return header;
}

function requireKey(header: Header, key: string): string {
  const value = header.get(key);
  if (value === undefined || value === '') throw new Error(`TSPLIB: the ${key} keyword is missing.`);
  return value;
}

/** Numbers of a section, which TSPLIB lets span lines arbitrarily; stops at the next keyword line. */
function readNumbers(lines: string[], from: number, wanted: number, section: string): number[] {
  const numbers: number[] = [];
  for (let index = from; index < lines.length && numbers.length < wanted; index += 1) {
    const line = (lines[index] ?? '').trim();
    if (line === '') continue;
    if (/^[A-Z]/.test(line)) break;
    for (const token of line.split(/\s+/)) {
      const value = Number(token);
      if (!Number.isFinite(value)) {
        throw new Error(`TSPLIB line ${index + 1}: "${token}" in ${section} is not a number.`);
      }
      numbers.push(value);
    }
  }
  if (numbers.length < wanted) {
    throw new Error(`TSPLIB: ${section} has ${numbers.length} numbers where ${wanted} were expected.`);
  }
  return numbers;
}

function findSection(lines: string[], section: string): number {
  const at = lines.findIndex((line) => line.trim().replace(/\s*:$/, '') === section);
  if (at < 0) throw new Error(`TSPLIB: the ${section} is missing.`);
  return at + 1;
}

export function parseTsplib(text: string): TsplibInstance {
  const lines = text.split(/\r?\n/);
  const header = readHeader(lines);
  const type = requireKey(header, 'TYPE').split(/\s+/)[0] ?? '';
  if (type !== 'TSP' && type !== 'ATSP') {
    throw new Error(`TSPLIB: TYPE ${type} is not supported (only TSP and ATSP).`);
  }
  const size = Number(requireKey(header, 'DIMENSION'));
  if (!Number.isInteger(size) || size < 1) {
    throw new Error(`TSPLIB: DIMENSION "${header.get('DIMENSION')}" is not a positive integer.`);
  }
  const weightType = requireKey(header, 'EDGE_WEIGHT_TYPE');
  const name = header.get('NAME') ?? 'unnamed';
  if (weightType === 'EXPLICIT') {
    const format = requireKey(header, 'EDGE_WEIGHT_FORMAT');
    if (format !== 'FULL_MATRIX') {
      throw new Error(`TSPLIB: EDGE_WEIGHT_FORMAT ${format} is not supported (only FULL_MATRIX).`);
    }
    const numbers = readNumbers(
      lines,
      findSection(lines, 'EDGE_WEIGHT_SECTION'),
      size * size,
      'EDGE_WEIGHT_SECTION',
    );
    return { name, type, size, costs: Float64Array.from(numbers.slice(0, size * size)) };
  }
  if (!isCoordinateMetric(weightType)) {
    throw new Error(
      `TSPLIB: EDGE_WEIGHT_TYPE ${weightType} is not supported (EUC_2D, CEIL_2D, ATT, GEO, EXPLICIT).`,
    );
  }
  const points = readPoints(lines, size);
  const costs = new Float64Array(size * size);
  points.forEach((from, fromIndex) => {
    points.forEach((to, toIndex) => {
      if (fromIndex !== toIndex) costs[fromIndex * size + toIndex] = measureDistance(weightType, from, to);
    });
  });
  return { name, type, size, costs };
}

function readPoints(lines: string[], size: number): Point[] {
  const numbers = readNumbers(
    lines,
    findSection(lines, 'NODE_COORD_SECTION'),
    size * 3,
    'NODE_COORD_SECTION',
  );
  const points: Point[] = new Array<Point>(size);
  for (let index = 0; index < size; index += 1) {
    const id = numbers[index * 3] ?? 0;
    if (!Number.isInteger(id) || id < 1 || id > size || points[id - 1]) {
      throw new Error(`TSPLIB: NODE_COORD_SECTION has an unexpected node number ${id}.`);
    }
    points[id - 1] = { x: numbers[index * 3 + 1] ?? 0, y: numbers[index * 3 + 2] ?? 0 };
  }
  return points;
}

/** Reads a .tour file's TOUR_SECTION as 0-based node indices. */
export function parseTsplibTour(text: string): number[] {
  const lines = text.split(/\r?\n/);
  const order: number[] = [];
  for (let index = findSection(lines, 'TOUR_SECTION'); index < lines.length; index += 1) {
    for (const token of (lines[index] ?? '').trim().split(/\s+/)) {
      if (token === '') continue;
      if (token === '-1' || token === 'EOF') return order;
      const node = Number(token);
      if (!Number.isInteger(node) || node < 1) {
        throw new Error(`TSPLIB line ${index + 1}: "${token}" is not a node number.`);
      }
      order.push(node - 1);
    }
  }
  return order;
}
