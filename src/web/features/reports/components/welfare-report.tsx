import { NativeSelect, Stack, Table } from '@mantine/core';
import { useState } from 'react';
import type { WelfareReport as WelfareReportData } from '../../../../contracts/welfare';
import { resolutionOutcomeLabels, resolutionOutcomes } from '../../../../domain/welfare-steps';
import { useWelfareReport } from '../../../api/welfare';
import { ReportHeader } from './report-header';
import { LoadState } from './report-notices';
import { ReportFileActions, ReportOutputNotices, useReportOutput } from './report-output';

/** The twelve months up to the one of `today` (YYYY-MM-DD), newest first, as MM-YYYY. */
export function listRecentMonths(today: string): string[] {
  const year = Number(today.slice(0, 4));
  const month = Number(today.slice(5, 7));
  return Array.from({ length: 12 }, (_, back) => {
    const index = year * 12 + (month - 1) - back;
    return `${String((index % 12) + 1).padStart(2, '0')}-${String(Math.floor(index / 12))}`;
  });
}

const formatMinutes = (minutes: number | null) => (minutes === null ? '-' : `${String(minutes)} min`);

/** The Welfare checks report: the month's checks, how many were resolved and how fast, and what was found. */
export function WelfareReport({ today }: { today: string }) {
  const months = listRecentMonths(today);
  const [month, setMonth] = useState(months[0] ?? '');
  const report = useWelfareReport(month);
  const output = useReportOutput();
  return (
    <Stack gap="md">
      <ReportHeader
        title="Welfare checks"
        filters={
          <NativeSelect
            label="Month"
            value={month}
            onChange={(event) => setMonth(event.currentTarget.value)}
            data={months}
            w={160}
          />
        }
        actions={
          <ReportFileActions output={output} request={report.data ? { report: 'welfare', month } : null} />
        }
      />
      <ReportOutputNotices output={output} />
      <LoadState isPending={report.isPending} error={report.error} />
      {report.data && <WelfareFigures report={report.data} />}
    </Stack>
  );
}

function WelfareFigures({ report }: { report: WelfareReportData }) {
  const rows: [string, string][] = [
    ['Checks opened', String(report.opened)],
    ['Resolved', String(report.resolved)],
    ['Still open', String(report.open)],
    ['Median time to resolution', formatMinutes(report.median_minutes_to_resolve)],
    ['Worst time to resolution', formatMinutes(report.worst_minutes_to_resolve)],
    ...resolutionOutcomes.map((outcome): [string, string] => [
      `Outcome: ${resolutionOutcomeLabels[outcome]}`,
      String(report.outcomes[outcome]),
    ]),
  ];
  return (
    <Table striped withTableBorder maw={520} aria-label={`Welfare checks, ${report.month}`}>
      <Table.Thead>
        <Table.Tr>
          <Table.Th scope="col">Figure</Table.Th>
          <Table.Th scope="col">Value</Table.Th>
        </Table.Tr>
      </Table.Thead>
      <Table.Tbody>
        {rows.map(([figure, value]) => (
          <Table.Tr key={figure}>
            <Table.Th scope="row" fw={400}>
              {figure}
            </Table.Th>
            <Table.Td>{value}</Table.Td>
          </Table.Tr>
        ))}
      </Table.Tbody>
    </Table>
  );
}
