import type { RoundAutomationPreview } from '../../../../contracts/round-automation';
import type { Session } from '../../../http/session';
import type { AccountsService } from '../../accounts/service';
import { groupRunDays, listRoundRunDays, type PlanDay } from './day-plan';

/**
 * The dry run behind 'Run now''s confirmation: the same rounds, days and planning as the run, with nothing
 * published. A day that fails is listed as the run would list it.
 */
export function createRunPreview(deps: {
  accounts: Pick<AccountsService, 'getAccountById'>;
  planDay: PlanDay;
  now: () => Date;
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
    const roundDays = listRoundRunDays(account, deps.now());
    preview.rounds = roundDays.length;
    preview.errors = roundDays.flatMap(({ error }) => (error ? [error] : []));
    for (const day of groupRunDays(roundDays)) {
      const { date } = day;
      if (preview.from === null || date < preview.from) preview.from = date;
      if (preview.to === null || date > preview.to) preview.to = date;
      for (const plan of await deps.planDay(session, account, day)) {
        preview.days += 1;
        preview.errors.push(...plan.errors);
        if (plan.changed.length === 0) continue;
        preview.visits_changed += plan.changed.length;
        preview.changed_days.push({
          round_id: plan.round.id,
          round_name: plan.round.name,
          date,
          visits_changed: plan.changed.length,
        });
      }
    }
    return preview;
  };
}
