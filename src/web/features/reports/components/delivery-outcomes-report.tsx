import { Anchor, Badge, Stack, Table, Text, Title } from '@mantine/core';
import { useState } from 'react';
import { Link } from 'react-router';
import type {
  DeliveryOutcomesReport as OutcomesReport,
  OutcomeClient,
  OutcomeCountsRow,
} from '../../../../contracts/delivery-outcomes';
import { driverOutcomeLabels } from '../../../../domain/driver-outcomes';
import { outcomeKindsInOrder, repeatedWorryText } from '../../../../domain/outcome-report';
import { formatShownClock } from '../../../../domain/shown-time';
import { useDeliveryOutcomesReport } from '../../../api/reports';
import type { OutcomesRange } from '../outcomes-range';
import { OutcomesRangeForm } from './outcomes-range-form';
import { ReportHeader } from './report-header';
import { LoadState } from './report-notices';
import { ReportFileActions, ReportOutputNotices, useReportOutput } from './report-output';

const title = 'Delivery Outcomes';

/** `timeZone` is the account's: the phones' times are shown in it, as in the PDF and the CSV. */
type DeliveryOutcomesReportProps = { defaultRange: OutcomesRange; timeZone: string };

/**
 * What drivers recorded at each door over a date range: counts per round, then each client's outcomes with their
 * notes, the clients with repeated not-home or concern outcomes first (the server's order).
 */
export function DeliveryOutcomesReport({ defaultRange, timeZone }: DeliveryOutcomesReportProps) {
  const [range, setRange] = useState(defaultRange);
  const [isRangeTyped, setIsRangeTyped] = useState(true);
  const report = useDeliveryOutcomesReport(range);
  const output = useReportOutput();
  // A range that is not one hides what was shown, so the screen never shows a report under other dates.
  const data = isRangeTyped ? report.data : undefined;
  return (
    <Stack gap="md">
      <ReportHeader
        title={title}
        filters={
          <OutcomesRangeForm
            range={range}
            onShow={(next) => {
              setIsRangeTyped(true);
              setRange(next);
            }}
            onInvalidRange={() => setIsRangeTyped(false)}
          />
        }
        actions={
          <ReportFileActions
            output={output}
            request={data ? { report: 'delivery_outcomes', from: range.from, to: range.to } : null}
          />
        }
      />
      <Text size="sm">
        Clients with two or more not-home or concern outcomes come first. Each visit counts once, with its
        latest outcome.
      </Text>
      <ReportOutputNotices output={output} />
      {isRangeTyped && <LoadState isPending={report.isPending} error={report.error} />}
      {data &&
        (data.clients.length === 0 ? (
          <Text>No outcomes recorded in these dates</Text>
        ) : (
          <OutcomesTables report={data} timeZone={timeZone} />
        ))}
    </Stack>
  );
}

function CountCells({ counts, isBold = false }: { counts: OutcomeCountsRow; isBold?: boolean }) {
  return outcomeKindsInOrder.map((kind) => (
    <Table.Td key={kind} ta="center" fw={isBold ? 700 : undefined}>
      {counts[kind]}
    </Table.Td>
  ));
}

function CountHeaders() {
  return outcomeKindsInOrder.map((kind) => (
    <Table.Th key={kind} scope="col" ta="center">
      {driverOutcomeLabels[kind]}
    </Table.Th>
  ));
}

function OutcomesTables({ report, timeZone }: { report: OutcomesReport; timeZone: string }) {
  const range = `${report.from} to ${report.to}`;
  return (
    <Stack gap="lg">
      <Stack gap="xs">
        <Title order={3}>By round</Title>
        <Table.ScrollContainer minWidth={560}>
          <Table aria-label={`Delivery outcomes by round, ${range}`} withTableBorder>
            <Table.Thead>
              <Table.Tr>
                <Table.Th scope="col">Round</Table.Th>
                <CountHeaders />
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {report.rounds.map((round) => (
                <Table.Tr key={round.round_id ?? 'none'}>
                  <Table.Th scope="row">{round.round}</Table.Th>
                  <CountCells counts={round.counts} />
                </Table.Tr>
              ))}
              <Table.Tr>
                <Table.Th scope="row">Total</Table.Th>
                <CountCells counts={report.total} isBold />
              </Table.Tr>
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      </Stack>
      <Stack gap="xs">
        <Title order={3}>By client</Title>
        <Table.ScrollContainer minWidth={720}>
          <Table aria-label={`Delivery outcomes by client, ${range}`} withTableBorder>
            <Table.Thead>
              <Table.Tr>
                <Table.Th scope="col">Client</Table.Th>
                <Table.Th scope="col">Date</Table.Th>
                <Table.Th scope="col">Round</Table.Th>
                <Table.Th scope="col">Outcome</Table.Th>
                <Table.Th scope="col">Note</Table.Th>
              </Table.Tr>
            </Table.Thead>
            {report.clients.map((client) => (
              <ClientRows key={client.id} client={client} timeZone={timeZone} />
            ))}
          </Table>
        </Table.ScrollContainer>
      </Stack>
    </Stack>
  );
}

/** One body per client: its name cell spans its outcomes' rows; a client to call carries a badge saying so. */
function ClientRows({ client, timeZone }: { client: OutcomeClient; timeZone: string }) {
  return (
    <Table.Tbody>
      {client.outcomes.map((entry, index) => (
        <Table.Tr key={entry.visit_id} data-repeated={client.is_repeated || undefined}>
          {index === 0 && (
            <Table.Th scope="rowgroup" rowSpan={client.outcomes.length} style={{ verticalAlign: 'top' }}>
              <Stack gap={2}>
                <Anchor component={Link} to={`/client/${String(client.id)}/`} fw={700}>
                  {client.name}
                </Anchor>
                {client.phone && <Text size="sm">{client.phone}</Text>}
                {client.is_repeated && (
                  // The darkest red keeps the white text at AA contrast.
                  <Badge color="red.9" radius="sm" style={{ whiteSpace: 'normal', height: 'auto' }}>
                    {repeatedWorryText}
                  </Badge>
                )}
              </Stack>
            </Table.Th>
          )}
          <Table.Td style={{ whiteSpace: 'nowrap' }}>
            {`${entry.date} ${formatShownClock(entry.recorded_at, timeZone)}`}
          </Table.Td>
          <Table.Td>{entry.round}</Table.Td>
          <Table.Td>{driverOutcomeLabels[entry.outcome]}</Table.Td>
          <Table.Td>{entry.note}</Table.Td>
        </Table.Tr>
      ))}
    </Table.Tbody>
  );
}
