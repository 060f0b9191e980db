import { Paper, Table, Title } from '@mantine/core';
import type { DayPlan } from '../../../../../contracts/day-plans';
import { unassignedReasonText } from '../plan-model';

type UnassignedListProps = {
  unassigned: DayPlan['unassigned'];
  roundNameOf: (roundId: number | null) => string;
};

/** The visits the plan could not place, each with why; they stay off every route until the plan changes. */
export function UnassignedList({ unassigned, roundNameOf }: UnassignedListProps) {
  if (unassigned.length === 0) return null;
  return (
    <Paper withBorder p="sm" component="section" aria-label="Visits not placed">
      <Title order={3} size="h4" mb={4}>
        Not placed: {unassigned.length}
      </Title>
      <Table.ScrollContainer minWidth={420}>
        <Table verticalSpacing={4}>
          <Table.Thead>
            <Table.Tr>
              <Table.Th>Client</Table.Th>
              <Table.Th>Usual Round</Table.Th>
              <Table.Th>Reason</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {unassigned.map((visit) => (
              <Table.Tr key={visit.visit_id}>
                <Table.Td>{visit.client.name}</Table.Td>
                <Table.Td>{roundNameOf(visit.usual_round_id)}</Table.Td>
                <Table.Td>{unassignedReasonText[visit.reason]}</Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </Table.ScrollContainer>
    </Paper>
  );
}
