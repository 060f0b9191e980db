import type { CliOutput } from '../routing/cli';

/** A command's output kept in lists, for tests of the command-line tools. */
export function captureCliOutput(): { lines: string[]; errors: string[]; output: CliOutput } {
  const lines: string[] = [];
  const errors: string[] = [];
  return {
    lines,
    errors,
    output: {
      writeLine: (line) => lines.push(line),
      writeError: (line) => errors.push(line),
    },
  };
}
