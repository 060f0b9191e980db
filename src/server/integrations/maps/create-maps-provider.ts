import type { Config } from '../../config';
import { createGoogleProvider } from './google-provider';
import type { MapsProvider } from './maps-provider';
import { createOfflineProvider } from './offline-provider';
import { createOsrmProvider } from './osrm-provider';

/** The provider the configuration names (config.ts has already checked its URL or key). */
export function createMapsProvider(
  config: Pick<
    Config,
    | 'MAPS_PROVIDER'
    | 'OSRM_URL'
    | 'OSRM_MAX_TABLE_SIZE'
    | 'GOOGLE_MAPS_API_KEY'
    | 'GEOCODER_URL'
    | 'MAPS_TIMEOUT_MS'
    | 'MAPS_OFFLINE_SPEED_KMH'
  >,
): MapsProvider {
  const common = { timeoutMs: config.MAPS_TIMEOUT_MS };
  switch (config.MAPS_PROVIDER) {
    case 'offline':
      return createOfflineProvider({ speedKmh: config.MAPS_OFFLINE_SPEED_KMH });
    case 'osrm':
      return createOsrmProvider({
        ...common,
        baseUrl: config.OSRM_URL,
        geocoderUrl: config.GEOCODER_URL,
        maxTableSize: config.OSRM_MAX_TABLE_SIZE,
      });
    case 'google':
      return createGoogleProvider({ ...common, apiKey: config.GOOGLE_MAPS_API_KEY });
  }
}
