import { useLeaveGuard as useLeaveGuardAsking } from '../../../lib/use-leave-guard';

export const unappliedPlanText = 'The plan is not applied. Leave it without applying?';

/** While `isDirty`, asks before the day planner is left: in-app links, and the browser's reload or close. */
export function useLeaveGuard(isDirty: boolean) {
  useLeaveGuardAsking(isDirty, unappliedPlanText);
}
