import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { runVrptwCommand } from './cli';
import { parseSolomon, solomonToProblem } from './solomon';
import { captureCliOutput } from '../../testing/capture-cli-output';

const tiny = `TINY

VEHICLE
NUMBER     CAPACITY
  2          10

CUSTOMER
CUST NO.  XCOORD.   YCOORD.    DEMAND   READY TIME  DUE DATE   SERVICE   TIME

    0      0          0          0          0        100          0
    1      3          4          6         10         20          5
    2      0          8          6          0         50          5
`;

describe('Solomon files', () => {
  it('reads the vehicles, capacity and node lines', () => {
    const instance = parseSolomon(tiny);
    expect(instance).toMatchObject({ name: 'TINY', vehicleCount: 2, capacity: 10 });
    expect(instance.nodes[1]).toEqual({ number: 1, x: 3, y: 4, demand: 6, ready: 10, due: 20, service: 5 });
  });

  it('follows the published conventions: Euclidean doubles, time = distance, the depot hours', () => {
    const problem = solomonToProblem(parseSolomon(tiny));
    expect(problem.size).toBe(3);
    expect(problem.travelTimes[0 * 3 + 1]).toBe(5);
    expect(problem.travelTimes[1 * 3 + 2]).toBeCloseTo(5, 12);
    expect(problem.distances).toBeUndefined();
    expect(problem.vehicles).toEqual([
      { startNode: 0, startTime: 0, latestReturn: 100, capacity: 10 },
      { startNode: 0, startTime: 0, latestReturn: 100, capacity: 10 },
    ]);
    expect(problem.visits[0]).toEqual({ node: 1, demand: 6, serviceTime: 5, earliest: 10, latest: 20 });
  });

  it('refuses a file without vehicles or customers', () => {
    expect(() => parseSolomon('JUNK\nhello\n')).toThrow(/Not a Solomon file/);
    expect(() => parseSolomon('X\n 2 10\n 0 0 0 0 0 100 0\n')).toThrow(/at least one customer/);
  });
});

describe('npm run vrptw', () => {
  const dir = mkdtempSync(join(tmpdir(), 'vrptw-'));

  it('prints one JSON line: name, routes of customer numbers, distance, unassigned, ms', async () => {
    const file = join(dir, 'tiny.txt');
    writeFileSync(file, tiny);
    const { lines, errors, output } = captureCliOutput();
    expect(await runVrptwCommand([file], output)).toBe(0);
    expect(errors).toEqual([]);
    expect(lines).toHaveLength(1);
    const result = JSON.parse(lines[0]!) as Record<string, unknown>;
    expect(Object.keys(result)).toEqual(['name', 'routes', 'distance', 'unassigned', 'ms']);
    // 12 portions do not fit one vehicle of 10: one customer each, out and back.
    expect(result).toMatchObject({ name: 'TINY', distance: 26, unassigned: [] });
    expect((result.routes as number[][]).sort()).toEqual([[1], [2]]);
  });

  it('prints a one-line error and exits 1 for a bad file or arguments', async () => {
    const file = join(dir, 'bad.txt');
    writeFileSync(file, 'nothing here');
    const bad = captureCliOutput();
    expect(await runVrptwCommand([file], bad.output)).toBe(1);
    expect(bad.errors).toEqual(['vrptw: Not a Solomon file: no vehicle count and capacity.']);
    const none = captureCliOutput();
    expect(await runVrptwCommand([], none.output)).toBe(1);
    expect(none.errors).toEqual(['vrptw: Usage: npm run -s vrptw -- FILE']);
  });
});
