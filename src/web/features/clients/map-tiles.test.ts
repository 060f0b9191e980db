import { describe, expect, it } from 'vitest';
import { buildMapView, buildTileUrl, projectToWorldPixels, tileSize } from './map-tiles';

const osm = 'https://tile.openstreetmap.org/{z}/{x}/{y}.png';

describe('projectToWorldPixels', () => {
  it.each([
    [0, 0, 0, 128, 128], // the centre of the single zoom-0 tile
    [0, -180, 1, 0, 256],
    [0, 180, 1, 512, 256],
    [85.05112878, 0, 0, 128, 0], // the top edge of the Mercator world
    [-85.05112878, 0, 0, 128, 256],
  ])('lat %f lon %f at zoom %i is at (%f, %f)', (latitude, longitude, zoom, x, y) => {
    const point = projectToWorldPixels(latitude, longitude, zoom);
    expect(point.x).toBeCloseTo(x, 3);
    expect(point.y).toBeCloseTo(y, 3);
  });

  // Expected tile from the OpenStreetMap wiki's formula: floor((1 - asinh(tan(lat)) / pi) / 2 * 2^z).
  it('puts Annandale (Sydney) on the zoom-16 tile OpenStreetMap serves for it', () => {
    const point = projectToWorldPixels(-33.8817, 151.17, 16);
    expect(Math.floor(point.x / tileSize)).toBe(60287);
    expect(Math.floor(point.y / tileSize)).toBe(39330);
  });

  it('clamps latitudes beyond the Mercator limit instead of answering infinity', () => {
    expect(Number.isFinite(projectToWorldPixels(90, 0, 3).y)).toBe(true);
    expect(projectToWorldPixels(90, 0, 3).y).toBeCloseTo(0, 3);
  });
});

describe('buildTileUrl', () => {
  it('fills z, x and y, wherever and however often they appear', () => {
    expect(buildTileUrl(osm, 16, 60287, 39330)).toBe('https://tile.openstreetmap.org/16/60287/39330.png');
    expect(buildTileUrl('https://t.example/{z}/{y}/{x}?z={z}', 2, 1, 3)).toBe('https://t.example/2/3/1?z=2');
  });
});

describe('buildMapView', () => {
  it('covers a 480 x 300 box around the point with 3 x 2 or 3 x 3 tiles and puts the marker in the centre', () => {
    const view = buildMapView({
      latitude: -33.8817,
      longitude: 151.17,
      zoom: 16,
      width: 480,
      height: 300,
      urlTemplate: osm,
    });
    const columns = new Set(view.tiles.map((tile) => tile.left));
    const rows = new Set(view.tiles.map((tile) => tile.top));
    expect(columns.size).toBeGreaterThanOrEqual(2);
    expect(columns.size).toBeLessThanOrEqual(3);
    expect(rows.size).toBeGreaterThanOrEqual(2);
    expect(rows.size).toBeLessThanOrEqual(3);
    expect(view.marker.left).toBeCloseTo(240, 0);
    expect(view.marker.top).toBeCloseTo(150, 0);
    expect(view.tiles.some((tile) => tile.url === 'https://tile.openstreetmap.org/16/60287/39330.png')).toBe(
      true,
    );
  });

  it('tiles the whole box without gaps: every corner lies on a tile', () => {
    const width = 480;
    const height = 300;
    for (const [latitude, longitude] of [
      [-33.8817, 151.17],
      [-33.92, 151.255],
      [51.5, -0.12],
      [0, 0],
    ] as const) {
      const view = buildMapView({ latitude, longitude, zoom: 16, width, height, urlTemplate: osm });
      const corners = [
        [0, 0],
        [width - 1, 0],
        [0, height - 1],
        [width - 1, height - 1],
      ] as const;
      for (const [x, y] of corners) {
        const covering = view.tiles.filter(
          (tile) => x >= tile.left && x < tile.left + tileSize && y >= tile.top && y < tile.top + tileSize,
        );
        expect(covering).toHaveLength(1);
      }
    }
  });

  it('places neighbouring tiles exactly one tile apart', () => {
    const view = buildMapView({
      latitude: -33.8817,
      longitude: 151.17,
      zoom: 16,
      width: 480,
      height: 300,
      urlTemplate: osm,
    });
    const lefts = [...new Set(view.tiles.map((tile) => tile.left))].sort((a, b) => a - b);
    lefts.slice(1).forEach((left, index) => expect(left - (lefts[index] ?? 0)).toBe(tileSize));
  });

  it('wraps columns around the date line', () => {
    const view = buildMapView({
      latitude: 0,
      longitude: 179.999,
      zoom: 2,
      width: 512,
      height: 256,
      urlTemplate: osm,
    });
    const xs = view.tiles.map((tile) => Number(tile.url.split('/')[4]));
    expect(xs.every((x) => x >= 0 && x < 4)).toBe(true);
    expect(xs).toContain(0);
    expect(xs).toContain(3);
  });

  it('leaves out rows beyond the poles', () => {
    const view = buildMapView({
      latitude: 85,
      longitude: 0,
      zoom: 1,
      width: 256,
      height: 256,
      urlTemplate: osm,
    });
    const ys = view.tiles.map((tile) => Number(tile.url.split('/')[5]?.replace('.png', '')));
    expect(ys.every((y) => y >= 0 && y < 2)).toBe(true);
  });
});
