import { Anchor, Button, Stack, Table, Text } from '@mantine/core';
import { Link } from 'react-router';
import type { Alert } from '../../../../contracts/alerts';
import { formatShownDateTime } from '../../../../domain/shown-time';
import { formatDayMonthYear } from '../../../../domain/weeks';
import { DriverPhoto } from '../../../components/driver-photo';
import { OutcomeBadge } from '../../../components/outcome-badge';

type AlertsTableProps = {
  alerts: Alert[];
  /** The zone a round's times are read in (the account's first round's when the alert has no round). */
  getTimeZone: (roundId: number | null) => string;
  /** Absent on the resolved list. */
  onResolve?: (alert: Alert) => void;
};

function ResolvedCell({ alert, timeZone }: { alert: Alert; timeZone: string }) {
  return (
    <Stack gap={2}>
      <Text size="sm">{alert.resolution_note}</Text>
      <Text size="xs" c="dimmed">
        {[alert.resolved_by, alert.resolved_at ? formatShownDateTime(alert.resolved_at, timeZone) : '']
          .filter(Boolean)
          .join(', ')}
      </Text>
    </Stack>
  );
}

/** One row per alert: the day, round, client (name, phone), the outcome with its note and photo, and when. */
export function AlertsTable({ alerts, getTimeZone, onResolve }: AlertsTableProps) {
  return (
    <Table.ScrollContainer minWidth={800}>
      <Table
        striped
        withTableBorder
        verticalSpacing="xs"
        aria-label={onResolve ? 'Open alerts' : 'Resolved alerts'}
      >
        <Table.Thead>
          <Table.Tr>
            <Table.Th>Date</Table.Th>
            <Table.Th>Round</Table.Th>
            <Table.Th>Client</Table.Th>
            <Table.Th>Outcome</Table.Th>
            <Table.Th>Note</Table.Th>
            <Table.Th>Photo</Table.Th>
            <Table.Th>Recorded</Table.Th>
            <Table.Th>{onResolve ? 'Action' : 'Resolution'}</Table.Th>
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
                  {onResolve ? (
                    <Button
                      size="compact-sm"
                      onClick={() => onResolve(alert)}
                      aria-label={`Resolve ${alert.client.name}`}
                    >
                      Resolve
                    </Button>
                  ) : (
                    <ResolvedCell alert={alert} timeZone={timeZone} />
                  )}
                </Table.Td>
              </Table.Tr>
            );
          })}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}
