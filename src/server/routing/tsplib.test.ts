import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { computeTourCost, solveTour } from './solve-tour';
import { parseTsplib, parseTsplibTour } from './tsplib';

function writeCoordinates(type: string, points: [number, number][], separator = ': '): string {
  const lines = [
    `NAME${separator}tiny`,
    `TYPE${separator}TSP`,
    `DIMENSION${separator}${points.length}`,
    `EDGE_WEIGHT_TYPE${separator}${type}`,
    'NODE_COORD_SECTION',
    ...points.map(([x, y], index) => `${index + 1} ${x} ${y}`),
    'EOF',
  ];
  return lines.join('\n');
}

function readCost(text: string, from: number, to: number): number {
  const instance = parseTsplib(text);
  return instance.costs[from * instance.size + to]!;
}

describe('TSPLIB metrics, against hand-computed distances', () => {
  it('EUC_2D rounds to the nearest integer', () => {
    const text = writeCoordinates('EUC_2D', [
      [0, 0],
      [3, 4],
      [1, 1],
      [2, 3],
    ]);
    expect(readCost(text, 0, 1)).toBe(5);
    expect(readCost(text, 0, 2)).toBe(1); // sqrt 2 = 1.41
    expect(readCost(text, 0, 3)).toBe(4); // sqrt 13 = 3.61
    expect(readCost(text, 3, 0)).toBe(4);
    expect(readCost(text, 2, 2)).toBe(0);
  });

  it('CEIL_2D rounds up', () => {
    const text = writeCoordinates('CEIL_2D', [
      [0, 0],
      [1, 1],
      [3, 4],
    ]);
    expect(readCost(text, 0, 1)).toBe(2);
    expect(readCost(text, 0, 2)).toBe(5);
  });

  it('ATT is pseudo-Euclidean, rounded up whenever rounding went down', () => {
    const text = writeCoordinates(
      'ATT',
      [
        [0, 0],
        [10, 0],
        [30, 40],
        [10, 30],
      ],
      ' : ',
    );
    expect(readCost(text, 0, 1)).toBe(4); // sqrt(100 / 10) = 3.16 -> 3 < 3.16 -> 4
    expect(readCost(text, 0, 2)).toBe(16); // sqrt(250) = 15.81 -> 16
    expect(readCost(text, 0, 3)).toBe(10); // sqrt(100) = 10 exactly
  });

  it('GEO reads degrees.minutes and uses the TSPLIB constants', () => {
    const text = writeCoordinates('GEO', [
      [0, 0],
      [0.3, 0], // 30 minutes of latitude: 6378.388 km * 0.5 degrees in TSPLIB radians = 55.66 km
      [-33.52, 151.13], // Sydney, 33 deg 52 min S, 151 deg 13 min E
      [-37.49, 144.58], // Melbourne, 37 deg 49 min S, 144 deg 58 min E
    ]);
    expect(readCost(text, 0, 1)).toBe(56);
    expect(readCost(text, 2, 3)).toBe(715);
  });

  it('reads a FULL_MATRIX whose rows span lines arbitrarily, asymmetric as written', () => {
    const text = [
      'NAME : three',
      'TYPE : ATSP',
      'DIMENSION : 3',
      'EDGE_WEIGHT_TYPE : EXPLICIT',
      'EDGE_WEIGHT_FORMAT : FULL_MATRIX ',
      'EDGE_WEIGHT_SECTION',
      '  9999  1 2 3',
      '9999',
      '  4',
      '5 6 9999',
      'EOF',
    ].join('\n');
    const instance = parseTsplib(text);
    expect(instance).toMatchObject({ name: 'three', type: 'ATSP', size: 3 });
    expect(Array.from(instance.costs)).toEqual([9999, 1, 2, 3, 9999, 4, 5, 6, 9999]);
  });
});

describe('TSPLIB errors', () => {
  const matrix = (type: string, format: string): string =>
    `TYPE: ${type}\nDIMENSION: 2\nEDGE_WEIGHT_TYPE: EXPLICIT\nEDGE_WEIGHT_FORMAT: ${format}\nEDGE_WEIGHT_SECTION\n0 1\n1 0\n`;

  it('names the unsupported keyword value', () => {
    expect(() => parseTsplib(matrix('HCP', 'FULL_MATRIX'))).toThrow(/TYPE HCP is not supported/);
    expect(() => parseTsplib(matrix('TSP', 'UPPER_ROW'))).toThrow(/EDGE_WEIGHT_FORMAT UPPER_ROW/);
    expect(() => parseTsplib(writeCoordinates('MAN_2D', [[0, 0]]))).toThrow(/EDGE_WEIGHT_TYPE MAN_2D/);
  });

  it('names what is missing or malformed', () => {
    expect(() => parseTsplib('TYPE: TSP\nEDGE_WEIGHT_TYPE: EUC_2D\n')).toThrow(/DIMENSION/);
    expect(() => parseTsplib(matrix('TSP', 'FULL_MATRIX').replace('1 0', '1'))).toThrow(/3 numbers where 4/);
    expect(() => parseTsplib(matrix('TSP', 'FULL_MATRIX').replace('0 1', '0 x'))).toThrow(/line 6: "x"/);
    expect(() => parseTsplib('TYPE: TSP\nthis is not tsplib\n')).toThrow(/line 2/);
    expect(() => parseTsplib(writeCoordinates('EUC_2D', [[0, 0]]).replace('1 0 0', '7 0 0'))).toThrow(
      /node number 7/,
    );
  });
});

// A few small public TSPLIB95 instances with their proven optima, kept beside the test so it runs on any checkout
// (the benchmark reads the whole set from ../shared/bench-data/tsplib).
const fixtureDir = fileURLToPath(new URL('./tsplib-fixtures/', import.meta.url));
const optima = new Map([
  ['att48', 10628],
  ['berlin52', 7542],
  ['eil51', 426],
  ['ftv33', 1286],
]);

function readFixture(file: string): string {
  return readFileSync(`${fixtureDir}${file}`, 'utf8');
}

describe('TSPLIB optimal tours give the published optima (proves the metrics)', () => {
  it.each(['att48', 'berlin52', 'eil51'])('%s', (name) => {
    const instance = parseTsplib(readFixture(`${name}.tsp`));
    const order = parseTsplibTour(readFixture(`${name}.opt.tour`));
    expect(new Set(order).size).toBe(instance.size);
    expect(computeTourCost({ costs: instance.costs, size: instance.size }, order)).toBe(optima.get(name));
  });
});

describe('the optimiser on TSPLIB with the production kick limit', () => {
  // A generous clock, so the kick limit ends the run: the result is then the same on any machine.
  it.each([
    ['berlin52.tsp', 7542],
    ['ftv33.atsp', 1286],
  ])('%s reaches its optimum %i', async (file, optimum) => {
    const instance = parseTsplib(readFixture(file));
    const solution = await solveTour(
      { costs: instance.costs, size: instance.size },
      { seed: 1, timeBudgetMs: 60_000 },
    );
    expect(solution.cost).toBe(optimum);
  });
});
