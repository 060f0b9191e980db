import { Anchor, Stack, Table, Text } from '@mantine/core';
import { Link } from 'react-router';
import type { Alert } from '../../../../contracts/alerts';
import { formatShownDateTime } from '../../../../domain/shown-time';
import { formatDayMonthYear } from '../../../../domain/weeks';
import { resolutionOutcomeLabels } from '../../../../domain/welfare-steps';
import { DriverPhoto } from '../../../components/driver-photo';
import { OutcomeBadge } from '../../../components/outcome-badge';

type AlertsTableProps = {
  alerts: Alert[];
  /** The zone a round's times are read in (the account's first round's when the alert has no round). */
  getTimeZone: (roundId: number | null) => string;
};

function ResolvedCell({ alert, timeZone }: { alert: Alert; timeZone: string }) {
  return (
    <Stack gap={2}>
      {alert.resolution_outcome && (
        <Text size="sm" fw={700}>
          {resolutionOutcomeLabels[alert.resolution_outcome]}
        </Text>
      )}
      <Text size="sm">{alert.resolution_note}</Text>
      <Text size="xs" c="dimmed">
        {[alert.resolved_by, alert.resolved_at ? formatShownDateTime(alert.resolved_at, timeZone) : '']
          .filter(Boolean)
          .join(', ')}
      </Text>
    </Stack>
  );
}

/** The resolved checks, one row each: the day, round, client, the driver's outcome, and what was found and done. */
export function AlertsTable({ alerts, getTimeZone }: AlertsTableProps) {
  return (
    <Table.ScrollContainer minWidth={800}>
      <Table striped withTableBorder verticalSpacing="xs" aria-label="Resolved checks">
        <Table.Thead>
          <Table.Tr>
            <Table.Th>Date</Table.Th>
            <Table.Th>Round</Table.Th>
            <Table.Th>Client</Table.Th>
            <Table.Th>Outcome</Table.Th>
            <Table.Th>Note</Table.Th>
            <Table.Th>Photo</Table.Th>
            <Table.Th>Recorded</Table.Th>
            <Table.Th>Resolution</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {alerts.map((alert) => {
            const timeZone = getTimeZone(alert.round?.id ?? null);
            return (
              <Table.Tr key={alert.id}>
                <Table.Td>{formatDayMonthYear(alert.date)}</Table.Td>
                <Table.Td>{alert.round?.name ?? 'No round'}</Table.Td>
                <Table.Td>
                  <Stack gap={0}>
                    <Anchor component={Link} to={`/client/${String(alert.client.id)}/`} size="sm">
                      {alert.client.name}
                    </Anchor>
                    {alert.client.phone && (
                      <Anchor href={`tel:${alert.client.phone.replace(/[^\d+]/g, '')}`} size="sm">
                        {alert.client.phone}
                      </Anchor>
                    )}
                  </Stack>
                </Table.Td>
                <Table.Td>
                  <OutcomeBadge outcome={alert.outcome} />
                </Table.Td>
                <Table.Td style={{ whiteSpace: 'pre-wrap', maxWidth: 280 }}>{alert.note}</Table.Td>
                <Table.Td>
                  {alert.photo_url && (
                    <DriverPhoto
                      path={alert.photo_url}
                      label={`${alert.client.name}, ${formatDayMonthYear(alert.date)}`}
                    />
                  )}
                </Table.Td>
                <Table.Td>{formatShownDateTime(alert.recorded_at, timeZone)}</Table.Td>
                <Table.Td>
                  <ResolvedCell alert={alert} timeZone={timeZone} />
                </Table.Td>
              </Table.Tr>
            );
          })}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}
