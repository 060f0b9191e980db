import { Anchor, Box, Text } from '@mantine/core';
import { useState } from 'react';
import { buildMapView, tileSize } from '../map-tiles';

/** Street level: a few blocks around the address. */
const mapZoom = 16;
const mapWidth = 480;
const mapHeight = 300;

type ClientMapProps = {
  latitude: number | null;
  longitude: number | null;
  /** The tile URL template; null while the configuration loads (the box shows the marker only). */
  tileUrl: string | null;
  address: string;
};

/**
 * The address on a map of raster tiles, drawn without a map library: the tiles around the point, cropped to a
 * box, and a marker at the point. Tiles that fail to load (offline) are hidden, leaving a plain box.
 */
export function ClientMap({ latitude, longitude, tileUrl, address }: ClientMapProps) {
  const [failed, setFailed] = useState<ReadonlySet<string>>(new Set());
  if (latitude === null || longitude === null) {
    return <Text size="sm">No map position is known for this address.</Text>;
  }
  const view = buildMapView({
    latitude,
    longitude,
    zoom: mapZoom,
    width: mapWidth,
    height: mapHeight,
    urlTemplate: tileUrl ?? '',
  });
  const tiles = tileUrl ? view.tiles : [];
  return (
    <figure style={{ margin: 0 }}>
      <Box
        role="img"
        aria-label={`Map of ${address}`}
        style={{
          position: 'relative',
          width: mapWidth,
          height: mapHeight,
          overflow: 'hidden',
          backgroundColor: 'var(--mantine-color-gray-2)',
          border: '1px solid var(--mantine-color-gray-4)',
          borderRadius: 4,
        }}
      >
        {tiles.map((tile) => (
          <img
            key={tile.key}
            src={tile.url}
            alt=""
            width={tileSize}
            height={tileSize}
            loading="lazy"
            // Tile servers ask for a referrer naming the site; the app's policy otherwise sends none.
            referrerPolicy="strict-origin-when-cross-origin"
            data-testid="map-tile"
            onError={() => setFailed((current) => new Set(current).add(tile.key))}
            style={{
              position: 'absolute',
              left: tile.left,
              top: tile.top,
              visibility: failed.has(tile.key) ? 'hidden' : 'visible',
            }}
          />
        ))}
        <svg
          width={24}
          height={36}
          viewBox="0 0 24 36"
          aria-hidden="true"
          data-testid="map-marker"
          style={{ position: 'absolute', left: view.marker.left - 12, top: view.marker.top - 36 }}
        >
          <path d="M12 0C5.4 0 0 5.4 0 12c0 9 12 24 12 24s12-15 12-24C24 5.4 18.6 0 12 0z" fill="#c92a2a" />
          <circle cx="12" cy="12" r="4.5" fill="#ffffff" />
        </svg>
      </Box>
      <Text component="figcaption" size="xs" mt={2}>
        ©{' '}
        <Anchor
          href="https://www.openstreetmap.org/copyright"
          target="_blank"
          rel="noopener noreferrer"
          size="xs"
        >
          OpenStreetMap
        </Anchor>{' '}
        contributors
      </Text>
    </figure>
  );
}
