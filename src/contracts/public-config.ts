import { z } from 'zod';

/** OpenStreetMap's standard tiles (attribution '© OpenStreetMap contributors'). */
export const defaultMapTileUrl = 'https://tile.openstreetmap.org/{z}/{x}/{y}.png';

/** Configuration the public web pages need (footer, how-to video). */
export const publicConfigSchema = z.object({
  parent_company_name: z.string(),
  parent_company_url: z.string(),
  howto_video_url: z.string(),
  /**
   * Raster map tiles for the client screen's map: a URL template with {z}, {x} and {y}. Defaulted so that an
   * older server (or a test stub) without it still answers a valid configuration.
   */
  map_tile_url: z.string().default(defaultMapTileUrl),
});
export type PublicConfig = z.infer<typeof publicConfigSchema>;
