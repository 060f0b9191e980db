import type { Account } from '../../../contracts/accounts';
import type { OptimiseBody, OptimisedEvent } from '../../../contracts/maps';
import { invalidInput, notFound } from '../../http/errors';
import type { Session } from '../../http/session';
import type { AccountsService } from '../accounts/service';
import type { OrderRound, RoundPlan } from './route-order';
import { getNowClockIfToday } from '../../../domain/round-day-rules';

/** The plan of a round as the account's settings make it; used by the optimise call and route automation. */
export function toRoundPlan(
  account: Account,
  round: Pick<Account['rounds'][number], 'name' | 'address' | 'pickup_time'>,
  optimiseBy: RoundPlan['optimiseBy'],
): RoundPlan {
  return {
    baseAddress: round.address,
    pickupTime: round.pickup_time,
    contingencyMins: account.travel_contingency_mins,
    optimiseBy,
    timeSharePercent: account.optimisation_preference_tm,
    preferredClientKeys: account.preferred_delivery_order[round.name] ?? [],
    nowClock: null,
  };
}

export function createMapsService(deps: {
  accounts: Pick<AccountsService, 'getAccountById'>;
  orderRound: OrderRound;
  now: () => Date;
}) {
  return {
    /** The events in their new order with recomputed times; `signal` stops the work when the caller goes away. */
    async optimise(session: Session, body: OptimiseBody, signal?: AbortSignal): Promise<OptimisedEvent[]> {
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
export type MapsService = ReturnType<typeof createMapsService>;
