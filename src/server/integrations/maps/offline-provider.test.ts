import { describe, expect, it } from 'vitest';
import { ErrorCode } from '../../../contracts/envelope';
import { ApiError } from '../../http/errors';
import { demoSuburbsByRound } from '../alayacare/simulator/demo-places';
import { findPlace } from './gazetteer';
import { createOfflineProvider, measureGreatCircleKm, roadFactor } from './offline-provider';

const annandale = { latitude: -33.8817, longitude: 151.17 };
const bondi = { latitude: -33.8935, longitude: 151.264 };

describe('offline provider', () => {
  it('measures the great-circle distance as a hand computation does (equirectangular, short distances)', () => {
    // By hand: 1 degree = 111.195 km; longitude shrinks by cos(mean latitude).
    const meanLatitude = ((annandale.latitude + bondi.latitude) / 2) * (Math.PI / 180);
    const north = (bondi.latitude - annandale.latitude) * 111.195;
    const east = (bondi.longitude - annandale.longitude) * 111.195 * Math.cos(meanLatitude);
    const byHand = Math.hypot(north, east); // about 8.78 km
    expect(measureGreatCircleKm(annandale, bondi)).toBeCloseTo(byHand, 2);
    expect(byHand).toBeCloseTo(8.78, 1);
  });

  it('drives the distance times the road factor at the configured speed', async () => {
    const provider = createOfflineProvider({ speedKmh: 30 });
    const travel = await provider.travel(annandale, bondi);
    const kms = measureGreatCircleKm(annandale, bondi) * roadFactor;
    expect(travel.kms).toBeCloseTo(kms, 9);
    expect(travel.mins).toBeCloseTo((kms / 30) * 60, 9); // about 22.8 minutes, 23 once rounded up
    const slow = await createOfflineProvider({ speedKmh: 15 }).travel(annandale, bondi);
    expect(slow.mins).toBeCloseTo(travel.mins * 2, 9);
  });

  it('answers a matrix row by row, zero on the diagonal', async () => {
    const provider = createOfflineProvider({ speedKmh: 30 });
    const cells = await provider.matrix([annandale, bondi], [annandale, bondi]);
    expect(cells).toHaveLength(4);
    expect(cells[0]).toEqual({ kms: 0, mins: 0 });
    expect(cells[1]?.kms).toBeCloseTo(cells[2]?.kms ?? 0, 9);
  });

  it('refuses an address it cannot place with code 9, naming the address', async () => {
    const provider = createOfflineProvider({ speedKmh: 30 });
    const failure = await provider.geocode('1 Nowhere Lane, Atlantis').catch((error: unknown) => error);
    expect(failure).toBeInstanceOf(ApiError);
    expect(failure).toMatchObject({ code: ErrorCode.mapsProvider, httpStatus: 502 });
    expect((failure as ApiError).message).toBe(
      "Unable to calculate travel. offline: no coordinates found for '1 Nowhere Lane, Atlantis'.",
    );
  });
});

describe('gazetteer', () => {
  it("places the demo rounds' base address and every demo suburb as a visit address is written", () => {
    expect(findPlace('12 Parramatta Road, Annandale NSW 2038')).toEqual(annandale);
    for (const suburb of Object.values(demoSuburbsByRound).flat()) {
      const address = `7 ${suburb.streets[0] ?? 'Main Street'}, ${suburb.name} NSW ${suburb.postcode}`;
      expect(findPlace(address), address).toEqual({ latitude: suburb.latitude, longitude: suburb.longitude });
    }
  });

  it('prefers the locality after the last comma over a street named like a suburb', () => {
    const hurlstonePark = demoSuburbsByRound.Canterbury[0];
    expect(findPlace('5 Canterbury Road, Hurlstone Park NSW 2193')).toEqual({
      latitude: hurlstonePark?.latitude,
      longitude: hurlstonePark?.longitude,
    });
    expect(findPlace('1 Miller Street, North Sydney NSW')).toEqual({ latitude: -33.839, longitude: 151.207 });
  });

  it('knows the capital cities, falls back to a known postcode, and answers null otherwise', () => {
    expect(findPlace('100 Collins Street, Melbourne VIC 3000')).toEqual({
      latitude: -37.8136,
      longitude: 144.9631,
    });
    expect(findPlace('Unit 4, 9 Somewhere Street 2031')).toEqual({ latitude: -33.914, longitude: 151.242 });
    expect(findPlace('1 Nowhere Lane, Atlantis')).toBeNull();
  });
});
