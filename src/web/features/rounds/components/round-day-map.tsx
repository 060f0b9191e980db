import { Box, Text } from '@mantine/core';
import L from 'leaflet';
import 'leaflet/dist/leaflet.css';
import { useEffect, useRef } from 'react';
import type { Visit } from '../../../../contracts/visits';
import { formatDayMonthYear } from '../../../../domain/weeks';

export type MapPoint = { lat: number; lng: number };

type RoundDayMapProps = {
  roundName: string;
  date: string;
  /** The day's visits; they are drawn in the order the driver takes them (start time). */
  visits: Visit[];
  colour: string;
  /** The tile URL template; '' or null draws the route on a plain background (offline, or no tile server). */
  tileUrl: string | null;
};

const mapHeight = 360;
const osmAttribution =
  '&copy; <a href="https://www.openstreetmap.org/copyright" target="_blank" rel="noopener noreferrer">OpenStreetMap</a> contributors';

/** The stops with a known position, in driving order: by start time, then id (the panel's order). */
export function listMappedStops(visits: Visit[]): { visit: Visit; point: MapPoint }[] {
  return [...visits]
    .sort((a, b) => a.start.localeCompare(b.start) || a.id - b.id)
    .flatMap((visit) => (visit.location ? [{ visit, point: visit.location }] : []));
}

function buildStopIcon(stopNumber: number, colour: string): L.DivIcon {
  return L.divIcon({
    className: 'route-stop-marker',
    html: `<span style="display:flex;align-items:center;justify-content:center;width:26px;height:26px;border-radius:50%;background:${colour};color:#fff;font:600 13px/1 sans-serif;border:2px solid #fff;box-shadow:0 0 0 1px ${colour}">${String(stopNumber)}</span>`,
    iconSize: [26, 26],
    iconAnchor: [13, 13],
  });
}

/**
 * The selected day's route on a Leaflet map: numbered stops in driving order and the line between them in the
 * round's colour. Without tiles the same vectors draw on a plain background, placed by their coordinates.
 */
export function RoundDayMap({ roundName, date, visits, colour, tileUrl }: RoundDayMapProps) {
  const container = useRef<HTMLDivElement | null>(null);
  const stops = listMappedStops(visits);
  const unplaced = visits.length - stops.length;
  const stopsKey = JSON.stringify(stops.map((stop) => [stop.visit.id, stop.point.lat, stop.point.lng]));

  useEffect(() => {
    const element = container.current;
    if (!element || stops.length === 0) return;
    // No keyboard handler: it makes the map itself focusable around focusable controls (nested interactive
    // elements for screen readers); the stops are listed in the panel beside it anyway.
    const map = L.map(element, { scrollWheelZoom: false, attributionControl: true, keyboard: false });
    if (tileUrl) {
      const tiles = L.tileLayer(tileUrl, { attribution: osmAttribution, maxZoom: 19 });
      // A tile that does not load (offline) is hidden, leaving the plain background under the route.
      tiles.on('tileerror', (event) => {
        event.tile.style.visibility = 'hidden';
      });
      tiles.addTo(map);
    }
    const points = stops.map((stop) => L.latLng(stop.point.lat, stop.point.lng));
    L.polyline(points, { color: colour, weight: 4, opacity: 0.85 }).addTo(map);
    stops.forEach((stop, index) => {
      L.marker(points[index] ?? L.latLng(stop.point.lat, stop.point.lng), {
        icon: buildStopIcon(index + 1, colour),
        title: `${String(index + 1)}. ${stop.visit.client.name}`,
        keyboard: false,
      }).addTo(map);
    });
    map.fitBounds(L.latLngBounds(points), { padding: [30, 30], maxZoom: 16 });
    return () => {
      map.remove();
    };
    // The stops' key stands for the stops themselves: a refetch with the same stops keeps the map as it is.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [stopsKey, colour, tileUrl]);

  if (visits.length === 0) return null;
  const label = `Map of ${roundName} on ${formatDayMonthYear(date)}: ${String(stops.length)} ${stops.length === 1 ? 'stop' : 'stops'} in order`;
  return (
    <Box component="section" aria-label={`Route map, ${formatDayMonthYear(date)}`}>
      {stops.length === 0 ? (
        <Text size="sm">No map position is known for this day&apos;s stops.</Text>
      ) : (
        <div
          ref={container}
          role="group"
          aria-label={label}
          data-testid="round-day-map"
          style={{
            height: mapHeight,
            backgroundColor: 'var(--mantine-color-gray-1)',
            border: '1px solid var(--mantine-color-gray-4)',
            borderRadius: 4,
          }}
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
