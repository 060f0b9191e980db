import { Anchor, Badge, Stack, Table, Text, Title } from '@mantine/core';
import { useState } from 'react';
import { Link } from 'react-router';
import { holdReasonLabels } from '../../../../contracts/holds';
import {
  holdsReportSections,
  type HoldsReport as HoldsReportData,
  type HoldsReportRow,
} from '../../../../contracts/holds-report';
import { useHoldsReport } from '../../../api/reports';
import { ReportDateForm } from './report-date-form';
import { ReportHeader } from './report-header';
import { LoadState } from './report-notices';
import { ReportFileActions, ReportOutputNotices, useReportOutput } from './report-output';

const openEnded = 'Open-ended';

/** The Holds report: who is on hold on the chosen day (default today), who comes back that week, who begins later. */
export function HoldsReport({ defaultDate }: { defaultDate: string }) {
  const [date, setDate] = useState(defaultDate);
  const report = useHoldsReport(date);
  const output = useReportOutput();
  return (
    <Stack gap="md">
      <ReportHeader
        title="Holds"
        filters={<ReportDateForm date={date} mode="day" onShow={setDate} />}
        actions={
          <ReportFileActions output={output} request={report.data ? { report: 'holds', date } : null} />
        }
      />
      <ReportOutputNotices output={output} />
      <LoadState isPending={report.isPending} error={report.error} />
      {report.data && <HoldsSections report={report.data} />}
    </Stack>
  );
}

function HoldsSections({ report }: { report: HoldsReportData }) {
  return (
    <Stack gap="lg">
      <Text>{`On ${report.date}; this week: ${report.week_start} to ${report.week_end}.`}</Text>
      {holdsReportSections.map((section) => {
        const rows = report[section.key];
        const headingId = `holds-${section.key}`;
        return (
          <Stack key={section.key} gap="xs" component="section" aria-labelledby={headingId}>
            <Title order={3} id={headingId}>
              {section.name}{' '}
              <Badge variant="light" color="gray" aria-label={`${String(rows.length)} clients`}>
                {rows.length}
              </Badge>
            </Title>
            {rows.length === 0 ? <Text c="dimmed">{section.empty}</Text> : <HoldsTable rows={rows} />}
          </Stack>
        );
      })}
    </Stack>
  );
}

function HoldsTable({ rows }: { rows: HoldsReportRow[] }) {
  return (
    <Table striped withTableBorder>
      <Table.Thead>
        <Table.Tr>
          <Table.Th scope="col">Client</Table.Th>
          <Table.Th scope="col">Round</Table.Th>
          <Table.Th scope="col">From</Table.Th>
          <Table.Th scope="col">To</Table.Th>
          <Table.Th scope="col">Back on</Table.Th>
          <Table.Th scope="col">Reason</Table.Th>
          <Table.Th scope="col">Note</Table.Th>
        </Table.Tr>
      </Table.Thead>
      <Table.Tbody>
        {rows.map((row) => (
          <Table.Tr key={row.hold_id}>
            <Table.Th scope="row" fw={400}>
              <Anchor component={Link} to={`/client/${String(row.client_id)}/`}>
                {row.client}
              </Anchor>
            </Table.Th>
            <Table.Td>{row.round}</Table.Td>
            <Table.Td>{row.from_date}</Table.Td>
            <Table.Td>{row.to_date ?? openEnded}</Table.Td>
            <Table.Td>{row.return_date ?? openEnded}</Table.Td>
            <Table.Td>{holdReasonLabels[row.reason]}</Table.Td>
            <Table.Td>{row.note}</Table.Td>
          </Table.Tr>
        ))}
      </Table.Tbody>
    </Table>
  );
}
