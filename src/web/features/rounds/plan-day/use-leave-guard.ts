import { useEffect } from 'react';
import { useBlocker } from 'react-router';

export const unappliedPlanText = 'The plan is not applied. Leave it without applying?';

/** While `isDirty`, asks before the screen is left: in-app links, and the browser's reload or close. */
export function useLeaveGuard(isDirty: boolean) {
  const blocker = useBlocker(
    ({ currentLocation, nextLocation }) => isDirty && currentLocation.pathname !== nextLocation.pathname,
  );
  useEffect(() => {
    if (blocker.state !== 'blocked') return;
    if (window.confirm(unappliedPlanText)) blocker.proceed();
    else blocker.reset();
  }, [blocker]);
  useEffect(() => {
    if (!isDirty) return;
    const warn = (event: BeforeUnloadEvent) => event.preventDefault();
    window.addEventListener('beforeunload', warn);
    return () => window.removeEventListener('beforeunload', warn);
  }, [isDirty]);
}
