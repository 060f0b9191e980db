import type { DriverRun } from '../../../../contracts/driver';
import { formatLongDate } from '../../../../domain/calendar-names';
import { formatShownClock } from '../../../../domain/shown-time';
import { defaultTimezone } from '../../../../domain/timezones';
import type { QueuedOutcome } from '../store/driver-db';
import type { NewOutcome } from '../store/outbox';
import { buildStopViews, countDone, countWaiting } from '../stop-views';
import styles from '../driver.module.css';
import { StartRun } from './start-run';
import { StopCard } from './stop-card';

export function formatWaiting(count: number): string {
  if (count === 0) return 'All outcomes sent.';
  return count === 1 ? '1 outcome waiting to send' : `${String(count)} outcomes waiting to send`;
}

type RunViewProps = {
  token: string;
  run: DriverRun;
  queue: QueuedOutcome[];
  isOnline: boolean;
  /** When the run shown is the copy kept on the phone (ISO), else null. */
  keptAt: string | null;
  onRecord: (input: NewOutcome) => Promise<void>;
};

export function RunView({ token, run, queue, isOnline, keptAt, onRecord }: RunViewProps) {
  const views = buildStopViews(run.stops, queue);
  const waiting = countWaiting(queue);
  const timeZone = run.round.timezone ?? defaultTimezone;
  return (
    <main className={styles.page}>
      <h1>{run.round.name}</h1>
      <p>{formatLongDate(run.date)}</p>
      <p>
        Pick up at {run.round.pickup_time}
        {run.round.address && <> from {run.round.address}</>}
      </p>
      {run.round.driver && <p>Driver: {run.round.driver.name}</p>}
      <div className={styles.status}>
        <p className={styles.progress} role="status">
          {countDone(views)} of {views.length} done
        </p>
        <p className={waiting > 0 ? styles.waiting : undefined} role="status">
          {formatWaiting(waiting)}
        </p>
      </div>
      {!isOnline && (
        <p className={styles.notice}>
          No network. Keep recording: outcomes stay on this phone and are sent when the network returns.
        </p>
      )}
      {isOnline && keptAt && (
        <p className={styles.notice}>
          Could not reach the office, so this is the run as kept on this phone at{' '}
          {formatShownClock(keptAt, timeZone)}.
        </p>
      )}
      {views.length > 0 && (
        <StartRun token={token} startedAt={run.started_at} timeZone={timeZone} isOnline={isOnline} />
      )}
      {views.length === 0 ? (
        <p>There are no stops on this run.</p>
      ) : (
        <ol className={styles.stops}>
          {views.map((view, index) => (
            <StopCard
              key={view.stop.visit_id}
              number={index + 1}
              view={view}
              timeZone={timeZone}
              onRecord={onRecord}
            />
          ))}
        </ol>
      )}
    </main>
  );
}
