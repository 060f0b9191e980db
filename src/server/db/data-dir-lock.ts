import { readFileSync, rmSync, writeFileSync } from 'node:fs';
import { hostname } from 'node:os';
import { join } from 'node:path';
import lockfile from 'proper-lockfile';
import { isProcessAlive } from '../process-alive';

/** Who holds a data folder: written into the lock, read by a process that finds the folder taken. */
export type DataDirOwner = {
  pid: number;
  hostname: string;
  kind: 'server' | 'create-admin';
  /** A server's HTTP address, so that create-admin can ask it instead of opening the folder. */
  port?: number;
  host?: string;
};

export type DataDirLock = {
  /** Records the server's address once it listens. */
  setAddress(address: { port: number; host: string }): void;
  release(): Promise<void>;
};

export class DataDirLockedError extends Error {
  constructor(
    readonly owner: DataDirOwner | null,
    message: string,
  ) {
    super(message);
  }
}

/**
 * The lock is refreshed every 10 s; one left alone for a minute counts as abandoned whoever wrote it. A holder
 * seen dead on this machine (kill -9, a crash) frees it at once.
 */
const staleMs = 60_000;
const updateMs = 10_000;

const lockPathOf = (dataDir: string) => join(dataDir, 'lock');
// Beside the lock, not in it: a new entry in the lock folder would change the time the library checks it by.
const ownerPathOf = (dataDir: string) => join(dataDir, 'lock-owner.json');

function readOwner(dataDir: string): DataDirOwner | null {
  try {
    return JSON.parse(readFileSync(ownerPathOf(dataDir), 'utf8')) as DataDirOwner;
  } catch {
    return null;
  }
}

/** A holder known to be gone: a process of this machine that no longer runs (or is this very one: pid reuse). */
function isOwnerGone(owner: DataDirOwner | null): boolean {
  if (!owner || owner.hostname !== hostname()) return false;
  return owner.pid === process.pid || !isProcessAlive(owner.pid);
}

export function describeOwner(dataDir: string, owner: DataDirOwner | null): string {
  const holder =
    owner?.kind === 'server'
      ? `a MealRounds server (pid ${owner.pid}${owner.port === undefined ? ', starting' : `, port ${owner.port}`})`
      : owner
        ? `npm run create-admin (pid ${owner.pid})`
        : 'another MealRounds process';
  return `The data folder ${dataDir} is in use by ${holder}: only one process may open it. Stop that process first, or use another DATA_DIR (or DATABASE_URL for a shared PostgreSQL).`;
}

function isLockedError(error: unknown): boolean {
  return (error as NodeJS.ErrnoException | null)?.code === 'ELOCKED';
}

/**
 * Takes the data folder for this process, or throws DataDirLockedError (with one line naming the holder) when
 * a live process has it. `onCompromised` is called when another process took the lock over meanwhile (it found
 * this one stalled for a minute): this process must then stop using the folder at once.
 */
export async function lockDataDir(
  dataDir: string,
  owner: Pick<DataDirOwner, 'kind'>,
  onCompromised: (error: Error) => void,
): Promise<DataDirLock> {
  const lock = () =>
    lockfile.lock(dataDir, {
      lockfilePath: lockPathOf(dataDir),
      realpath: false,
      stale: staleMs,
      update: updateMs,
      onCompromised,
    });
  let release: () => Promise<void>;
  try {
    release = await lock();
  } catch (error) {
    if (!isLockedError(error)) throw error;
    const holder = readOwner(dataDir);
    if (!isOwnerGone(holder)) throw new DataDirLockedError(holder, describeOwner(dataDir, holder));
    // Its holder died without releasing it: the lock is stale even though its time is recent.
    rmSync(lockPathOf(dataDir), { recursive: true, force: true });
    try {
      release = await lock();
    } catch (retryError) {
      if (!isLockedError(retryError)) throw retryError;
      const winner = readOwner(dataDir);
      throw new DataDirLockedError(winner, describeOwner(dataDir, winner));
    }
  }
  let current: DataDirOwner = { pid: process.pid, hostname: hostname(), kind: owner.kind };
  const writeOwner = () => writeFileSync(ownerPathOf(dataDir), `${JSON.stringify(current)}\n`);
  writeOwner();
  return {
    setAddress(address) {
      current = { ...current, ...address };
      writeOwner();
    },
    async release() {
      rmSync(ownerPathOf(dataDir), { force: true });
      await release();
    },
  };
}

/** The holder of a data folder, if any process has it (for create-admin, which may then ask that server). */
export function readDataDirOwner(dataDir: string): DataDirOwner | null {
  return readOwner(dataDir);
}
