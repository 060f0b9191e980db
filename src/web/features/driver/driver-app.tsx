import { GonePage, LoadingPage, NoStoragePage, UnreachablePage } from './components/status-pages';
import { RunView } from './components/run-view';
import { countWaiting } from './stop-views';
import { useDriverRun } from './use-driver-run';

type DriverAppProps = {
  token: string;
  /** The IndexedDB database; tests give each their own. */
  dbName?: string;
};

/** The driver's phone page for one link: no login, its own small layout. */
export function DriverApp({ token, dbName }: DriverAppProps) {
  const { state, queue, isOnline, record, retry } = useDriverRun(token, dbName);
  switch (state.phase) {
    case 'loading':
      return <LoadingPage />;
    case 'gone':
      return <GonePage unsentCount={countWaiting(queue)} />;
    case 'unreachable':
      return <UnreachablePage onRetry={retry} />;
    case 'no-storage':
      return <NoStoragePage />;
    case 'ready':
      return (
        <RunView
          token={token}
          run={state.cached.run}
          queue={queue}
          isOnline={isOnline}
          keptAt={state.isFromPhone ? state.cached.saved_at : null}
          onRecord={record}
        />
      );
  }
}
