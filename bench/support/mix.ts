import { performance } from 'node:perf_hooks';
import { Agent, request as sendRequest, type Dispatcher } from 'undici';
import type { MixRoute } from './write-mix';

export type MixFigures = { perSecond: number; p50: number; p99: number; errors: number };

export function formatLine(title: string, figures: MixFigures) {
  return `${title.padEnd(48)} ${figures.perSecond.toFixed(0).padStart(6)} req/s  p50 ${String(figures.p50).padStart(4)} ms  p99 ${String(figures.p99).padStart(4)} ms  errors ${figures.errors}`;
}

type RouteTally = { latencies: number[]; errors: number };

function percentile(sorted: number[], share: number): number {
  return Math.round(sorted[Math.min(sorted.length - 1, Math.floor(sorted.length * share))] ?? 0);
}

/** A fixed order of the routes by their shares (no randomness: every run sends the same sequence). */
function buildSchedule(routes: MixRoute[]): MixRoute[] {
  return routes.flatMap((route) => Array.from({ length: route.share }, () => route));
}

export type MixOptions = {
  name: string;
  routes: MixRoute[];
  /** Sent as the bearer token unless a request gives its own authorization header. */
  jwt: string;
  /** The servers' base URLs: connection i sends to bases[i % bases.length]. */
  bases: string[];
  seconds: number;
  connections: number;
};

/**
 * `connections` loops, each sending its next request when the last one answered; errors are non-2xx or failed.
 * Prints the mix's figures and each route's, and answers the mix's with the number of requests answered.
 */
export async function runMix(options: MixOptions): Promise<MixFigures & { requests: number }> {
  const { name, routes, jwt, bases, seconds, connections } = options;
  const schedule = buildSchedule(routes);
  const tallies = new Map(routes.map((route) => [route.name, { latencies: [], errors: 0 } as RouteTally]));
  const sent = new Map(routes.map((route) => [route.name, 0]));
  let next = 0;
  // undici's request rather than fetch: the generator shares the machine's cores with the servers, and fetch cost
  // about 1 ms of CPU a request. One connection per loop, kept open.
  const dispatcher = new Agent({ connections: Math.ceil(connections / bases.length) });
  const endAt = performance.now() + seconds * 1000;
  async function loop(_: unknown, connection: number) {
    const base = bases[connection % bases.length] as string;
    while (performance.now() < endAt) {
      const route = schedule[next % schedule.length] as MixRoute;
      next += 1;
      const count = sent.get(route.name) ?? 0;
      sent.set(route.name, count + 1);
      const request = route.request(count);
      const tally = tallies.get(route.name) as RouteTally;
      const startedAt = performance.now();
      try {
        const response = await sendRequest(`${base}${request.path}`, {
          dispatcher,
          method: (request.method ?? 'GET') as Dispatcher.HttpMethod,
          headers: {
            authorization: `Bearer ${jwt}`,
            ...(request.body === undefined ? {} : { 'content-type': 'application/json' }),
            ...request.headers,
          },
          body: request.body === undefined ? undefined : JSON.stringify(request.body),
        });
        const answer = await response.body.text();
        const isOk = response.statusCode >= 200 && response.statusCode < 300;
        const isRefused = isOk && request.isRefused?.(JSON.parse(answer));
        if (!isOk || isRefused) tally.errors += 1;
      } catch {
        tally.errors += 1;
      }
      tally.latencies.push(performance.now() - startedAt);
    }
  }
  const startedAt = performance.now();
  await Promise.all(Array.from({ length: connections }, loop));
  const elapsedSeconds = (performance.now() - startedAt) / 1000;
  await dispatcher.close();
  const summarise = (list: RouteTally[]): MixFigures => {
    const latencies = list.flatMap((tally) => tally.latencies).sort((a, b) => a - b);
    return {
      perSecond: latencies.length / elapsedSeconds,
      p50: percentile(latencies, 0.5),
      p99: percentile(latencies, 0.99),
      errors: list.reduce((sum, tally) => sum + tally.errors, 0),
    };
  };
  const figures = summarise([...tallies.values()]);
  console.log(formatLine(`[${name}] mix`, figures));
  for (const route of routes)
    console.log(formatLine(`[${name}]   ${route.name}`, summarise([tallies.get(route.name) as RouteTally])));
  const requests = [...tallies.values()].reduce((sum, tally) => sum + tally.latencies.length, 0);
  return { ...figures, requests };
}
