import { Badge, Table, Text } from '@mantine/core';
import type { DayPlan, DayPlanRouteSummary } from '../../../../../contracts/day-plans';

type PlanComparisonProps = {
  plan: DayPlan;
  /** The rounds planned; a round neither off nor planned was left out of this plan only. */
  plannedRoundIds: ReadonlySet<number>;
};

/** A firmer line between rounds than between a round's before and after rows. */
const groupBorder = { borderTop: '2px solid var(--mantine-color-gray-5)' };

function formatKm(km: number): string {
  return km.toFixed(1);
}

function SummaryCells({ summary, unassigned }: { summary: DayPlanRouteSummary; unassigned: number | null }) {
  return (
    <>
      <Table.Td>{summary.stops}</Table.Td>
      <Table.Td>{summary.portions}</Table.Td>
      <Table.Td>{formatKm(summary.km)}</Table.Td>
      <Table.Td>{Math.round(summary.minutes)}</Table.Td>
      <Table.Td>{summary.first ?? '-'}</Table.Td>
      <Table.Td>{summary.last ?? '-'}</Table.Td>
      <Table.Td>{summary.late}</Table.Td>
      <Table.Td>{unassigned ?? '-'}</Table.Td>
    </>
  );
}

/**
 * Before (each visit on its client's usual round) and after (the plan), round by round and in total. The table
 * carries every figure the map shows, for those who do not see the map.
 */
export function PlanComparison({ plan, plannedRoundIds }: PlanComparisonProps) {
  const unassignedOf = (roundId: number) =>
    plan.unassigned.filter((visit) => visit.usual_round_id === roundId).length;
  return (
    <Table.ScrollContainer minWidth={720}>
      <Table withTableBorder withColumnBorders striped="even" verticalSpacing={4}>
        <Table.Caption>Before: each visit on its usual round. After: the plan.</Table.Caption>
        <Table.Thead>
          <Table.Tr>
            <Table.Th>Round</Table.Th>
            <Table.Th>Plan</Table.Th>
            <Table.Th>Stops</Table.Th>
            <Table.Th>Portions</Table.Th>
            <Table.Th>km</Table.Th>
            <Table.Th>Minutes</Table.Th>
            <Table.Th>First</Table.Th>
            <Table.Th>Last</Table.Th>
            <Table.Th>Late</Table.Th>
            <Table.Th>Unassigned</Table.Th>
          </Table.Tr>
        </Table.Thead>
        {plan.routes.map((route) => (
          <Table.Tbody key={route.round_id} style={groupBorder}>
            <Table.Tr>
              <Table.Th scope="rowgroup" rowSpan={2} fw={500}>
                {route.round_name}{' '}
                {route.is_off ? (
                  <Badge color="red" variant="light" size="sm">
                    Off
                  </Badge>
                ) : (
                  !plannedRoundIds.has(route.round_id) && (
                    <Badge color="gray" variant="light" size="sm">
                      Left out
                    </Badge>
                  )
                )}
              </Table.Th>
              <Table.Td>Before</Table.Td>
              <SummaryCells summary={route.before} unassigned={null} />
            </Table.Tr>
            <Table.Tr>
              <Table.Td>After</Table.Td>
              <SummaryCells summary={route.after} unassigned={unassignedOf(route.round_id)} />
            </Table.Tr>
          </Table.Tbody>
        ))}
        <Table.Tbody style={groupBorder}>
          <Table.Tr>
            <Table.Th scope="rowgroup" rowSpan={2}>
              <Text fw={700} span>
                Total
              </Text>
            </Table.Th>
            <Table.Td>Before</Table.Td>
            <SummaryCells summary={plan.totals.before} unassigned={null} />
          </Table.Tr>
          <Table.Tr>
            <Table.Td>After</Table.Td>
            <SummaryCells summary={plan.totals.after} unassigned={plan.unassigned.length} />
          </Table.Tr>
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}
