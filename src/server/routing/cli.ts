/**
 * Solves a TSPLIB file with the production settings (seed 1) and prints one JSON line:
 *   npm run optimise -- FILE      ->  {"name":"berlin52","nodes":52,"length":7542,"ms":84}
 */
import { readFile } from 'node:fs/promises';
import { pathToFileURL } from 'node:url';
import { solveTour } from './solve-tour';
import { parseTsplib } from './tsplib';

export type CliOutput = {
  writeLine: (line: string) => void;
  writeError: (line: string) => void;
};

export type CliResult = { name: string; nodes: number; length: number; ms: number };

const usage = 'Usage: npm run optimise -- FILE.tsp|FILE.atsp';

/** Runs the command; returns the process exit code instead of exiting, so tests can call it. */
export async function runOptimiseCommand(args: string[], output: CliOutput): Promise<number> {
  try {
    const [file, ...extra] = args;
    if (!file || extra.length > 0) throw new Error(usage);
    const instance = parseTsplib(await readFile(file, 'utf8'));
    const started = performance.now();
    const solution = await solveTour({ costs: instance.costs, size: instance.size }, { seed: 1 });
    const ms = Math.round(performance.now() - started);
    // TSPLIB metrics are integers; rounding only removes float noise from summing them.
    const result: CliResult = {
      name: instance.name,
      nodes: instance.size,
      length: Math.round(solution.cost),
      ms,
    };
    output.writeLine(JSON.stringify(result));
    return 0;
  } catch (error) {
    output.writeError(
      `optimise: ${error instanceof Error ? error.message : String(error)}`.replace(/\s*\n\s*/g, ' '),
    );
    return 1;
  }
}

const isEntryPoint = process.argv[1] !== undefined && import.meta.url === pathToFileURL(process.argv[1]).href;
if (isEntryPoint) {
  process.exitCode = await runOptimiseCommand(process.argv.slice(2), {
    writeLine: (line) => console.log(line),
    writeError: (line) => console.error(line),
  });
}
