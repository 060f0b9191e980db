import { Box, Group, Text } from '@mantine/core';
import { formatDayMonthYear } from '../../../../../domain/weeks';
import { RouteMap, type MapRoute } from '../../components/route-map';
import type { ShownRoute } from '../plan-model';

type PlanMapProps = {
  date: string;
  routes: readonly ShownRoute[];
  colourOf: (roundId: number) => string;
  tileUrl: string | null;
};

function Swatch({ colour, isSquare }: { colour: string; isSquare?: boolean }) {
  return (
    <Box
      component="span"
      aria-hidden
      style={{
        display: 'inline-block',
        width: 14,
        height: 14,
        borderRadius: isSquare ? 2 : '50%',
        background: isSquare ? '#fff' : colour,
        border: `3px solid ${colour}`,
      }}
    />
  );
}

/** Every round's planned route on one map, each in its colour, stops moved from their round drawn as squares. */
export function PlanMap({ date, routes, colourOf, tileUrl }: PlanMapProps) {
  const mapRoutes: MapRoute[] = routes.map((route) => ({
    id: route.roundId,
    colour: colourOf(route.roundId),
    stops: route.stops.flatMap((stop) =>
      stop.location
        ? [
            {
              id: stop.visit_id,
              title: stop.isMoved ? `${stop.client.name} (moved)` : stop.client.name,
              point: stop.location,
              isMarked: stop.isMoved,
            },
          ]
        : [],
    ),
  }));
  const drawn = mapRoutes.reduce((sum, route) => sum + route.stops.length, 0);
  const total = routes.reduce((sum, route) => sum + route.stops.length, 0);
  const withStops = routes.filter((route) => route.stops.length > 0);
  if (total === 0) return null;
  return (
    <Box component="section" aria-label={`Plan map, ${formatDayMonthYear(date)}`}>
      {drawn === 0 ? (
        <Text size="sm">No map position is known for this day&apos;s stops.</Text>
      ) : (
        <RouteMap
          label={`Map of the plan for ${formatDayMonthYear(date)}: ${String(withStops.length)} routes, ${String(drawn)} stops`}
          routes={mapRoutes}
          tileUrl={tileUrl}
          height={420}
          testId="plan-map"
        />
      )}
      <Group gap="md" mt={6} component="ul" aria-label="Map legend" style={{ listStyle: 'none', padding: 0 }}>
        {withStops.map((route) => (
          <Group gap={6} key={route.roundId} component="li" wrap="nowrap">
            <Swatch colour={colourOf(route.roundId)} />
            <Text size="sm">
              {route.roundName}: {route.stops.length} {route.stops.length === 1 ? 'stop' : 'stops'}
            </Text>
          </Group>
        ))}
        <Group gap={6} component="li" wrap="nowrap">
          <Swatch colour="var(--mantine-color-gray-7)" isSquare />
          <Text size="sm">Moved from their usual round</Text>
        </Group>
      </Group>
      {drawn < total && (
        <Text size="xs" c="dimmed" mt={4}>
          {total - drawn} {total - drawn === 1 ? 'stop has' : 'stops have'} no known map position and{' '}
          {total - drawn === 1 ? 'is' : 'are'} not drawn.
        </Text>
      )}
    </Box>
  );
}
