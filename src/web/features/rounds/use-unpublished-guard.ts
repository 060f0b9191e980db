import { useCallback, useEffect, useRef, useState } from 'react';
import { useBlocker } from 'react-router';

export const unpublishedChangesText =
  'Some changes to the round are not published. Leave them unpublished? They will be lost.';

/**
 * Warns before the rounds screen's unpublished changes are lost (ADR 0024): leaving the screen through the app
 * (a confirm), closing or reloading the tab (the browser's own prompt), and, through confirmDiscard, showing other
 * days or another round. Each day's panel reports its changes with reportChanges.
 */
export function useUnpublishedGuard() {
  // A ref as well as state: the blocker and confirmDiscard must see a change reported in the same event.
  const changedDates = useRef(new Set<string>());
  const [hasChanges, setHasChanges] = useState(false);

  const reportChanges = useCallback((date: string, hasDateChanges: boolean) => {
    if (hasDateChanges) changedDates.current.add(date);
    else changedDates.current.delete(date);
    setHasChanges(changedDates.current.size > 0);
  }, []);

  const blocker = useBlocker(
    ({ currentLocation, nextLocation }) =>
      changedDates.current.size > 0 && currentLocation.pathname !== nextLocation.pathname,
  );
  useEffect(() => {
    if (blocker.state !== 'blocked') return;
    if (window.confirm(unpublishedChangesText)) {
      changedDates.current.clear();
      blocker.proceed();
    } else {
      blocker.reset();
    }
  }, [blocker]);

  useEffect(() => {
    if (!hasChanges) return;
    const warn = (event: BeforeUnloadEvent) => event.preventDefault();
    window.addEventListener('beforeunload', warn);
    return () => window.removeEventListener('beforeunload', warn);
  }, [hasChanges]);

  /** True when nothing is unpublished or the user agrees to lose it. */
  const confirmDiscard = useCallback(
    () => changedDates.current.size === 0 || window.confirm(unpublishedChangesText),
    [],
  );

  return { reportChanges, confirmDiscard };
}
