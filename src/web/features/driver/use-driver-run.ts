import { useCallback, useEffect, useRef, useState } from 'react';
import { fetchDriverRun, postDriverOutcomes } from '../../api/driver';
import { openDriverDb, type CachedRun, type DriverDb, type QueuedOutcome } from './store/driver-db';
import { enqueueOutcome, listQueued, type NewOutcome } from './store/outbox';
import { loadCachedRun, saveRun } from './store/run-cache';
import { createOutboxSync, type OutboxSync } from './sync/outbox-sync';
import { sendOutbox } from './sync/send-outbox';

export type RunPhase =
  | { phase: 'loading' }
  /** `isFromPhone`: the network could not be reached, so this is the copy kept on the phone. */
  | { phase: 'ready'; cached: CachedRun; isFromPhone: boolean }
  | { phase: 'gone' }
  | { phase: 'unreachable' }
  | { phase: 'no-storage' };

export type DriverRunState = {
  state: RunPhase;
  queue: QueuedOutcome[];
  isOnline: boolean;
  record: (input: NewOutcome) => Promise<void>;
  retry: () => void;
};

/**
 * The driver page's data: the run (from the network, else from the phone), the outcome queue and its sending.
 * The run shows from the phone at once and is replaced when the network answers; every outcome goes through the
 * queue, which sends at once when it can, on the network's return and after a failure with a doubling wait.
 */
export function useDriverRun(token: string, dbName?: string): DriverRunState {
  const [state, setState] = useState<RunPhase>({ phase: 'loading' });
  const [queue, setQueue] = useState<QueuedOutcome[]>([]);
  const [isOnline, setIsOnline] = useState(() => navigator.onLine);
  const dbRef = useRef<DriverDb | null>(null);
  const syncRef = useRef<OutboxSync | null>(null);
  const refreshRef = useRef<() => Promise<void>>(async () => {});

  useEffect(() => {
    let isActive = true;
    let sync: OutboxSync | null = null;

    async function rereadQueue(db: DriverDb) {
      const queued = await listQueued(db, token);
      if (isActive) setQueue(queued);
    }

    async function refreshRun(db: DriverDb) {
      const answer = await fetchDriverRun(token);
      if (!isActive) return;
      if (answer.ok) {
        const cached = await saveRun(db, token, answer.data, new Date());
        if (isActive) setState({ phase: 'ready', cached, isFromPhone: false });
        return;
      }
      if (answer.failure.kind === 'gone') {
        setState({ phase: 'gone' });
        return;
      }
      setState((previous) =>
        previous.phase === 'ready' ? { ...previous, isFromPhone: true } : { phase: 'unreachable' },
      );
    }

    async function start() {
      let db: DriverDb;
      try {
        db = await openDriverDb(dbName);
      } catch {
        if (isActive) setState({ phase: 'no-storage' });
        return;
      }
      if (!isActive) return;
      dbRef.current = db;
      refreshRef.current = () => refreshRun(db);
      const cached = await loadCachedRun(db, token);
      if (!isActive) return;
      // Shown at once; replaced by the network's copy, or marked as the phone's when the network fails.
      if (cached) setState({ phase: 'ready', cached, isFromPhone: false });
      await rereadQueue(db);
      sync = createOutboxSync(
        () => sendOutbox(db, token, postDriverOutcomes),
        (result) => {
          if (result === 'gone') setState({ phase: 'gone' });
          void rereadQueue(db);
          // Accepted outcomes were written into the kept run: show that copy unless a fresher one is on screen.
          void loadCachedRun(db, token).then((kept) => {
            if (isActive && kept)
              setState((previous) => (previous.phase === 'ready' ? { ...previous, cached: kept } : previous));
          });
        },
      );
      syncRef.current = sync;
      await refreshRun(db);
      void sync.flush();
    }

    function onOnline() {
      setIsOnline(true);
      // Send first, then fetch the run: a run fetched before the server took the queue would hide those outcomes.
      void (syncRef.current?.flush() ?? Promise.resolve()).then(() => refreshRef.current());
    }
    function onOffline() {
      setIsOnline(false);
    }
    window.addEventListener('online', onOnline);
    window.addEventListener('offline', onOffline);
    void start();
    return () => {
      isActive = false;
      sync?.stop();
      syncRef.current = null;
      window.removeEventListener('online', onOnline);
      window.removeEventListener('offline', onOffline);
    };
  }, [token, dbName]);

  const record = useCallback(
    async (input: NewOutcome) => {
      const db = dbRef.current;
      if (!db) return;
      await enqueueOutcome(db, token, input, new Date());
      setQueue(await listQueued(db, token));
      void syncRef.current?.flush();
    },
    [token],
  );

  const retry = useCallback(() => {
    setState({ phase: 'loading' });
    void refreshRef.current();
  }, []);

  return { state, queue, isOnline, record, retry };
}
