import { useEffect, useState } from 'react';

/** A saved message clears itself after 3 s (docs/product-rules.md, Timed notices and dialogs). */
export const savedNoticeMs = 3000;

/**
 * A notice, with an optional text, that hides itself `durationMs` after it was last shown. Showing it again
 * restarts the countdown.
 */
export function useTimedNotice(durationMs: number = savedNoticeMs) {
  // Counts the times shown, so a second save in a row restarts the timer; null while hidden.
  const [shown, setShown] = useState<{ count: number; text: string } | null>(null);

  useEffect(() => {
    if (shown === null) return;
    const timer = window.setTimeout(() => setShown(null), durationMs);
    return () => window.clearTimeout(timer);
  }, [shown, durationMs]);

  return {
    isShown: shown !== null,
    /** The text it was last shown with; null while hidden. */
    text: shown?.text ?? null,
    show: (text = '') => setShown((previous) => ({ count: (previous?.count ?? 0) + 1, text })),
    hide: () => setShown(null),
  };
}
