import styles from '../driver.module.css';

export function LoadingPage() {
  return (
    <main className={styles.page}>
      <p role="status">Loading the run…</p>
    </main>
  );
}

/** The link is unknown, expired or withdrawn (the server does not say which). */
export function GonePage({ unsentCount }: { unsentCount: number }) {
  return (
    <main className={styles.page}>
      <h1>Link expired</h1>
      <p>This link has expired or was withdrawn. Ask the office for a new one.</p>
      {unsentCount > 0 && (
        <p className={styles.notice}>
          {unsentCount === 1
            ? '1 outcome recorded on this phone could not be sent.'
            : `${String(unsentCount)} outcomes recorded on this phone could not be sent.`}{' '}
          Tell the office what happened at those stops.
        </p>
      )}
    </main>
  );
}

/** The first opening of a link with no network (nothing kept on the phone yet). */
export function UnreachablePage({ onRetry }: { onRetry: () => void }) {
  return (
    <main className={styles.page}>
      <h1>No connection</h1>
      <p>
        The run could not be loaded: the office could not be reached and the run has not been opened on this
        phone before. Check the phone&apos;s connection and try again.
      </p>
      <button type="button" className={styles.button} onClick={onRetry}>
        Try again
      </button>
    </main>
  );
}

export function NoStoragePage() {
  return (
    <main className={styles.page}>
      <h1>The run cannot be kept on this phone</h1>
      <p>
        This browser does not let the page store the run. Open the link in Chrome or Safari, not in a private
        window.
      </p>
    </main>
  );
}

/** /driver/ without a link, and nothing opened before on this phone. */
export function NoLinkPage() {
  return (
    <main className={styles.page}>
      <h1>MealRounds driver</h1>
      <p>Open the link the office sent you for today&apos;s run.</p>
    </main>
  );
}
