import type { DriverRun, VisitDriverOutcome } from '../../../../contracts/driver';
import type { CachedRun, DriverDb, QueuedOutcome } from './driver-db';

export function loadCachedRun(db: DriverDb, token: string): Promise<CachedRun | undefined> {
  return db.get('runs', token);
}

export async function saveRun(
  db: DriverDb,
  token: string,
  run: DriverRun,
  savedAt: Date,
): Promise<CachedRun> {
  const cached: CachedRun = { token, run, saved_at: savedAt.toISOString() };
  await db.put('runs', cached);
  return cached;
}

/** The link opened last, for the installed app's start page (/driver/ without a token). */
export async function findLatestToken(db: DriverDb): Promise<string | null> {
  const runs = await db.getAll('runs');
  const latest = runs.sort((a, b) => b.saved_at.localeCompare(a.saved_at))[0];
  return latest?.token ?? null;
}

/**
 * Writes outcomes the server accepted into the cached run, so a reload without a network still shows them. A
 * later outcome already on the stop (recorded after this one) stays.
 */
export async function applyAcceptedOutcomes(
  db: DriverDb,
  token: string,
  accepted: QueuedOutcome[],
): Promise<void> {
  if (accepted.length === 0) return;
  const tx = db.transaction('runs', 'readwrite');
  const cached = await tx.store.get(token);
  if (cached) {
    const stops = cached.run.stops.map((stop) => {
      const latest = accepted
        .filter((outcome) => outcome.visit_id === stop.visit_id)
        .sort((a, b) => b.recorded_at.localeCompare(a.recorded_at))[0];
      if (!latest || (stop.outcome && stop.outcome.recorded_at > latest.recorded_at)) return stop;
      const outcome: VisitDriverOutcome = {
        outcome: latest.outcome,
        note: latest.note,
        recorded_at: latest.recorded_at,
        photo_url: stop.outcome?.photo_url ?? null,
      };
      return { ...stop, outcome };
    });
    await tx.store.put({ ...cached, run: { ...cached.run, stops } });
  }
  await tx.done;
}
