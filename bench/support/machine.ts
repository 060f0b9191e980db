import { readFileSync } from 'node:fs';
import { loadavg } from 'node:os';

/** The process's resident memory in MB, from /proc (Linux); null elsewhere. */
export function readRssMb(pid: number | undefined): number | null {
  if (pid === undefined) return null;
  try {
    const match = /VmRSS:\s+(\d+) kB/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'));
    return match ? Math.round(Number(match[1]) / 1024) : null;
  } catch {
    return null;
  }
}

/** The machine's load average over 1, 5 and 15 minutes, for the figures printed beside it. */
export function formatLoad(): string {
  return loadavg()
    .map((value) => value.toFixed(1))
    .join(', ');
}
