import { Table, Text } from '@mantine/core';
import { getWeekdayName } from '../../domain/calendar-names';

/** A note under a day's date (e.g. why its meals do not count): its text, its kind (the cell's data-paused) and look. */
export type DayNote = { text: string; kind: string; background: string };

type WeekGridHeadProps = {
  dates: string[];
  categoryWidth: number;
  /** Per date, a note or null. */
  notes?: readonly (DayNote | null)[];
};

/** The header row of a week grid (weekly menu, client meal choices): 'Category', then each day's name and date. */
export function WeekGridHead({ dates, categoryWidth, notes = [] }: WeekGridHeadProps) {
  return (
    <Table.Thead>
      <Table.Tr>
        <Table.Th w={categoryWidth}>Category</Table.Th>
        {dates.map((date, index) => {
          const note = notes[index] ?? null;
          return (
            <Table.Th
              key={date}
              data-paused={note?.kind}
              style={note ? { background: note.background } : undefined}
            >
              <Text fw={700} size="sm">
                {getWeekdayName(index)}
              </Text>
              <Text size="xs">{date}</Text>
              {note && (
                <Text size="xs" fw={700}>
                  {note.text}
                </Text>
              )}
            </Table.Th>
          );
        })}
      </Table.Tr>
    </Table.Thead>
  );
}
