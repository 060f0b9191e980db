import { useState } from 'react';
import { postDriverRunStart } from '../../../api/driver';
import { formatShownClock } from '../../../../domain/shown-time';
import styles from '../driver.module.css';

type StartRunProps = {
  token: string;
  /** When the run was started (ISO), from the run as last read; null or absent when not yet. */
  startedAt: string | null | undefined;
  timeZone: string;
  isOnline: boolean;
};

/** Why the start did not go through, as the driver reads it. */
function describeFailure(kind: string, message: string): string {
  if (kind === 'offline') return 'No network: the run can be started once the phone is back online.';
  if (kind === 'gone') return 'This link has expired or was withdrawn. Ask the office for a new one.';
  return `The run could not be started: ${message || 'try again.'}`;
}

/**
 * "Start the run": tells the clients who want delivery notices that their meal is on its way. Online only (the
 * notices should go when the driver leaves, not when the phone finds a network later); a second start changes
 * nothing on the server.
 */
export function StartRun({ token, startedAt, timeZone, isOnline }: StartRunProps) {
  const [started, setStarted] = useState<string | null>(null);
  const [isBusy, setIsBusy] = useState(false);
  const [error, setError] = useState('');
  const shown = started ?? startedAt ?? null;

  if (shown) {
    return (
      <p className={styles.started} role="status">
        Run started at {formatShownClock(shown, timeZone)}
      </p>
    );
  }

  async function start() {
    setIsBusy(true);
    setError('');
    const answer = await postDriverRunStart(token);
    setIsBusy(false);
    if (answer.ok) setStarted(answer.data.started_at);
    else
      setError(
        describeFailure(answer.failure.kind, 'message' in answer.failure ? answer.failure.message : ''),
      );
  }

  return (
    <div className={styles.startRun}>
      <button
        type="button"
        className={`${styles.button} ${styles.startButton}`}
        disabled={isBusy || !isOnline}
        onClick={() => void start()}
      >
        {isBusy ? 'Starting…' : 'Start the run'}
      </button>
      {!isOnline && <p>The run can be started once the phone is back online.</p>}
      {error && (
        <p className={styles.refused} role="alert">
          {error}
        </p>
      )}
    </div>
  );
}
