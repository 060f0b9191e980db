import { Box, Text } from '@mantine/core';
import type { Visit } from '../../../../contracts/visits';
import { formatDayMonthYear } from '../../../../domain/weeks';
import { RouteMap, type MapPoint } from './route-map';

type RoundDayMapProps = {
  roundName: string;
  date: string;
  /** The day's visits; they are drawn in the order the driver takes them (start time). */
  visits: Visit[];
  colour: string;
  /** The tile URL template; '' or null draws the route on a plain background (offline, or no tile server). */
  tileUrl: string | null;
};

/** The stops with a known position, in driving order: by start time, then id (the panel's order). */
export function listMappedStops(visits: Visit[]): { visit: Visit; point: MapPoint }[] {
  return [...visits]
    .sort((a, b) => a.start.localeCompare(b.start) || a.id - b.id)
    .flatMap((visit) => (visit.location ? [{ visit, point: visit.location }] : []));
}

/**
 * The selected day's route on a Leaflet map: numbered stops in driving order and the line between them in the
 * round's colour. Without tiles the same vectors draw on a plain background, placed by their coordinates.
 */
export function RoundDayMap({ roundName, date, visits, colour, tileUrl }: RoundDayMapProps) {
  const stops = listMappedStops(visits);
  const unplaced = visits.length - stops.length;

  if (visits.length === 0) return null;
  const label = `Map of ${roundName} on ${formatDayMonthYear(date)}: ${String(stops.length)} ${stops.length === 1 ? 'stop' : 'stops'} in order`;
  return (
    <Box component="section" aria-label={`Route map, ${formatDayMonthYear(date)}`}>
      {stops.length === 0 ? (
        <Text size="sm">No map position is known for this day&apos;s stops.</Text>
      ) : (
        <RouteMap
          label={label}
          testId="round-day-map"
          tileUrl={tileUrl}
          routes={[
            {
              id: 0,
              colour,
              stops: stops.map(({ visit, point }) => ({ id: visit.id, title: visit.client.name, point })),
            },
          ]}
        />
      )}
      {unplaced > 0 && stops.length > 0 && (
        <Text size="xs" c="dimmed" mt={4}>
          {unplaced} {unplaced === 1 ? 'stop has' : 'stops have'} no known map position and{' '}
          {unplaced === 1 ? 'is' : 'are'} not drawn.
        </Text>
      )}
    </Box>
  );
}
