import { describe, expect, it } from 'vitest';
import { loadConfig } from '../../config';
import { createMapsProvider } from './create-maps-provider';

describe('maps and round automation configuration', () => {
  it('defaults to the offline provider, 10 s timeouts and a 02:00 run', () => {
    const config = loadConfig({});
    expect(config).toMatchObject({
      MAPS_PROVIDER: 'offline',
      MAPS_TIMEOUT_MS: 10_000,
      MAPS_OFFLINE_SPEED_KMH: 30,
      ROUTE_AUTOMATION_TIME: '02:00',
    });
    expect(createMapsProvider(config).name).toBe('offline');
  });

  it('refuses osrm without OSRM_URL and google without a key, with a clear message', () => {
    expect(() => loadConfig({ MAPS_PROVIDER: 'osrm' })).toThrow(
      'Invalid configuration: OSRM_URL is required when MAPS_PROVIDER=osrm.',
    );
    expect(() => loadConfig({ MAPS_PROVIDER: 'google' })).toThrow(
      'Invalid configuration: GOOGLE_MAPS_API_KEY is required when MAPS_PROVIDER=google.',
    );
    expect(() => loadConfig({ MAPS_PROVIDER: 'bing' })).toThrow(/^Invalid configuration: MAPS_PROVIDER /);
    expect(() => loadConfig({ ROUTE_AUTOMATION_TIME: '25:00' })).toThrow(
      'Invalid configuration: ROUTE_AUTOMATION_TIME must be HH:MM (24-hour).',
    );
    expect(() => loadConfig({ OSRM_URL: 'not a url' })).toThrow(/^Invalid configuration: OSRM_URL /);
  });

  it('builds the configured provider', () => {
    const osrm = loadConfig({ MAPS_PROVIDER: 'osrm', OSRM_URL: 'http://osrm.internal:5000' });
    expect(createMapsProvider(osrm).name).toBe('osrm');
    const google = loadConfig({ MAPS_PROVIDER: 'google', GOOGLE_MAPS_API_KEY: 'key' });
    expect(createMapsProvider(google).name).toBe('google');
  });
});
