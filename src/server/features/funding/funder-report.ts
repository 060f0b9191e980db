import {
  fundingProgrammes,
  type FunderMonthlyClient,
  type FunderMonthlyProgramme,
  type FunderMonthlyReport,
  type FundingProgramme,
  type MonthClose,
} from '../../../contracts/funding';
import { getFeeTotalCents } from '../../../domain/funder-month';
import type { FunderClientMonth } from './month-close-repository';

type Counts = { ordered: number; delivered: number; held: number; fee_total_cents: number };

const noCounts = (): Counts => ({ ordered: 0, delivered: 0, held: 0, fee_total_cents: 0 });

function addCounts(total: Counts, row: Counts) {
  total.ordered += row.ordered;
  total.delivered += row.delivered;
  total.held += row.held;
  total.fee_total_cents += row.fee_total_cents;
}

/** A client's month summed: the fee is charged on the meals delivered (domain/funder-month.ts). */
function toClientRow(client: FunderClientMonth): FunderMonthlyClient {
  const sum = (key: 'ordered' | 'delivered' | 'held') =>
    client.days.reduce((total, day) => total + day[key], 0);
  const delivered = sum('delivered');
  return {
    client_id: client.clientId,
    name: client.name,
    programme: client.programme,
    fee_per_meal_cents: client.feePerMealCents,
    ordered: sum('ordered'),
    delivered,
    held: sum('held'),
    fee_total_cents: getFeeTotalCents(delivered, client.feePerMealCents),
  };
}

const programmeOrder = (programme: FundingProgramme | null) =>
  programme === null ? fundingProgrammes.length : fundingProgrammes.indexOf(programme);

/** The Funder Monthly report of a month's clients: per client by name, per programme (not set last), in total. */
export function buildFunderMonthly(
  month: string,
  close: MonthClose,
  clients: FunderClientMonth[],
): FunderMonthlyReport {
  const rows = clients
    .map(toClientRow)
    .sort((a, b) => a.name.localeCompare(b.name) || a.client_id - b.client_id);
  const programmes = new Map<FundingProgramme | null, FunderMonthlyProgramme>();
  const total = { clients: 0, ...noCounts() };
  for (const row of rows) {
    const entry = programmes.get(row.programme) ?? { programme: row.programme, clients: 0, ...noCounts() };
    programmes.set(row.programme, entry);
    entry.clients += 1;
    addCounts(entry, row);
    total.clients += 1;
    addCounts(total, row);
  }
  return {
    month,
    close,
    clients: rows,
    programmes: [...programmes.values()].sort(
      (a, b) => programmeOrder(a.programme) - programmeOrder(b.programme),
    ),
    total,
  };
}
