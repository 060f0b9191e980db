import L from 'leaflet';
import 'leaflet/dist/leaflet.css';
import { useEffect, useRef } from 'react';

export type MapPoint = { lat: number; lng: number };

/** A stop to draw; `isMarked` draws it as a square outline (the day planner marks stops moved from their round). */
export type MapStop = { id: number; title: string; point: MapPoint; isMarked?: boolean };

/** One route: its stops in driving order, numbered from 1, joined by a line in its colour. */
export type MapRoute = { id: number; colour: string; stops: MapStop[] };

type RouteMapProps = {
  /** What the map shows, for screen readers (the map is a labelled group around its zoom controls). */
  label: string;
  routes: MapRoute[];
  /** The tile URL template; '' or null draws the routes on a plain background (offline, or no tile server). */
  tileUrl: string | null;
  height?: number;
  testId?: string;
};

const osmAttribution =
  '&copy; <a href="https://www.openstreetmap.org/copyright" target="_blank" rel="noopener noreferrer">OpenStreetMap</a> contributors';

function buildStopIcon(stopNumber: number, colour: string, isMarked: boolean): L.DivIcon {
  // A marked stop differs in shape too (square, white), not by colour alone.
  const look = isMarked
    ? `border-radius:3px;background:#fff;color:${colour};border:3px solid ${colour};box-shadow:0 0 0 1px #fff`
    : `border-radius:50%;background:${colour};color:#fff;border:2px solid #fff;box-shadow:0 0 0 1px ${colour}`;
  return L.divIcon({
    className: isMarked ? 'route-stop-marker route-stop-marker-marked' : 'route-stop-marker',
    html: `<span style="display:flex;align-items:center;justify-content:center;box-sizing:border-box;width:26px;height:26px;font:600 13px/1 sans-serif;${look}">${String(stopNumber)}</span>`,
    iconSize: [26, 26],
    iconAnchor: [13, 13],
  });
}

/**
 * Routes on a Leaflet map: numbered stops in driving order and the line between them, each route in its colour.
 * Without tiles the same vectors draw on a plain background, placed by their coordinates.
 */
export function RouteMap({ label, routes, tileUrl, height = 360, testId }: RouteMapProps) {
  const container = useRef<HTMLDivElement | null>(null);
  const routesKey = JSON.stringify(
    routes.map((route) => [
      route.id,
      route.colour,
      route.stops.map((stop) => [
        stop.id,
        stop.title,
        stop.point.lat,
        stop.point.lng,
        stop.isMarked === true,
      ]),
    ]),
  );

  useEffect(() => {
    const element = container.current;
    const allPoints = routes.flatMap((route) => route.stops.map((stop) => L.latLng(stop.point)));
    if (!element || allPoints.length === 0) return;
    // No keyboard handler: it makes the map itself focusable around focusable controls (nested interactive
    // elements for screen readers); the stops are listed beside the map anyway.
    const map = L.map(element, {
      scrollWheelZoom: false,
      attributionControl: true,
      keyboard: false,
      // Quarter steps: routes spread over a wide, short box fit it closely rather than a whole zoom level out.
      zoomSnap: 0.25,
    });
    if (tileUrl) {
      const tiles = L.tileLayer(tileUrl, { attribution: osmAttribution, maxZoom: 19 });
      // A tile that does not load (offline) is hidden, leaving the plain background under the routes.
      tiles.on('tileerror', (event) => {
        event.tile.style.visibility = 'hidden';
      });
      tiles.addTo(map);
    }
    for (const route of routes) {
      const points = route.stops.map((stop) => L.latLng(stop.point));
      if (points.length > 1) L.polyline(points, { color: route.colour, weight: 4, opacity: 0.85 }).addTo(map);
      route.stops.forEach((stop, index) => {
        L.marker(L.latLng(stop.point), {
          icon: buildStopIcon(index + 1, route.colour, stop.isMarked === true),
          title: `${String(index + 1)}. ${stop.title}`,
          keyboard: false,
        }).addTo(map);
      });
    }
    const fit = () => map.fitBounds(L.latLngBounds(allPoints), { padding: [30, 30], maxZoom: 16 });
    fit();
    // The map measures its box once: when the box changes (a narrower window, a phone turned), it measures again
    // and fits the routes in the new box.
    const resizes = new ResizeObserver(() => {
      map.invalidateSize();
      fit();
    });
    resizes.observe(element);
    return () => {
      resizes.disconnect();
      map.remove();
    };
    // The routes' key stands for the routes themselves: a refetch with the same stops keeps the map as it is.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [routesKey, tileUrl]);

  return (
    <div
      ref={container}
      role="group"
      aria-label={label}
      data-testid={testId}
      style={{
        // Leaflet's panes carry z-indexes up to 1000: kept inside the map, they stay under dialogs and menus.
        isolation: 'isolate',
        height,
        backgroundColor: 'var(--mantine-color-gray-1)',
        border: '1px solid var(--mantine-color-gray-4)',
        borderRadius: 4,
      }}
    />
  );
}
