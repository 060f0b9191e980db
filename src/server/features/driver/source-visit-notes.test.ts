import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createAlayaCareSourceSystem } from '../../integrations/alayacare/adapter';
import {
  startSimulator,
  type RunningSimulator,
} from '../../integrations/alayacare/simulator/start-simulator';
import { SourceRefusal, type SourceSystem } from '../../integrations/source-system';

// The CRM side of a driver's not home, refused or concern outcome: a visit note, over the simulator's real HTTP.
let simulator: RunningSimulator;
let source: SourceSystem;
let visitId = '';

beforeAll(async () => {
  simulator = await startSimulator({ clients: 5, today: '2026-11-18' });
  source = createAlayaCareSourceSystem(
    { baseUrl: simulator.url, ...simulator.credentials },
    { readRetries: 0, retryDelayMs: 1 },
  );
  const [visit] = simulator.state.findVisits({
    fromMs: 0,
    toMs: Number.MAX_SAFE_INTEGER,
    clientIds: null,
    externalClientIds: null,
    tags: null,
    statuses: null,
  });
  visitId = String(visit?.id ?? '');
});
afterAll(async () => simulator.close());

describe('CRM visit notes', () => {
  it('adds a note to a visit and reads it back', async () => {
    expect(await source.listVisitNotes(visitId)).toEqual([]);
    await source.addVisitNote(visitId, 'Driver: Not home at 11:20.');
    await source.addVisitNote(visitId, 'Driver: Concern at 11:40. Looked pale');
    expect(await source.listVisitNotes(visitId)).toEqual([
      'Driver: Not home at 11:20.',
      'Driver: Concern at 11:40. Looked pale',
    ]);
    const posts = simulator.faults.requests.filter(
      (request) => request.method === 'POST' && request.url.endsWith(`/scheduler/visits/${visitId}/notes`),
    );
    expect(posts).toHaveLength(2);
  });

  it('answers null for a visit the CRM does not have, and a refusal for a note it refuses', async () => {
    expect(await source.listVisitNotes('999999999')).toBeNull();
    await expect(source.addVisitNote('999999999', 'Driver: Refused at 10:00.')).rejects.toBeInstanceOf(
      SourceRefusal,
    );
    await expect(source.addVisitNote(visitId, 'x'.repeat(1001))).rejects.toBeInstanceOf(SourceRefusal);
  });

  it('leaves the outcome unknown when the CRM is down (the outbox reads the notes back before sending again)', async () => {
    simulator.faults.setFaults({ isDown: true });
    try {
      const failure = source.addVisitNote(visitId, 'Driver: Not home at 12:00.');
      await expect(failure).rejects.toThrow(/could not be reached|answered/);
      await expect(failure).rejects.not.toBeInstanceOf(SourceRefusal);
    } finally {
      simulator.faults.resetFaults();
    }
  });
});
