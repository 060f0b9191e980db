import { findPlace } from './gazetteer';
import { fetchJson } from './http-json';
import { addressNotFound, mapsFailed, type Point } from './maps-provider';

/**
 * Geocoding for providers without their own geocoder: a Nominatim-compatible service when one is configured, then
 * the built-in gazetteer of Australian suburbs and cities.
 */
export function createFallbackGeocoder(options: {
  provider: string;
  geocoderUrl: string;
  timeoutMs: number;
  fetch?: typeof fetch;
}) {
  async function askNominatim(address: string): Promise<Point | null> {
    const url = new URL(
      'search',
      options.geocoderUrl.endsWith('/') ? options.geocoderUrl : `${options.geocoderUrl}/`,
    );
    url.search = new URLSearchParams({
      format: 'json',
      limit: '1',
      countrycodes: 'au',
      q: address,
    }).toString();
    const body = await fetchJson(url.toString(), {
      provider: `${options.provider} geocoder`,
      timeoutMs: options.timeoutMs,
      ...(options.fetch ? { fetch: options.fetch } : {}),
    });
    if (!Array.isArray(body)) throw mapsFailed(`${options.provider} geocoder`, 'the answer was not a list.');
    const first: unknown = body[0];
    if (typeof first !== 'object' || first === null) return null;
    const { lat, lon } = first as { lat?: unknown; lon?: unknown };
    const latitude = Number(lat);
    const longitude = Number(lon);
    const isValid = Number.isFinite(latitude) && Number.isFinite(longitude) && Math.abs(latitude) <= 90;
    return isValid && Math.abs(longitude) <= 180 ? { latitude, longitude } : null;
  }

  return async function geocode(address: string): Promise<Point> {
    const found = (options.geocoderUrl ? await askNominatim(address) : null) ?? findPlace(address);
    if (!found) throw addressNotFound(options.provider, address);
    return found;
  };
}
