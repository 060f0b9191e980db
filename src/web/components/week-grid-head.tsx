import { Table, Text } from '@mantine/core';
import { getWeekdayName } from '../../domain/calendar-names';

/** The header row of a week grid (weekly menu, client meal choices): 'Category', then each day's name and date. */
export function WeekGridHead({ dates, categoryWidth }: { dates: string[]; categoryWidth: number }) {
  return (
    <Table.Thead>
      <Table.Tr>
        <Table.Th w={categoryWidth}>Category</Table.Th>
        {dates.map((date, index) => (
          <Table.Th key={date}>
            <Text fw={700} size="sm">
              {getWeekdayName(index)}
            </Text>
            <Text size="xs">{date}</Text>
          </Table.Th>
        ))}
      </Table.Tr>
    </Table.Thead>
  );
}
