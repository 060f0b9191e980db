/** Raster tiles are 256 px squares (the slippy-map convention OpenStreetMap and most tile servers follow). */
export const tileSize = 256;

export type MapTile = { key: string; url: string; left: number; top: number };
export type MapView = {
  tiles: MapTile[];
  /** Where the point falls inside the box, in px from its top-left corner (the centre). */
  marker: { left: number; top: number };
};

type MapViewRequest = {
  latitude: number;
  longitude: number;
  zoom: number;
  width: number;
  height: number;
  /** e.g. https://tile.openstreetmap.org/{z}/{x}/{y}.png */
  urlTemplate: string;
};

/** The point's position in world pixels at this zoom (Web Mercator, as the tile servers cut their tiles). */
export function projectToWorldPixels(latitude: number, longitude: number, zoom: number) {
  const worldSize = tileSize * 2 ** zoom;
  // Mercator is undefined at the poles: tile servers stop at about 85.0511 degrees.
  const clamped = Math.max(-85.05112878, Math.min(85.05112878, latitude));
  const radians = (clamped * Math.PI) / 180;
  const x = ((longitude + 180) / 360) * worldSize;
  const y = ((1 - Math.log(Math.tan(radians) + 1 / Math.cos(radians)) / Math.PI) / 2) * worldSize;
  return { x, y };
}

export function buildTileUrl(template: string, zoom: number, x: number, y: number): string {
  return template.replaceAll('{z}', String(zoom)).replaceAll('{x}', String(x)).replaceAll('{y}', String(y));
}

/**
 * The tiles that cover a width x height box centred on the point, each with its offset inside the box (tiles
 * overhang the box; the box crops them), and the marker at the centre. Columns wrap around the date line;
 * rows beyond the poles are left out.
 */
export function buildMapView(request: MapViewRequest): MapView {
  const { zoom, width, height } = request;
  const tileCount = 2 ** zoom;
  const centre = projectToWorldPixels(request.latitude, request.longitude, zoom);
  const boxLeft = Math.round(centre.x - width / 2);
  const boxTop = Math.round(centre.y - height / 2);
  const firstColumn = Math.floor(boxLeft / tileSize);
  const lastColumn = Math.floor((boxLeft + width - 1) / tileSize);
  const firstRow = Math.floor(boxTop / tileSize);
  const lastRow = Math.floor((boxTop + height - 1) / tileSize);
  const tiles: MapTile[] = [];
  for (let row = firstRow; row <= lastRow; row += 1) {
    if (row < 0 || row >= tileCount) continue;
    for (let column = firstColumn; column <= lastColumn; column += 1) {
      const x = ((column % tileCount) + tileCount) % tileCount;
      tiles.push({
        key: `${String(column)}/${String(row)}`,
        url: buildTileUrl(request.urlTemplate, zoom, x, row),
        left: column * tileSize - boxLeft,
        top: row * tileSize - boxTop,
      });
    }
  }
  return { tiles, marker: { left: centre.x - boxLeft, top: centre.y - boxTop } };
}
