import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { ErrorCode } from '../../../contracts/envelope';
import { ApiError } from '../../http/errors';
import { createAlayaCareSourceSystem, type AlayaCareOptions } from './adapter';
import { startSimulator, type RunningSimulator } from './simulator/start-simulator';

const today = '2026-03-16';
let simulator: RunningSimulator;
let futureVisitId: string;

const connect = (options: AlayaCareOptions = {}, password = simulator.credentials.password) =>
  createAlayaCareSourceSystem(
    { baseUrl: simulator.url, username: simulator.credentials.username, password },
    { retryDelayMs: 0, ...options },
  );

/** The promise's rejection, checked to be the source-system error (code 7, HTTP 502). */
async function failureOf(promise: Promise<unknown>): Promise<string> {
  const error = await promise.then(
    () => null,
    (rejection: unknown) => rejection,
  );
  expect(error).toBeInstanceOf(ApiError);
  expect(error).toMatchObject({ code: ErrorCode.sourceSystem, httpStatus: 502 });
  return (error as ApiError).message;
}

const countRequests = (method: string) =>
  simulator.faults.requests.filter((request) => request.method === method).length;

beforeAll(async () => {
  simulator = await startSimulator({ today, clients: 20 });
  const visits = await connect().listVisits({
    clientSourceIds: simulator.state.clients.map((client) => String(client.id)),
    fromDate: '2026-03-23',
    toDate: '2026-03-27',
  });
  futureVisitId = visits.find((visit) => visit.status === 'scheduled')?.sourceId ?? '';
  simulator.faults.clearRequests();
});
afterAll(async () => {
  await simulator.close();
});
afterEach(() => {
  simulator.faults.resetFaults();
  simulator.faults.clearRequests();
});

