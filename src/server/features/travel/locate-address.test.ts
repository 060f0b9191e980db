import { describe, expect, it } from 'vitest';
import { ErrorCode } from '../../../contracts/envelope';
import { ApiError } from '../../http/errors';
import { mapsFailed, type MapsProvider } from '../../integrations/maps/maps-provider';
import { createOfflineProvider } from '../../integrations/maps/offline-provider';
import type { TravelRepository } from './repository';
import { createTravelService } from './service';

// locateAddress uses the provider's geocoder only: no cache, no client places.
const unusedRepository = {} as TravelRepository;
const now = () => new Date('2026-11-27T00:00:00Z');

describe('locateAddress', () => {
  it('places an address the offline gazetteer knows and answers null for one it cannot place', async () => {
    const travel = createTravelService({
      repository: unusedRepository,
      provider: createOfflineProvider({ speedKmh: 30 }),
      now,
    });
    const point = await travel.locateAddress('14 Smith Street, Newtown NSW 2042');
    expect(point?.latitude).toBeCloseTo(-33.8976, 3);
    expect(point?.longitude).toBeCloseTo(151.1794, 3);
    expect(await travel.locateAddress('1 Nowhere Lane, Atlantis')).toBeNull();
  });

  it('passes on a provider that failed (code 9), so an address is never flagged because the maps were down', async () => {
    const down: MapsProvider = {
      ...createOfflineProvider({ speedKmh: 30 }),
      geocode: () => Promise.reject(mapsFailed('osrm', 'it answered 503.')),
    };
    const travel = createTravelService({ repository: unusedRepository, provider: down, now });
    const failure = await travel
      .locateAddress('14 Smith Street, Newtown NSW 2042')
      .catch((error: unknown) => error);
    expect(failure).toBeInstanceOf(ApiError);
    expect((failure as ApiError).code).toBe(ErrorCode.mapsProvider);
  });
});
