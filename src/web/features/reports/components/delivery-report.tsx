import { Anchor, Stack, Text } from '@mantine/core';
import { useState } from 'react';
import { Link } from 'react-router';
import type { OrderedDelivered } from '../../../../contracts/reports';
import { formatDeliveryCell, getDeliveryCellState, heldCellLegend } from '../../../../domain/report-rules';
import { parseDayMonthYear } from '../../../../domain/weeks';
import { useDeliveryByCategoryReport, useDeliveryByClientReport } from '../../../api/reports';
import { formatMonthTitle } from '../report-dates';
import classes from '../reports.module.css';
import { DayHeader } from './day-header';
import { GridScroller } from './grid-scroller';
import { ReportDateForm } from './report-date-form';
import { ReportHeader } from './report-header';
import { LoadState } from './report-notices';
import { ReportFileActions, ReportOutputNotices, useReportOutput } from './report-output';

type DeliveryReportKind = 'client' | 'category';

const reportNames = { client: 'delivered_by_client', category: 'delivered_by_category' } as const;

const titles: Record<DeliveryReportKind, string> = {
  client: 'Delivered By Client',
  category: 'Delivered By Category',
};

/** A row of the month grid: a client (linked to its screen) or a meal category. */
type GridRow = {
  key: string;
  name: string;
  href: string | null;
  days: OrderedDelivered[];
  total: OrderedDelivered;
  /** Portions chosen on hold days, per day and in the month. */
  held: number[];
  held_total: number;
};
type GridData = {
  month_start: string;
  dates: string[];
  rows: GridRow[];
  total: Omit<GridRow, 'key' | 'name' | 'href'>;
};

/** `today` (YYYY-MM-DD) is the account's local date: days from it on are not judged yet. */
type DeliveredReportProps = { defaultDate: string; today: string };

export function DeliveredByClientReport({ defaultDate, today }: DeliveredReportProps) {
  const [date, setDate] = useState(defaultDate);
  const report = useDeliveryByClientReport(date);
  const grid: GridData | null = report.data
    ? {
        ...report.data,
        rows: report.data.clients.map((client) => ({
          key: String(client.id),
          name: client.name,
          href: `/client/${String(client.id)}/`,
          days: client.days,
          total: client.total,
          held: client.held,
          held_total: client.held_total,
        })),
      }
    : null;
  return (
    <DeliveryReport kind="client" date={date} today={today} onShow={setDate} report={report} grid={grid} />
  );
}

export function DeliveredByCategoryReport({ defaultDate, today }: DeliveredReportProps) {
  const [date, setDate] = useState(defaultDate);
  const report = useDeliveryByCategoryReport(date);
  const grid: GridData | null = report.data
    ? { ...report.data, rows: report.data.categories.map((category) => ({ ...category, href: null })) }
    : null;
  return (
    <DeliveryReport kind="category" date={date} today={today} onShow={setDate} report={report} grid={grid} />
  );
}

type DeliveryReportProps = {
  kind: DeliveryReportKind;
  date: string;
  today: string;
  onShow: (date: string) => void;
  report: { isPending: boolean; error: Error | null };
  grid: GridData | null;
};

/**
 * Delivered By Client and By Category: a month grid of ordered:delivered per day, green when equal, red when a past
 * day's differ, neutral for days not over yet, 'Held' for a day whose meals were chosen while the client was on hold.
 */
function DeliveryReport({ kind, date, today, onShow, report, grid }: DeliveryReportProps) {
  const output = useReportOutput();
  return (
    <Stack gap="md">
      <ReportHeader
        title={titles[kind]}
        filters={<ReportDateForm date={date} mode="day" onShow={onShow} />}
        actions={
          <ReportFileActions output={output} request={grid ? { report: reportNames[kind], date } : null} />
        }
      />
      <ReportOutputNotices output={output} />
      <LoadState isPending={report.isPending} error={report.error} />
      {grid && <DeliveryGrid kind={kind} grid={grid} today={today} />}
    </Stack>
  );
}

const stateClasses = {
  empty: '',
  equal: classes.green,
  different: classes.red,
  pending: '',
  held: classes.held,
};

type PairCellProps = {
  pair: OrderedDelivered;
  /** Portions chosen on hold days. */
  held: number;
  /** The last day the cell counts (YYYY-MM-DD). */
  lastDate: string;
  today: string;
  className?: string;
};

function PairCell({ pair, held, lastDate, today, className = '' }: PairCellProps) {
  const [ordered, delivered] = pair;
  const state = getDeliveryCellState(ordered, delivered, lastDate, today, held);
  return (
    <td
      className={`${classes.wideCell} ${stateClasses[state]} ${className}`}
      data-state={state}
      title={held > 0 ? `On hold: ${String(held)} chosen` : undefined}
    >
      {formatDeliveryCell(ordered, delivered, held)}
    </td>
  );
}

function DeliveryGrid({ kind, grid, today }: { kind: DeliveryReportKind; grid: GridData; today: string }) {
  const month = formatMonthTitle(grid.month_start);
  const isoDates = grid.dates.map((date) => parseDayMonthYear(date) ?? date);
  const monthEnd = isoDates[isoDates.length - 1] ?? '';
  return (
    <Stack gap="xs">
      <Text fw={700}>{`${month}: ordered:delivered`}</Text>
      <Text size="sm">{heldCellLegend}</Text>
      {grid.rows.length === 0 ? (
        <Text>No data for selected date</Text>
      ) : (
        <GridScroller label={`${titles[kind]}, ${month}`}>
          <table className={classes.grid} aria-label={`${titles[kind]}, ${month}`}>
            <thead>
              <tr>
                <th scope="col" className={classes.sticky}>
                  {kind === 'client' ? 'Client' : 'Category'}
                </th>
                {grid.dates.map((date) => (
                  <DayHeader key={date} date={date} isCompact />
                ))}
                <th scope="col" className={classes.stickyEnd}>
                  Total
                </th>
              </tr>
            </thead>
            <tbody>
              {grid.rows.map((row) => (
                <tr key={row.key}>
                  <th scope="row" className={classes.sticky}>
                    {row.href ? (
                      <Anchor component={Link} to={row.href} size="xs">
                        {row.name}
                      </Anchor>
                    ) : (
                      row.name
                    )}
                  </th>
                  {row.days.map((pair, index) => (
                    <PairCell
                      key={grid.dates[index] ?? index}
                      pair={pair}
                      held={row.held[index] ?? 0}
                      lastDate={isoDates[index] ?? ''}
                      today={today}
                    />
                  ))}
                  <PairCell
                    pair={row.total}
                    held={row.held_total}
                    lastDate={monthEnd}
                    today={today}
                    className={classes.stickyEnd}
                  />
                </tr>
              ))}
              <tr className={classes.totalRow}>
                <th scope="row" className={classes.sticky}>
                  Total
                </th>
                {grid.total.days.map((pair, index) => (
                  <PairCell
                    key={grid.dates[index] ?? index}
                    pair={pair}
                    held={grid.total.held[index] ?? 0}
                    lastDate={isoDates[index] ?? ''}
                    today={today}
                  />
                ))}
                <PairCell
                  pair={grid.total.total}
                  held={grid.total.held_total}
                  lastDate={monthEnd}
                  today={today}
                  className={classes.stickyEnd}
                />
              </tr>
            </tbody>
          </table>
        </GridScroller>
      )}
    </Stack>
  );
}
