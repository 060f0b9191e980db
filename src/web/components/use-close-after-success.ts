import { useEffect, useLayoutEffect, useRef } from 'react';

/** Closes a dialog a moment after it succeeded, so its success notice can be read first. */
export function useCloseAfterSuccess(hasSucceeded: boolean, delayMs: number, close: () => void): void {
  // Kept in a ref so a parent re-render (the list refreshing) does not restart the countdown.
  const closeRef = useRef(close);
  useLayoutEffect(() => {
    closeRef.current = close;
  });

  useEffect(() => {
    if (!hasSucceeded) return;
    const timer = window.setTimeout(() => closeRef.current(), delayMs);
    return () => window.clearTimeout(timer);
  }, [hasSucceeded, delayMs]);
}
