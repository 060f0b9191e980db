import type { RoundDayOff, RoundDayOffState } from '../../../contracts/rounds';
import { notFound } from '../../http/errors';
import type { Session } from '../../http/session';
import type { AccountsService } from '../accounts/service';
import type { AuditService } from '../audit/service';
import type { DaysOffRepository } from './days-off-repository';

/**
 * The days a round is not out. Any user of the account may mark them: it is the coordinator's daily work on the
 * rounds screen, like publishing a round, not a setting.
 */
export function createDaysOffService(deps: {
  repository: DaysOffRepository;
  accounts: Pick<AccountsService, 'getAccountById'>;
  audit: AuditService;
}) {
  return {
    async listDaysOff(session: Session, from: string, to: string): Promise<RoundDayOff[]> {
      const rows = await deps.repository.listDaysOff(session.accountId, from, to);
      return rows.map((row) => ({ round_id: row.roundId, date: row.date }));
    },

    async setDayOff(
      session: Session,
      roundId: number,
      date: string,
      isOff: boolean,
    ): Promise<RoundDayOffState> {
      const account = await deps.accounts.getAccountById(session.accountId);
      // Another account's round answers exactly like a missing one.
      if (!account.rounds.some((round) => round.id === roundId)) throw notFound('Round');
      if (isOff) await deps.repository.markDayOff(session.accountId, roundId, date);
      else await deps.repository.clearDayOff(session.accountId, roundId, date);
      await deps.audit.record(session, {
        action: isOff ? 'round.day_off' : 'round.day_on',
        targetType: 'round',
        targetId: roundId,
        detail: { date },
      });
      return { round_id: roundId, date, is_off: isOff };
    },
  };
}
export type DaysOffService = ReturnType<typeof createDaysOffService>;
