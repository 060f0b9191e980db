import { findPlace } from './gazetteer';
import { addressNotFound, type MapsProvider, type Point, type RawTravel } from './maps-provider';

const earthRadiusKm = 6371.0088;

/** Roads are rarely straight: a city drive is about 1.3 times the great-circle distance. */
export const roadFactor = 1.3;

export function measureGreatCircleKm(from: Point, to: Point): number {
  const toRadians = (degrees: number) => (degrees * Math.PI) / 180;
  const dLat = toRadians(to.latitude - from.latitude);
  const dLon = toRadians(to.longitude - from.longitude);
  const a =
    Math.sin(dLat / 2) ** 2 +
    Math.cos(toRadians(from.latitude)) * Math.cos(toRadians(to.latitude)) * Math.sin(dLon / 2) ** 2;
  return 2 * earthRadiusKm * Math.asin(Math.min(1, Math.sqrt(a)));
}

/** No network: great-circle distance times the road factor, at a configured urban speed. */
export function createOfflineProvider(options: { speedKmh: number }): MapsProvider {
  function travel(from: Point, to: Point): RawTravel {
    const kms = measureGreatCircleKm(from, to) * roadFactor;
    return { kms, mins: (kms / options.speedKmh) * 60 };
  }
  return {
    name: 'offline',
    geocode(address) {
      const point = findPlace(address);
      return point ? Promise.resolve(point) : Promise.reject(addressNotFound('offline', address));
    },
    travel: (from, to) => Promise.resolve(travel(from, to)),
    matrix: (origins, destinations) =>
      Promise.resolve(origins.flatMap((from) => destinations.map((to) => travel(from, to)))),
  };
}
