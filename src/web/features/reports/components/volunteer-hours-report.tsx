import { NativeSelect, Stack, Table, Text } from '@mantine/core';
import { useState } from 'react';
import type { VolunteerHoursReport as VolunteerHoursData } from '../../../../contracts/volunteer-hours';
import { useVolunteerHours } from '../../../api/volunteer-hours';
import { ReportHeader } from './report-header';
import { LoadState } from './report-notices';
import { ReportFileActions, ReportOutputNotices, useReportOutput } from './report-output';
import { listRecentMonths } from './welfare-report';

/** Volunteer Hours: per driver, the month's days driven, the hours from pickup to return and the km. */
export function VolunteerHoursReport({ today }: { today: string }) {
  const months = listRecentMonths(today);
  const [month, setMonth] = useState(months[0] ?? '');
  const report = useVolunteerHours(month);
  const output = useReportOutput();
  return (
    <Stack gap="md">
      <ReportHeader
        title="Volunteer Hours"
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
          <ReportFileActions
            output={output}
            request={report.data ? { report: 'volunteer_hours', month } : null}
          />
        }
      />
      <ReportOutputNotices output={output} />
      <LoadState isPending={report.isPending} error={report.error} />
      {report.data && <HoursTable report={report.data} />}
    </Stack>
  );
}

function HoursTable({ report }: { report: VolunteerHoursData }) {
  if (report.counted_to === null) return <Text>No day of {report.month} is over yet.</Text>;
  if (report.drivers.length === 0)
    return <Text>No driver is on the roster for a day driven in {report.month}.</Text>;
  return (
    <Stack gap="xs">
      <Text size="sm" c="dimmed">
        Days driven up to {report.counted_to}; hours run from the round&apos;s pickup to its return.
      </Text>
      <Table striped withTableBorder maw={860} aria-label={`Volunteer Hours, ${report.month}`}>
        <Table.Thead>
          <Table.Tr>
            <Table.Th scope="col">Driver</Table.Th>
            <Table.Th scope="col">Days</Table.Th>
            <Table.Th scope="col">Hours</Table.Th>
            <Table.Th scope="col">Km</Table.Th>
            <Table.Th scope="col">Dates</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {report.drivers.map((row) => (
            <Table.Tr key={row.driver.id}>
              <Table.Th scope="row" fw={400}>
                {row.driver.is_active ? row.driver.name : `${row.driver.name} (inactive)`}
              </Table.Th>
              <Table.Td>{row.days}</Table.Td>
              <Table.Td>{row.hours.toFixed(1)}</Table.Td>
              <Table.Td>{row.km.toFixed(1)}</Table.Td>
              <Table.Td>
                {row.dates.map((date, index) => (
                  // A date never breaks at its hyphens.
                  <Text span key={date} inherit style={{ whiteSpace: 'nowrap' }}>
                    {index > 0 ? `, ${date}` : date}
                  </Text>
                ))}
              </Table.Td>
            </Table.Tr>
          ))}
          <Table.Tr fw={700}>
            <Table.Th scope="row">Total</Table.Th>
            <Table.Td>{report.totals.days}</Table.Td>
            <Table.Td>{report.totals.hours.toFixed(1)}</Table.Td>
            <Table.Td>{report.totals.km.toFixed(1)}</Table.Td>
            <Table.Td />
          </Table.Tr>
        </Table.Tbody>
      </Table>
    </Stack>
  );
}
