/**
 * Solves a Solomon-format VRPTW file with the production settings (two worker threads, seeds 1 and 2) and prints
 * one JSON line:
 *   npm run -s vrptw -- FILE   ->  {"name":"C101","routes":[[20,24,...],...],"distance":828.94,"unassigned":[],"ms":950}
 * Routes list customer numbers in driving order; unassigned lists customer numbers no vehicle could take.
 */
import { readFile } from 'node:fs/promises';
import { pathToFileURL } from 'node:url';
import type { CliOutput } from '../cli';
import { parseSolomon, solomonToProblem } from './solomon';
import { solveVrptwInWorkers } from './solve-in-workers';

export type VrptwCliResult = {
  name: string;
  routes: number[][];
  distance: number;
  unassigned: number[];
  ms: number;
};

const usage = 'Usage: npm run -s vrptw -- FILE';

/** Runs the command; returns the process exit code instead of exiting, so tests can call it. */
export async function runVrptwCommand(args: string[], output: CliOutput): Promise<number> {
  try {
    const [file, ...extra] = args;
    if (!file || extra.length > 0) throw new Error(usage);
    const instance = parseSolomon(await readFile(file, 'utf8'));
    const started = performance.now();
    const solution = await solveVrptwInWorkers(solomonToProblem(instance));
    const ms = Math.round(performance.now() - started);
    const customerNumber = (visit: number) => instance.nodes[visit + 1]?.number ?? visit + 1;
    const result: VrptwCliResult = {
      name: instance.name,
      routes: solution.routes
        .filter((route) => route.visits.length > 0)
        .map((route) => route.visits.map(customerNumber)),
      // Two decimals, as the published results are given.
      distance: Math.round(solution.distance * 100) / 100,
      unassigned: solution.unassigned.map(({ visit }) => customerNumber(visit)),
      ms,
    };
    output.writeLine(JSON.stringify(result));
    return 0;
  } catch (error) {
    output.writeError(
      `vrptw: ${error instanceof Error ? error.message : String(error)}`.replace(/\s*\n\s*/g, ' '),
    );
    return 1;
  }
}

const isEntryPoint = process.argv[1] !== undefined && import.meta.url === pathToFileURL(process.argv[1]).href;
if (isEntryPoint) {
  process.exitCode = await runVrptwCommand(process.argv.slice(2), {
    writeLine: (line) => console.log(line),
    writeError: (line) => console.error(line),
  });
}
