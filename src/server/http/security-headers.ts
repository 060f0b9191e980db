import type { Config } from '../config';

function originOf(url: string): string | null {
  try {
    return url.startsWith('http') ? new URL(url).origin : null;
  } catch {
    return null;
  }
}

/**
 * CSP directives: everything from our origin, plus an outside how-to video host when one is configured and the
 * map tile server.
 */
export function buildContentSecurityPolicy(config: Config): Record<string, string[] | null> {
  const videoOrigin = originOf(config.HOWTO_VIDEO_URL);
  const external = videoOrigin ? [videoOrigin] : [];
  const tileOrigin = originOf(config.MAP_TILE_URL);
  return {
    defaultSrc: ["'self'"],
    scriptSrc: ["'self'"],
    // Mantine sets inline style attributes.
    styleSrc: ["'self'", "'unsafe-inline'"],
    // The client screen's map tiles (MAP_TILE_URL; OpenStreetMap by default).
    imgSrc: ["'self'", 'data:', 'blob:', ...(tileOrigin ? [tileOrigin] : [])],
    mediaSrc: ["'self'", ...external],
    frameSrc: ["'self'", ...external],
    connectSrc: ["'self'"],
    fontSrc: ["'self'", 'data:'],
    objectSrc: ["'none'"],
    baseUri: ["'self'"],
    formAction: ["'self'"],
    frameAncestors: ["'none'"],
    // Plain-http installs (the embedded default) must keep loading their own assets.
    upgradeInsecureRequests: null,
  };
}
