import type { OptimiseBody, OptimisedVisit } from '../../../contracts/optimise';
import { invalidInput, notFound } from '../../http/errors';
import type { Session } from '../../http/session';
import type { AccountsService } from '../accounts/service';
import { toRoundPlan, type OrderRound } from './route-order';
import { getNowClockIfToday } from '../../../domain/round-day-rules';

export function createOptimiseService(deps: {
  accounts: Pick<AccountsService, 'getAccountById'>;
  orderRound: OrderRound;
  now: () => Date;
}) {
  return {
    /** The events in their new order with recomputed times; `signal` stops the work when the caller goes away. */
    async optimise(session: Session, body: OptimiseBody, signal?: AbortSignal): Promise<OptimisedVisit[]> {
      const account = await deps.accounts.getAccountById(session.accountId);
      let roundName = '';
      if (body.optimise_by === 'preferred') {
        if (body.round_id === undefined) {
          throw invalidInput('Choose the round whose preferred order applies.', [
            { field: 'round_id', message: 'Required when optimise_by is preferred.' },
          ]);
        }
        const round = account.rounds.find((candidate) => candidate.id === body.round_id);
        if (!round) throw notFound('Round');
        roundName = round.name;
      }
      const plan = toRoundPlan(
        account,
        { name: roundName, address: body.base_address, pickup_time: body.pickup_time },
        body.optimise_by,
      );
      // Today's visits (in their own zone) keep the ones done or under way (ADR 0024).
      const [first] = body.events;
      const nowClock = first ? getNowClockIfToday(first.date, first.timezone, deps.now().getTime()) : null;
      return deps.orderRound(session.accountId, { ...plan, nowClock }, body.events, signal);
    },
  };
}
export type OptimiseService = ReturnType<typeof createOptimiseService>;
