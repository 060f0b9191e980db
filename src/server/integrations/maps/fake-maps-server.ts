import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

export type FakeAnswer =
  { status?: number; body: unknown } | { hang: true } | { raw: string; status?: number };

/**
 * A local HTTP server answering as a maps service would (tests only: no internet here). The handler sees each
 * request's URL; every request is recorded so a test can count what reached the provider.
 */
export async function startFakeMapsServer(handler: (url: URL) => FakeAnswer) {
  const requests: URL[] = [];
  const hanging = new Set<ServerResponse>();
  const server = createServer((request: IncomingMessage, response: ServerResponse) => {
    const url = new URL(request.url ?? '/', 'http://fake.test');
    requests.push(url);
    const answer = handler(url);
    if ('hang' in answer) {
      hanging.add(response);
      return;
    }
    response.writeHead(answer.status ?? 200, { 'content-type': 'application/json' });
    response.end('raw' in answer ? answer.raw : JSON.stringify(answer.body));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    requests,
    async close() {
      for (const response of hanging) response.destroy();
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}

/** The [longitude, latitude] pairs of an OSRM path ('/table/v1/driving/151.1,-33.8;151.2,-33.9'). */
export function readOsrmCoordinates(url: URL): [number, number][] {
  const list = decodeURIComponent(url.pathname.split('/').pop() ?? '');
  return list.split(';').map((pair) => pair.split(',').map(Number) as [number, number]);
}
