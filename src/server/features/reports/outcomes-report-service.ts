import type { DriverOutcomeKind } from '../../../contracts/driver';
import { driverOutcomes } from '../../../domain/driver-outcomes';
import type {
  DeliveryOutcomesBody,
  DeliveryOutcomesReport,
  OutcomeClient,
  OutcomeRound,
} from '../../../contracts/delivery-outcomes';
import {
  compareOutcomeClients,
  countNoOutcomes,
  hasRepeatedWorry,
  resolveOutcomeRange,
  type OutcomeCounts,
} from '../../../domain/outcome-report';
import { getAccountTimeZone } from '../../../domain/today';
import { formatDayMonthYear, parseDayMonthYear } from '../../../domain/weeks';
import { invalidInput } from '../../http/errors';
import { readAccountToday } from './catalogue';
import type { OutcomeRow, OutcomesReportRepository } from './outcomes-repository';
import type { ReportsRepository } from './repository';

const noRound = 'No Round';

function isOutcomeKind(value: string): value is DriverOutcomeKind {
  return driverOutcomes.some((kind) => kind === value);
}

function addOutcome(counts: OutcomeCounts, outcome: DriverOutcomeKind): void {
  counts[outcome] += 1;
}

/** Per client (repeated not-home or concern first) and per round, each visit counted once by its current outcome. */
export function buildOutcomesReport(from: string, to: string, rows: OutcomeRow[]): DeliveryOutcomesReport {
  const total = countNoOutcomes();
  const clients = new Map<number, OutcomeClient>();
  const rounds = new Map<number | null, OutcomeRound>();
  const sorted = [...rows].sort(
    (a, b) => a.date.localeCompare(b.date) || a.recordedAt.getTime() - b.recordedAt.getTime(),
  );
  for (const row of sorted) {
    if (!isOutcomeKind(row.outcome)) continue;
    const roundName = row.round?.name ?? noRound;
    const client = clients.get(row.client.id) ?? {
      ...row.client,
      counts: countNoOutcomes(),
      is_repeated: false,
      outcomes: [],
    };
    clients.set(row.client.id, client);
    const roundId = row.round?.id ?? null;
    const round = rounds.get(roundId) ?? { round_id: roundId, round: roundName, counts: countNoOutcomes() };
    rounds.set(roundId, round);
    addOutcome(total, row.outcome);
    addOutcome(client.counts, row.outcome);
    addOutcome(round.counts, row.outcome);
    client.outcomes.push({
      visit_id: row.visitId,
      date: formatDayMonthYear(row.date),
      round: roundName,
      outcome: row.outcome,
      note: row.note,
      recorded_at: row.recordedAt.toISOString(),
    });
  }
  const clientList = [...clients.values()].map((client) => ({
    ...client,
    is_repeated: hasRepeatedWorry(client.counts),
  }));
  return {
    from: formatDayMonthYear(from),
    to: formatDayMonthYear(to),
    total,
    rounds: [...rounds.values()].sort(
      (a, b) => Number(a.round_id === null) - Number(b.round_id === null) || a.round.localeCompare(b.round),
    ),
    clients: clientList.sort(compareOutcomeClients),
  };
}

/** DD-MM-YYYY (checked by the contract) to YYYY-MM-DD. */
function toIso(date: string | undefined): string | undefined {
  return date === undefined ? undefined : (parseDayMonthYear(date) ?? undefined);
}

/** The Delivery Outcomes report of an account (item 7 of the driver app). */
export function createOutcomesReportService(deps: {
  repository: OutcomesReportRepository;
  reportsRepository: ReportsRepository;
  now: () => Date;
}) {
  return {
    async getDeliveryOutcomes(
      accountId: number,
      body: DeliveryOutcomesBody,
    ): Promise<DeliveryOutcomesReport> {
      const today = await readAccountToday(deps.reportsRepository, accountId, deps.now());
      const range = resolveOutcomeRange(today, toIso(body.from), toIso(body.to));
      if ('field' in range)
        throw invalidInput(range.message, [{ field: range.field, message: range.message }]);
      const rows = await deps.repository.listCurrentOutcomes(accountId, range.from, range.to);
      return buildOutcomesReport(range.from, range.to, rows);
    },

    /** The zone the printed report reads outcome times in: the account's (src/domain/today.ts), as "today" is. */
    async getTimeZone(accountId: number): Promise<string> {
      return getAccountTimeZone(await deps.reportsRepository.listRounds(accountId));
    },
  };
}
export type OutcomesReportService = ReturnType<typeof createOutcomesReportService>;
