import type { ChildProcess } from 'node:child_process';
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

/**
 * The CPU time (user + system, ms) a process has used so far, from /proc (Linux, 100 clock ticks a second); null
 * elsewhere or once it is gone. CPU per request says what the work costs where latencies mostly say how long it
 * queued for a core (it still moves with a crowded machine's caches and the server's background work).
 */
export function readCpuMs(pid: number | undefined): number | null {
  if (pid === undefined) return null;
  try {
    // The fields after the command's closing parenthesis: utime and stime are the 12th and 13th of them.
    const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ').pop()?.split(' ') ?? [];
    return (Number(fields[11]) + Number(fields[12])) * 10;
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

/** The servers' CPU time so far (ms), summed; null when one of them has gone. */
export function readServersCpuMs(servers: ChildProcess[]): number | null {
  const figures = servers.map((server) => readCpuMs(server.pid));
  return figures.some((figure) => figure === null)
    ? null
    : figures.reduce<number>((sum, figure) => sum + (figure ?? 0), 0);
}
