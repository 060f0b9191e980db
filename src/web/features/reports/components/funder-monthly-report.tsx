import { Anchor, Badge, Group, NativeSelect, Stack, Table, Text, Title } from '@mantine/core';
import { useState } from 'react';
import { Link } from 'react-router';
import {
  describeProgramme,
  type FunderMonthlyReport as FunderReport,
  type MonthClose,
} from '../../../../contracts/funding';
import { formatFee, listFunderMonths } from '../../../../domain/funder-month';
import { formatShownDateTime } from '../../../../domain/shown-time';
import { useFunderMonthlyReport } from '../../../api/funding';
import { DexExportPanel } from './dex-export-panel';
import { MonthCloseActions } from './month-close-actions';
import { ReportHeader } from './report-header';
import { LoadState } from './report-notices';
import { ReportFileActions, ReportOutputNotices, useReportOutput } from './report-output';

const title = 'Funder Monthly';
/** How far back the month picker reaches: two years of filed months. */
const monthsOffered = 25;

type FunderMonthlyReportProps = { today: string; defaultMonth: string; timeZone: string };

/**
 * A month's meals per client and programme for the funders, the month's close (frozen figures) and the Data
 * Exchange export.
 */
export function FunderMonthlyReport({ today, defaultMonth, timeZone }: FunderMonthlyReportProps) {
  const [month, setMonth] = useState(defaultMonth);
  const report = useFunderMonthlyReport(month);
  const output = useReportOutput();
  const data = report.data;
  return (
    <Stack gap="md">
      <ReportHeader
        title={title}
        filters={
          <NativeSelect
            label="Month"
            data={listFunderMonths(today, monthsOffered)}
            value={month}
            onChange={(event) => setMonth(event.currentTarget.value)}
          />
        }
        actions={
          <ReportFileActions output={output} request={data ? { report: 'funder_monthly', month } : null} />
        }
      />
      <ReportOutputNotices output={output} />
      <LoadState isPending={report.isPending} error={report.error} />
      {data && (
        <>
          <Group justify="space-between" align="center">
            <CloseState close={data.close} timeZone={timeZone} />
            <MonthCloseActions close={data.close} />
          </Group>
          <DexExportPanel month={month} report={data} />
          <FunderTables report={data} />
        </>
      )}
    </Stack>
  );
}

function CloseState({ close, timeZone }: { close: MonthClose; timeZone: string }) {
  if (!close.is_closed || close.closed_at === null) {
    return (
      <Text>
        <Badge color="gray.7" radius="sm" mr="xs">
          Open
        </Badge>
        The figures may still change until the month is closed.
      </Text>
    );
  }
  const by = close.closed_by ? ` by ${close.closed_by}` : '';
  return (
    <Text>
      <Badge color="teal.9" radius="sm" mr="xs">
        Closed
      </Badge>
      {`Closed on ${formatShownDateTime(close.closed_at, timeZone)}${by}: these figures are frozen.`}
    </Text>
  );
}

function CountCells({
  row,
}: {
  row: { ordered: number; delivered: number; held: number; fee_total_cents: number };
}) {
  return (
    <>
      <Table.Td ta="center">{row.ordered}</Table.Td>
      <Table.Td ta="center">{row.delivered}</Table.Td>
      <Table.Td ta="center">{row.held}</Table.Td>
      <Table.Td ta="right">{formatFee(row.fee_total_cents)}</Table.Td>
    </>
  );
}

function CountHeaders() {
  return (
    <>
      <Table.Th scope="col" ta="center">
        Ordered
      </Table.Th>
      <Table.Th scope="col" ta="center">
        Delivered
      </Table.Th>
      <Table.Th scope="col" ta="center">
        Held
      </Table.Th>
      <Table.Th scope="col" ta="right">
        Fee total
      </Table.Th>
    </>
  );
}

function FunderTables({ report }: { report: FunderReport }) {
  if (report.clients.length === 0) return <Text>No meals ordered, delivered or held in this month</Text>;
  return (
    <Stack gap="lg">
      <Stack gap="xs">
        <Title order={3}>By programme</Title>
        <Table aria-label={`Funder monthly by programme, ${report.month}`} withTableBorder>
          <Table.Thead>
            <Table.Tr>
              <Table.Th scope="col">Programme</Table.Th>
              <Table.Th scope="col" ta="center">
                Clients
              </Table.Th>
              <CountHeaders />
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {report.programmes.map((row) => (
              <Table.Tr key={row.programme ?? 'none'}>
                <Table.Th scope="row">{describeProgramme(row.programme)}</Table.Th>
                <Table.Td ta="center">{row.clients}</Table.Td>
                <CountCells row={row} />
              </Table.Tr>
            ))}
            <Table.Tr fw={700}>
              <Table.Th scope="row">Total</Table.Th>
              <Table.Td ta="center">{report.total.clients}</Table.Td>
              <CountCells row={report.total} />
            </Table.Tr>
          </Table.Tbody>
        </Table>
      </Stack>
      <Stack gap="xs">
        <Title order={3}>By client</Title>
        <Table.ScrollContainer minWidth={720}>
          <Table aria-label={`Funder monthly by client, ${report.month}`} withTableBorder striped>
            <Table.Thead>
              <Table.Tr>
                <Table.Th scope="col">Client</Table.Th>
                <Table.Th scope="col">Programme</Table.Th>
                <Table.Th scope="col" ta="right">
                  Fee per meal
                </Table.Th>
                <CountHeaders />
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {report.clients.map((row) => (
                <Table.Tr key={row.client_id}>
                  <Table.Th scope="row">
                    <Anchor component={Link} to={`/client/${String(row.client_id)}/`}>
                      {row.name}
                    </Anchor>
                  </Table.Th>
                  <Table.Td>{describeProgramme(row.programme)}</Table.Td>
                  <Table.Td ta="right">{formatFee(row.fee_per_meal_cents)}</Table.Td>
                  <CountCells row={row} />
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      </Stack>
    </Stack>
  );
}
