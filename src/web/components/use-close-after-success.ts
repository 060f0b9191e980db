import { useEffect, useLayoutEffect, useRef } from 'react';

/**
 * How long a dialog stays open after it succeeded, so its success notice can be read first (docs/product-rules.md,
 * Timed notices and dialogs). Every dialog picks one of these; none writes its own number.
 */
export const dialogCloseDelayMs = {
  /** A thing added, changed or deleted: the notice is a few words. */
  saved: 1000,
  /** A mail sent or a week copied: the notice names where it went, so it stays longer. */
  sent: 2000,
} as const;

export type DialogCloseDelay = keyof typeof dialogCloseDelayMs;

/** Closes a dialog a moment after it succeeded (`delay`: one of `dialogCloseDelayMs`). */
export function useCloseAfterSuccess(
  hasSucceeded: boolean,
  delay: DialogCloseDelay,
  close: () => void,
): void {
  // Kept in a ref so a parent re-render (the list refreshing) does not restart the countdown.
  const closeRef = useRef(close);
  useLayoutEffect(() => {
    closeRef.current = close;
  });

  const delayMs = dialogCloseDelayMs[delay];
  useEffect(() => {
    if (!hasSucceeded) return;
    const timer = window.setTimeout(() => closeRef.current(), delayMs);
    return () => window.clearTimeout(timer);
  }, [hasSucceeded, delayMs]);
}
