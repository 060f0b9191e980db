import { NativeSelect, Paper, Stack, Table, Text, Title } from '@mantine/core';
import { ErrorNotice } from '../../../components/error-notice';
import { useState } from 'react';
import type { RosterReminder } from '../../../../contracts/volunteer';
import { getWeekdayName } from '../../../../domain/calendar-names';
import { formatShownDateTime } from '../../../../domain/shown-time';
import { getAccountTimeZone } from '../../../../domain/today';
import { formatDayMonthYear } from '../../../../domain/weeks';
import { addDays, getIsoWeekday } from '../../../../domain/zoned-time';
import { useRosterReminders } from '../../../api/roster';
import { useSession } from '../../../lib/session-store';

const kindLabels: Record<RosterReminder['kind'], string> = {
  driver_reminder: 'Reminder to the driver',
  unfilled_48h: 'Unfilled, 48 hours before',
  unfilled_24h: 'Unfilled, 24 hours before',
};

const channelLabels: Record<RosterReminder['channels'][number], string> = { mail: 'Email', sms: 'SMS' };

/** The days offered: two weeks back (what went out) to two days ahead (alerts go 48 hours before). */
function listReminderDays(today: string): { value: string; label: string }[] {
  return Array.from({ length: 17 }, (_, index) => {
    const date = addDays(today, 2 - index);
    const label = `${getWeekdayName(getIsoWeekday(date) - 1, 'short')} ${formatDayMonthYear(date)}`;
    return { value: formatDayMonthYear(date), label };
  });
}

/**
 * Reminders sent: for a chosen round day, each reminder to its driver and each unfilled-slot alert to the office,
 * to whom and how, in the order they went. Opens on tomorrow, whose reminders go out today.
 */
export function RemindersSent({ today }: { today: string }) {
  const { account } = useSession();
  const timeZone = getAccountTimeZone(account?.rounds ?? []);
  const [date, setDate] = useState(formatDayMonthYear(addDays(today, 1)));
  const reminders = useRosterReminders(date);
  return (
    <Paper withBorder p="sm" component="section" aria-labelledby="reminders-sent-title">
      <Stack gap="xs">
        <Title order={2} size="h4" id="reminders-sent-title">
          Reminders sent
        </Title>
        <NativeSelect
          label="Round day"
          value={date}
          onChange={(event) => setDate(event.currentTarget.value)}
          data={listReminderDays(today)}
          w={220}
        />
        {reminders.isPending && <Text>Loading...</Text>}
        {reminders.isError && (
          <ErrorNotice text={`The reminders could not be read: ${reminders.error.message}`} />
        )}
        {reminders.data?.length === 0 && <Text>Nothing was sent about the rounds of {date}.</Text>}
        {reminders.data && reminders.data.length > 0 && (
          <Table.ScrollContainer minWidth={640}>
            <Table striped withTableBorder aria-label={`Reminders sent about ${date}`}>
              <Table.Thead>
                <Table.Tr>
                  <Table.Th scope="col">Sent</Table.Th>
                  <Table.Th scope="col">Round</Table.Th>
                  <Table.Th scope="col">What</Table.Th>
                  <Table.Th scope="col">To</Table.Th>
                  <Table.Th scope="col">How</Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {reminders.data.map((reminder) => (
                  <Table.Tr key={`${reminder.kind}-${String(reminder.round.id)}-${reminder.sent_at}`}>
                    <Table.Td>{formatShownDateTime(reminder.sent_at, timeZone)}</Table.Td>
                    <Table.Td>{reminder.round.name}</Table.Td>
                    <Table.Td>{kindLabels[reminder.kind]}</Table.Td>
                    <Table.Td>
                      {[reminder.driver?.name, ...reminder.recipients].filter(Boolean).join(', ')}
                    </Table.Td>
                    <Table.Td>
                      {reminder.channels.map((channel) => channelLabels[channel]).join(', ')}
                    </Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </Table.ScrollContainer>
        )}
      </Stack>
    </Paper>
  );
}
