import type { RoundAutomationPreview } from '../../../../contracts/round-automation';
import { ApiError } from '../../../http/errors';
import type { Session } from '../../../http/session';
import type { AccountsService } from '../../accounts/service';
import { describeDayFailure, listRoundRunDays, type PlanDay, type RoundAutomationLog } from './day-plan';

/**
 * The dry run behind 'Run now''s confirmation: the same rounds, days and planning as the run, with nothing
 * published. A day that fails is listed as the run would list it.
 */
export function createRunPreview(deps: {
  accounts: Pick<AccountsService, 'getAccountById'>;
  planDay: PlanDay;
  now: () => Date;
  log: RoundAutomationLog;
}) {
  return async function previewRun(session: Session): Promise<RoundAutomationPreview> {
    const account = await deps.accounts.getAccountById(session.accountId);
    const settings = account.route_automation;
    const preview: RoundAutomationPreview = {
      enabled: settings.enabled === '1',
      days_in_advance: settings.days_in_advance,
      optimise_by: settings.optimise_by,
      from: null,
      to: null,
      rounds: 0,
      days: 0,
      visits_changed: 0,
      changed_days: [],
      errors: [],
    };
    for (const { round, dates, error } of listRoundRunDays(account, deps.now())) {
      preview.rounds += 1;
      if (error) preview.errors.push(error);
      for (const date of dates) {
        preview.days += 1;
        if (preview.from === null || date < preview.from) preview.from = date;
        if (preview.to === null || date > preview.to) preview.to = date;
        try {
          const plan = await deps.planDay(session, account, round, date);
          preview.errors.push(...plan.errors);
          if (plan.changed.length === 0) continue;
          preview.visits_changed += plan.changed.length;
          preview.changed_days.push({
            round_id: round.id,
            round_name: round.name,
            date,
            visits_changed: plan.changed.length,
          });
        } catch (failure) {
          if (!(failure instanceof ApiError))
            deps.log.error({ err: failure }, 'round automation: a preview failed');
          preview.errors.push(describeDayFailure(round, date, failure));
        }
      }
    }
    return preview;
  };
}
