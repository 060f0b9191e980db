import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { runOptimiseCommand } from './cli';
import { captureCliOutput } from '../testing/capture-cli-output';

describe('npm run optimise', () => {
  const dir = mkdtempSync(join(tmpdir(), 'optimise-'));

  it('prints one JSON line with the name, nodes, length and time', async () => {
    const file = join(dir, 'square.tsp');
    writeFileSync(
      file,
      'NAME: square\nTYPE: TSP\nDIMENSION: 4\nEDGE_WEIGHT_TYPE: EUC_2D\nNODE_COORD_SECTION\n1 0 0\n2 10 10\n3 10 0\n4 0 10\nEOF\n',
    );
    const { lines, errors, output } = captureCliOutput();
    expect(await runOptimiseCommand([file], output)).toBe(0);
    expect(errors).toEqual([]);
    expect(lines).toHaveLength(1);
    const result: unknown = JSON.parse(lines[0]!);
    expect(result).toEqual({ name: 'square', nodes: 4, length: 40, ms: expect.any(Number) });
    expect(Object.keys(result as object)).toEqual(['name', 'nodes', 'length', 'ms']);
  });

  it('prints a one-line error and exits 1 for a bad file', async () => {
    const file = join(dir, 'bad.tsp');
    writeFileSync(file, 'NAME: bad\nTYPE: HCP\nDIMENSION: 4\n');
    const { lines, errors, output } = captureCliOutput();
    expect(await runOptimiseCommand([file], output)).toBe(1);
    expect(lines).toEqual([]);
    expect(errors).toHaveLength(1);
    expect(errors[0]).toMatch(/^optimise: .*TYPE HCP/);
  });

  it('explains its usage without a file', async () => {
    const { errors, output } = captureCliOutput();
    expect(await runOptimiseCommand([], output)).toBe(1);
    expect(errors[0]).toMatch(/Usage: npm run optimise -- FILE/);
  });
});
