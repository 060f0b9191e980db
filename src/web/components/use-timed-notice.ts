import { useEffect, useState } from 'react';

/**
 * A notice that hides itself `durationMs` after it was last shown (settings saved messages clear
 * after 3 s). Showing it again restarts the countdown.
 */
export function useTimedNotice(durationMs: number) {
  // Counts the times shown, so a second save in a row restarts the timer; null while hidden.
  const [shownCount, setShownCount] = useState<number | null>(null);

  useEffect(() => {
    if (shownCount === null) return;
    const timer = window.setTimeout(() => setShownCount(null), durationMs);
    return () => window.clearTimeout(timer);
  }, [shownCount, durationMs]);

  return {
    isShown: shownCount !== null,
    show: () => setShownCount((count) => (count ?? 0) + 1),
    hide: () => setShownCount(null),
  };
}
