import { useCallback, useEffect } from 'react';
import { useBlocker } from 'react-router';

type LeaveGuardOptions = {
  /**
   * Read at the moment the user leaves, for a screen whose changes may be reported in the same event as the
   * leaving (state set in that event is not rendered yet); `isDirty` is used otherwise.
   */
  readIsDirty?: () => boolean;
  /** Runs once the user agreed to leave through the app, so the screen forgets the changes given up. */
  onLeave?: () => void;
};

/**
 * While the screen holds unsaved work (`isDirty`), asks `question` before it is left: in-app links (a confirm),
 * and the browser's reload or close (the browser's own prompt). `confirmDiscard` asks the same before the work is
 * dropped within the screen (another day, another round): true when nothing is unsaved or the user agrees.
 */
export function useLeaveGuard(isDirty: boolean, question: string, options: LeaveGuardOptions = {}) {
  const { readIsDirty, onLeave } = options;
  const hasUnsavedWork = useCallback(() => (readIsDirty ? readIsDirty() : isDirty), [readIsDirty, isDirty]);

  const blocker = useBlocker(
    ({ currentLocation, nextLocation }) =>
      hasUnsavedWork() && currentLocation.pathname !== nextLocation.pathname,
  );
  useEffect(() => {
    if (blocker.state !== 'blocked') return;
    if (window.confirm(question)) {
      onLeave?.();
      blocker.proceed();
    } else {
      blocker.reset();
    }
  }, [blocker, question, onLeave]);

  useEffect(() => {
    if (!isDirty) return;
    const warn = (event: BeforeUnloadEvent) => event.preventDefault();
    window.addEventListener('beforeunload', warn);
    return () => window.removeEventListener('beforeunload', warn);
  }, [isDirty]);

  const confirmDiscard = useCallback(
    () => !hasUnsavedWork() || window.confirm(question),
    [hasUnsavedWork, question],
  );
  return { confirmDiscard };
}
