import { useCallback, useRef, useState } from 'react';
import { useLeaveGuard } from '../../lib/use-leave-guard';

export const unpublishedChangesText =
  'Some changes to the round are not published. Leave them unpublished? They will be lost.';

/**
 * Warns before the rounds screen's unpublished changes are lost (ADR 0024): leaving the screen through the app
 * (a confirm), closing or reloading the tab (the browser's own prompt), and, through confirmDiscard, showing other
 * days or another round. Each day's panel reports its changes with reportChanges.
 */
export function useUnpublishedGuard() {
  // A ref as well as state: the guard must see a change reported in the same event as the leaving.
  const changedDates = useRef(new Set<string>());
  const [hasChanges, setHasChanges] = useState(false);

  const reportChanges = useCallback((date: string, hasDateChanges: boolean) => {
    if (hasDateChanges) changedDates.current.add(date);
    else changedDates.current.delete(date);
    setHasChanges(changedDates.current.size > 0);
  }, []);

  const readIsDirty = useCallback(() => changedDates.current.size > 0, []);
  const onLeave = useCallback(() => changedDates.current.clear(), []);
  const { confirmDiscard } = useLeaveGuard(hasChanges, unpublishedChangesText, { readIsDirty, onLeave });

  return { reportChanges, confirmDiscard };
}