describe('AlayaCare adapter failures', () => {
  it('reports refused credentials without retrying or quoting the password', async () => {
    const message = await failureOf(connect({}, 'not-the-key-2931').listClientTags());
    expect(message).toBe('The CRM could not list client tags: it refused the username and password (401).');
    expect(message).not.toContain('2931');
    expect(countRequests('GET')).toBe(1);
  });

  it('reports a CRM that drops connections, after retrying the read', async () => {
    simulator.faults.setFaults({ isDown: true });
    const message = await failureOf(connect({ readRetries: 2 }).listVisitTags());
    expect(message).toBe('The CRM could not list visit tags: it could not be reached.');
    expect(countRequests('GET')).toBe(3);
  });

  it('reports a CRM that cannot be reached at all, logging the cause on the server only', async () => {
    const stopped = await startSimulator({ clients: 1 });
    await stopped.close();
    const logged: object[] = [];
    const adapter = createAlayaCareSourceSystem(
      { baseUrl: stopped.url, username: 'a', password: 'b' },
      { readRetries: 0, log: { warn: (entry) => logged.push(entry) } },
    );
    expect(await failureOf(adapter.listServiceCodes())).toBe(
      'The CRM could not list service codes: it could not be reached.',
    );
    expect(logged).toEqual([
      expect.objectContaining({ operation: 'list service codes', cause: 'ECONNREFUSED' }),
    ]);
    const invalid = createAlayaCareSourceSystem({ baseUrl: 'alayacare', username: 'a', password: 'b' });
    expect(await failureOf(invalid.listPremiums())).toBe(
      'The CRM could not list premiums: its address (source URL) is not a valid http(s) URL.',
    );
  });

  it('says the same whether the port is closed, drops the connection, never answers or the host is unknown', async () => {
    const closed = await startSimulator({ clients: 1 });
    await closed.close();
    // An open port that accepts the connection and never answers.
    const silent = createServer(() => undefined);
    await new Promise<void>((resolve) => silent.listen(0, '127.0.0.1', resolve));
    const silentPort = (silent.address() as AddressInfo).port;
    const openAt = (baseUrl: string) =>
      createAlayaCareSourceSystem(
        { baseUrl, username: 'a', password: 'b' },
        { readRetries: 0, timeoutMs: 200 },
      ).listClientTags();
    try {
      simulator.faults.setFaults({ isDown: true });
      const messages = [
        await failureOf(openAt(closed.url)),
        await failureOf(openAt(`http://127.0.0.1:${silentPort}`)),
        await failureOf(openAt(simulator.url)),
        await failureOf(openAt('http://no-such-host.invalid')),
      ];
      expect(new Set(messages)).toEqual(
        new Set(['The CRM could not list client tags: it could not be reached.']),
      );
    } finally {
      silent.closeAllConnections();
      await new Promise((resolve) => silent.close(resolve));
    }
  });

  it('never follows a redirect, so the password is not sent on to where it points', async () => {
    const seen: string[] = [];
    const moved = createServer((request, response) => {
      seen.push(request.url ?? '');
      response.writeHead(301, { location: `${simulator.url}${request.url ?? ''}` }).end();
    });
    await new Promise<void>((resolve) => moved.listen(0, '127.0.0.1', resolve));
    try {
      const adapter = createAlayaCareSourceSystem(
        {
          baseUrl: `http://127.0.0.1:${(moved.address() as AddressInfo).port}`,
          username: 'a',
          password: 'b',
        },
        { readRetries: 2, retryDelayMs: 0 },
      );
      expect(await failureOf(adapter.listClientTags())).toBe(
        'The CRM could not list client tags: it answered 301, a redirect to another address: enter the address it moved to.',
      );
      expect(seen).toHaveLength(1);
      expect(simulator.faults.requests).toEqual([]);
    } finally {
      moved.closeAllConnections();
      await new Promise((resolve) => moved.close(resolve));
    }
  });

  it('gives up on a slow CRM after the timeout of each attempt', async () => {
    simulator.faults.setFaults({ latencyMs: 2000 });
    const message = await failureOf(connect({ timeoutMs: 200, readRetries: 1 }).listPremiums());
    expect(message).toBe('The CRM could not list premiums: it could not be reached.');
    expect(countRequests('GET')).toBe(2);
  });

  it('retries reads through occasional 500s, and reports them when retries run out', async () => {
    simulator.faults.setFaults({ errorRate: 0.5 });
    expect(await connect({ readRetries: 2 }).listClientTags()).toEqual(simulator.state.clientTags);
    expect(countRequests('GET')).toBe(2);
    simulator.faults.setFaults({ errorRate: 0.5 });
    expect(await failureOf(connect({ readRetries: 0 }).listClientTags())).toBe(
      'The CRM could not list client tags: it answered 500: Internal server error.',
    );
  });

  it('reports a CRM answering 5xx, after the bounded retries', async () => {
    simulator.faults.setFaults({ status5xx: 503 });
    expect(await failureOf(connect().listClientsByTag('Meals on Wheels'))).toBe(
      'The CRM could not list clients: it answered 503: Service temporarily unavailable.',
    );
    expect(countRequests('GET')).toBe(3);
  });

  it('reports malformed bodies (broken JSON or the wrong shape) without retrying', async () => {
    for (const malformed of ['json', 'shape'] as const) {
      simulator.faults.clearRequests();
      simulator.faults.setFaults({ malformed });
      expect(await failureOf(connect().listClientsByTag('Meals on Wheels'))).toBe(
        'The CRM could not list clients: it answered a malformed body.',
      );
      expect(countRequests('GET')).toBe(1);
    }
  });

  it('never retries a write', async () => {
    const adapter = connect({ readRetries: 2, timeoutMs: 300 });
    const times = { start: '2026-03-23T10:00:00+11:00', end: '2026-03-23T10:20:00+11:00' };
    simulator.faults.setFaults({ status5xx: 503 });
    expect(await failureOf(adapter.updateVisitTimes(futureVisitId, times))).toBe(
      `The CRM could not update the times of visit ${futureVisitId}: it answered 503: Service temporarily unavailable.`,
    );
    expect(await failureOf(adapter.lockVisits([futureVisitId]))).toContain(
      'could not lock (complete) visits',
    );
    expect(countRequests('PUT')).toBe(2);

    simulator.faults.setFaults({ status5xx: null, isDown: true });
    expect(await failureOf(adapter.updateVisitTimes(futureVisitId, times))).toContain(
      'it could not be reached',
    );
    expect(countRequests('PUT')).toBe(3);

    simulator.faults.setFaults({ isDown: false, latencyMs: 1000 });
    expect(await failureOf(adapter.updateVisitTimes(futureVisitId, times))).toContain(
      'it could not be reached.',
    );
    expect(countRequests('PUT')).toBe(4);

    // Premiums: the read is retried through a 500, the write that then fails is tried once.
    simulator.faults.setFaults({ latencyMs: 0, errorRate: 0.5 });
    expect(
      await failureOf(adapter.setVisitPremiums(futureVisitId, [{ premiumId: '601', quantity: 1 }])),
    ).toContain('it answered 500');
    expect(countRequests('POST')).toBe(1);
  });

  it('works again once the CRM recovers', async () => {
    const adapter = connect({ readRetries: 0, timeoutMs: 300 });
    simulator.faults.setFaults({ status5xx: 502 });
    await failureOf(adapter.listVisitTags());
    simulator.faults.resetFaults();
    expect(await adapter.listVisitTags()).toEqual(simulator.state.visitTags);
    const times = { start: '2026-03-23T11:00:00+11:00', end: '2026-03-23T11:30:00+11:00' };
    await adapter.updateVisitTimes(futureVisitId, times);
    const visits = await adapter.listVisits({
      clientSourceIds: simulator.state.clients.map((client) => String(client.id)),
      fromDate: '2026-03-23',
      toDate: '2026-03-23',
    });
    expect(visits.find((visit) => visit.sourceId === futureVisitId)).toMatchObject(times);
  });
});
