import { Badge, Box, Group, NativeSelect, Paper, Stack, Table, Text, Title } from '@mantine/core';
import type { ShownRoute, ShownStop } from '../plan-model';

type PlanStopListsProps = {
  routes: readonly ShownRoute[];
  roundNameOf: (roundId: number | null) => string;
  colourOf: (roundId: number) => string;
  onMove: (visitId: number, roundId: number) => void;
  isBusy: boolean;
};

type StopRowProps = {
  stop: ShownStop;
  index: number;
  route: ShownRoute;
  choices: { value: string; label: string }[];
} & Pick<PlanStopListsProps, 'roundNameOf' | 'onMove' | 'isBusy'>;

function StopRow({ stop, index, route, choices, roundNameOf, onMove, isBusy }: StopRowProps) {
  return (
    <Table.Tr>
      <Table.Td>{index + 1}</Table.Td>
      <Table.Td>
        <Text size="sm">{stop.client.name}</Text>
        <Group gap={4}>
          {stop.isMoved && (
            <Badge color="grape" variant="light" size="sm">
              Moved from {roundNameOf(stop.usual_round_id)}
            </Badge>
          )}
          {stop.isPinned && (
            <Badge color="gray" variant="light" size="sm">
              Placed by hand
            </Badge>
          )}
        </Group>
      </Table.Td>
      <Table.Td>{stop.arrival}</Table.Td>
      <Table.Td>{stop.portions}</Table.Td>
      <Table.Td>
        <NativeSelect
          aria-label={`Round for ${stop.client.name}`}
          value={String(route.roundId)}
          data={choices}
          disabled={isBusy}
          onChange={(event) => onMove(stop.visit_id, Number(event.currentTarget.value))}
          size="xs"
          miw={140}
        />
      </Table.Td>
    </Table.Tr>
  );
}

/** Each round's planned stops in driving order; a stop's round can be changed by hand, which pins it there. */
export function PlanStopLists({ routes, roundNameOf, colourOf, onMove, isBusy }: PlanStopListsProps) {
  const choices = routes
    .filter((route) => route.isOut)
    .map((route) => ({ value: String(route.roundId), label: route.roundName }));
  return (
    <Stack gap="sm">
      {routes
        .filter((route) => route.stops.length > 0)
        .map((route) => (
          <Paper
            key={route.roundId}
            withBorder
            p="sm"
            component="section"
            aria-label={`Stops of ${route.roundName}`}
          >
            <Group gap={8} mb={4}>
              <Box
                aria-hidden
                w={12}
                h={12}
                style={{ borderRadius: '50%', background: colourOf(route.roundId) }}
              />
              <Title order={3} size="h4">
                {route.roundName}
              </Title>
              <Text size="sm" c="dimmed">
                {route.stops.length} {route.stops.length === 1 ? 'stop' : 'stops'}
              </Text>
            </Group>
            <Table.ScrollContainer minWidth={480}>
              <Table verticalSpacing={4}>
                <Table.Thead>
                  <Table.Tr>
                    <Table.Th>Stop</Table.Th>
                    <Table.Th>Client</Table.Th>
                    <Table.Th>Arrival</Table.Th>
                    <Table.Th>Portions</Table.Th>
                    <Table.Th>Round</Table.Th>
                  </Table.Tr>
                </Table.Thead>
                <Table.Tbody>
                  {route.stops.map((stop, index) => (
                    <StopRow
                      key={stop.visit_id}
                      stop={stop}
                      index={index}
                      route={route}
                      choices={choices}
                      roundNameOf={roundNameOf}
                      onMove={onMove}
                      isBusy={isBusy}
                    />
                  ))}
                </Table.Tbody>
              </Table>
            </Table.ScrollContainer>
          </Paper>
        ))}
    </Stack>
  );
}
