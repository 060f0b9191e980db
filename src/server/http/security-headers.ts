import type { FastifyInstance } from 'fastify';
import type { Config } from '../config';

/**
 * The browser features pages may use, in one place: `[]` allows none, `['self']` our own pages. The driver's
 * phone pages will want `camera: ['self']` here.
 */
const permittedFeatures: Record<string, string[]> = {
  camera: [],
  microphone: [],
  geolocation: ['self'],
  payment: [],
  usb: [],
};

/** The Permissions-Policy header value, e.g. `camera=(), geolocation=(self)`. */
export function buildPermissionsPolicy(): string {
  return Object.entries(permittedFeatures)
    .map(([feature, origins]) => `${feature}=(${origins.join(' ')})`)
    .join(', ');
}

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

/**
 * Whether a request's path is an API path as the router reads it: the router decodes percent-escapes (`/%61pi/`
 * reaches `/api/`), so the raw URL cannot decide. A path that does not decode is refused by the router, and is
 * counted as an API path here so its answer is not stored either.
 */
export function isApiPath(url: string): boolean {
  const rawPath = url.split('?', 1)[0] ?? '';
  let path: string;
  try {
    path = decodeURIComponent(rawPath);
  } catch {
    return true;
  }
  const normalised = path.replace(/[\\/]+/g, '/').toLowerCase();
  return normalised === '/api' || normalised.startsWith('/api/');
}

/**
 * Headers helmet does not set: Permissions-Policy on every answer, and `Cache-Control: no-store` on every API
 * answer, so no browser or proxy keeps a copy of account data. A route may still set its own Cache-Control (the
 * print-file downloads do).
 */
export function addSecurityHeaders(server: FastifyInstance) {
  const permissionsPolicy = buildPermissionsPolicy();
  server.addHook('onRequest', async (request, reply) => {
    reply.header('permissions-policy', permissionsPolicy);
    if (isApiPath(request.url) || request.routeOptions.url?.startsWith('/api/'))
      reply.header('cache-control', 'no-store');
  });
}
