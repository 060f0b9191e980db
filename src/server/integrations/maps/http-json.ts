import { mapsFailed, type Point, type RawTravel } from './maps-provider';

export type FetchJsonOptions = { provider: string; timeoutMs: number; fetch?: typeof fetch };

/**
 * GETs a JSON document with a timeout. Every failure (network, timeout, non-2xx, not JSON) becomes a code-9
 * error naming the provider and the reason; the URL is never echoed because it may carry an API key.
 */
export async function fetchJson(url: string, options: FetchJsonOptions): Promise<unknown> {
  const doFetch = options.fetch ?? fetch;
  let response: Response;
  try {
    response = await doFetch(url, {
      signal: AbortSignal.timeout(options.timeoutMs),
      headers: { accept: 'application/json', 'user-agent': 'MealRounds' },
    });
  } catch (error) {
    const isTimeout = error instanceof Error && error.name === 'TimeoutError';
    throw mapsFailed(
      options.provider,
      isTimeout ? `no answer within ${options.timeoutMs} ms.` : 'the service could not be reached.',
    );
  }
  let body: unknown;
  try {
    body = await response.json();
  } catch {
    throw mapsFailed(options.provider, `the service answered HTTP ${response.status} without valid JSON.`);
  }
  if (!response.ok && !isObject(body)) {
    throw mapsFailed(options.provider, `the service answered HTTP ${response.status}.`);
  }
  return body;
}

export function isObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** Splits 0..count-1 into consecutive blocks of at most `size`. */
function splitIntoBlocks(count: number, size: number): number[][] {
  const blocks: number[][] = [];
  for (let start = 0; start < count; start += size) {
    blocks.push(Array.from({ length: Math.min(size, count - start) }, (_, index) => start + index));
  }
  return blocks;
}

/**
 * A full origins x destinations matrix (row-major) asked block by block, so that each request stays within the
 * provider's limits (blockSize origins by blockSize destinations).
 */
export async function askMatrixInBlocks(
  origins: Point[],
  destinations: Point[],
  blockSize: number,
  askBlock: (origins: Point[], destinations: Point[]) => Promise<RawTravel[]>,
): Promise<RawTravel[]> {
  const result = new Array<RawTravel>(origins.length * destinations.length);
  for (const rows of splitIntoBlocks(origins.length, blockSize)) {
    for (const columns of splitIntoBlocks(destinations.length, blockSize)) {
      const cells = await askBlock(
        rows.map((i) => origins[i] as Point),
        columns.map((j) => destinations[j] as Point),
      );
      rows.forEach((i, r) =>
        columns.forEach((j, c) => {
          result[i * destinations.length + j] = cells[r * columns.length + c] as RawTravel;
        }),
      );
    }
  }
  return result;
}
