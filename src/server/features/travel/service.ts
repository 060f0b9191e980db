import { formatStopAddress } from '../../../domain/client-address';
import type { LegTravel, Travel } from '../../../contracts/travel';
import { ApiError } from '../../http/errors';
import {
  AddressNotFound,
  travelFailedText,
  type MapsProvider,
  type Point,
  type RawTravel,
} from '../../integrations/maps/maps-provider';
import { normaliseAddress, type TravelMatrix } from '../../shared/travel-matrix';
import type { CachedTravel, TravelRepository } from './repository';

export function toRouteKey(from: string, to: string): string {
  return `${normaliseAddress(from)}:${normaliseAddress(to)}`;
}

/** Kilometres to one decimal, minutes rounded up, as the screens show them; the epsilon keeps 12.0000001 at 12. */
export function roundTravel(raw: RawTravel): Travel {
  return { kms: Math.round(raw.kms * 10) / 10, mins: Math.max(0, Math.ceil(raw.mins - 1e-6)) };
}

/**
 * How long a cached leg is used. Roads, speeds and a provider's answers change, and Google's terms allow
 * results to be kept for at most 30 consecutive days; an older leg is asked again and replaced.
 */
export const travelCacheDays = 30;

/**
 * Travel between addresses for one account: answered from the travel cache, else from the provider (and then
 * cached). Coordinates come from the CRM's clients where an address is a client's, else the provider's geocoder.
 */
export function createTravelService(deps: {
  repository: TravelRepository;
  provider: MapsProvider;
  now: () => Date;
}) {
  const { repository, provider } = deps;
  const freshSince = () => new Date(deps.now().getTime() - travelCacheDays * 24 * 60 * 60 * 1000);
  const saveTravel = (accountId: number, entries: CachedTravel[]) =>
    repository.saveTravel(accountId, provider.name, entries, deps.now(), freshSince());

  function createGeocoder(accountId: number) {
    let clientPlaces: Promise<Map<string, Point>> | null = null;
    const found = new Map<string, Promise<Point>>();
    async function loadClientPlaces() {
      const rows = await repository.listClientPlaces(accountId);
      return new Map(
        rows.flatMap((row) =>
          row.latitude === null || row.longitude === null
            ? []
            : [
                [
                  normaliseAddress(formatStopAddress(row)),
                  { latitude: row.latitude, longitude: row.longitude },
                ],
              ],
        ),
      );
    }
    async function locate(address: string): Promise<Point> {
      clientPlaces ??= loadClientPlaces();
      return (await clientPlaces).get(normaliseAddress(address)) ?? provider.geocode(address);
    }
    return (address: string): Promise<Point> => {
      const key = normaliseAddress(address);
      const cached = found.get(key);
      if (cached) return cached;
      const pending = locate(address);
      found.set(key, pending);
      return pending;
    };
  }

  async function readCache(accountId: number, keys: string[]): Promise<Map<string, Travel>> {
    const rows = await repository.findTravel(accountId, provider.name, [...new Set(keys)], freshSince());
    return new Map(rows.map((row) => [row.routeKey, { kms: row.kms, mins: row.mins }]));
  }

  /** Places each address on its own, so one unknown address fails only its own legs. */
  async function placeAddresses(accountId: number, addresses: string[]) {
    const geocode = createGeocoder(accountId);
    const points = new Map<string, Point>();
    const failures = new Map<string, string>();
    // One at a time: an outside geocoder (Nominatim) asks for no more than one request a second or so.
    for (const address of addresses) {
      try {
        points.set(normaliseAddress(address), await geocode(address));
      } catch (error) {
        if (!(error instanceof ApiError)) throw error;
        failures.set(normaliseAddress(address), error.message);
      }
    }
    return { points, failures };
  }

  /** Computes the missing legs into `cached` (one matrix call); answers the failed legs' messages by route key. */
  async function computeLegs(
    accountId: number,
    missing: [string, string][],
    cached: Map<string, Travel>,
  ): Promise<Map<string, string>> {
    const distinct = (addresses: string[]) => [
      ...new Map(addresses.map((address) => [normaliseAddress(address), address])).values(),
    ];
    const { points, failures: placeFailures } = await placeAddresses(accountId, distinct(missing.flat()));
    const failures = new Map<string, string>();
    const placeable = missing.filter(([from, to]) => {
      const failure = placeFailures.get(normaliseAddress(from)) ?? placeFailures.get(normaliseAddress(to));
      if (failure) failures.set(toRouteKey(from, to), failure);
      return !failure;
    });
    if (placeable.length === 0) return failures;
    const origins = distinct(placeable.map(([from]) => from));
    const destinations = distinct(placeable.map(([, to]) => to));
    const pointOf = (address: string) => points.get(normaliseAddress(address)) as Point;
    let cells: RawTravel[];
    try {
      cells = await provider.matrix(origins.map(pointOf), destinations.map(pointOf));
    } catch (error) {
      if (!(error instanceof ApiError)) throw error;
      for (const [from, to] of placeable) failures.set(toRouteKey(from, to), error.message);
      return failures;
    }
    const computed: CachedTravel[] = [];
    origins.forEach((from, row) =>
      destinations.forEach((to, column) => {
        const cell = cells[row * destinations.length + column];
        const routeKey = toRouteKey(from, to);
        if (!cell || normaliseAddress(from) === normaliseAddress(to) || cached.has(routeKey)) return;
        const travel = roundTravel(cell);
        cached.set(routeKey, travel);
        computed.push({ routeKey, ...travel });
      }),
    );
    if (computed.length) await saveTravel(accountId, computed);
    return failures;
  }

  /** Travel for each [from, to] leg, in order. */
  async function getLegs(accountId: number, legs: [string, string][]): Promise<Travel[]> {
    const cached = await readCache(
      accountId,
      legs.map(([from, to]) => toRouteKey(from, to)),
    );
    const geocode = createGeocoder(accountId);
    const computed: CachedTravel[] = [];
    const result: Travel[] = [];
    for (const [from, to] of legs) {
      const routeKey = toRouteKey(from, to);
      if (normaliseAddress(from) === normaliseAddress(to)) {
        result.push({ kms: 0, mins: 0 });
        continue;
      }
      let travel = cached.get(routeKey);
      if (!travel) {
        travel = roundTravel(await provider.travel(await geocode(from), await geocode(to)));
        cached.set(routeKey, travel);
        computed.push({ routeKey, ...travel });
      }
      result.push(travel);
    }
    if (computed.length) await saveTravel(accountId, computed);
    return result;
  }

  return {
    getLegs,

    /** Travel from one address to another: none between the same address. */
    async getDistance(accountId: number, from: string, to: string): Promise<Travel> {
      const [travel] = await getLegs(accountId, [[from, to]]);
      return travel ?? { kms: 0, mins: 0 };
    },

    /**
     * Travel for each [from, to] leg, in order, each leg answering its own failure. The legs not cached come from
     * one matrix call over their addresses; every pair it answers is cached, so optimising the same round later
     * finds its matrix ready.
     */
    async getEachLeg(accountId: number, legs: { from: string; to: string }[]): Promise<LegTravel[]> {
      const isSamePlace = (leg: { from: string; to: string }) =>
        normaliseAddress(leg.from) === normaliseAddress(leg.to);
      const cached = await readCache(
        accountId,
        legs.map((leg) => toRouteKey(leg.from, leg.to)),
      );
      const missing = legs
        .filter((leg) => !isSamePlace(leg) && !cached.has(toRouteKey(leg.from, leg.to)))
        .map((leg): [string, string] => [leg.from, leg.to]);
      const failures = missing.length
        ? await computeLegs(accountId, missing, cached)
        : new Map<string, string>();
      return legs.map((leg): LegTravel => {
        if (isSamePlace(leg)) return { ...leg, kms: 0, mins: 0 };
        const routeKey = toRouteKey(leg.from, leg.to);
        const travel = cached.get(routeKey);
        return travel ? { ...leg, ...travel } : { ...leg, error: failures.get(routeKey) ?? travelFailedText };
      });
    },

    /**
     * Places an address kept in MealRounds (a client without a CRM) with the maps provider's geocoder (the offline
     * gazetteer on the embedded default): its point, or null when it cannot be placed. A provider that cannot be
     * reached is an error (code 9), not "cannot be placed": the caller keeps the address and may try again.
     */
    async locateAddress(address: string): Promise<Point | null> {
      try {
        return await provider.geocode(address);
      } catch (error) {
        if (error instanceof AddressNotFound) return null;
        throw error;
      }
    },

    /** Travel between every pair of the (distinct) addresses; the missing pairs in one matrix call. */
    async getMatrix(accountId: number, addresses: string[]): Promise<TravelMatrix> {
      const size = addresses.length;
      const keyAt = (i: number, j: number) => toRouteKey(addresses[i] ?? '', addresses[j] ?? '');
      const allKeys = addresses.flatMap((_, i) =>
        addresses.flatMap((__, j) => (i === j ? [] : [keyAt(i, j)])),
      );
      const cached = await readCache(accountId, allKeys);
      const origins = new Set<number>();
      const destinations = new Set<number>();
      for (let i = 0; i < size; i += 1) {
        for (let j = 0; j < size; j += 1) {
          if (i !== j && !cached.has(keyAt(i, j))) {
            origins.add(i);
            destinations.add(j);
          }
        }
      }
      if (origins.size > 0) {
        const geocode = createGeocoder(accountId);
        // In index order, so a plan missing every pair asks one square matrix (OSRM then sends each point once).
        const from = [...origins].sort((a, b) => a - b);
        const to = [...destinations].sort((a, b) => a - b);
        const points = new Map<number, Point>();
        // One at a time: an outside geocoder (Nominatim) asks for no more than one request a second or so.
        for (const index of new Set([...from, ...to]))
          points.set(index, await geocode(addresses[index] ?? ''));
        const pointAt = (index: number) => points.get(index) as Point;
        const cells = await provider.matrix(from.map(pointAt), to.map(pointAt));
        const computed: CachedTravel[] = [];
        from.forEach((i, r) =>
          to.forEach((j, c) => {
            const cell = cells[r * to.length + c];
            if (i === j || !cell || cached.has(keyAt(i, j))) return;
            const travel = roundTravel(cell);
            cached.set(keyAt(i, j), travel);
            computed.push({ routeKey: keyAt(i, j), ...travel });
          }),
        );
        await saveTravel(accountId, computed);
      }
      const kms: number[] = [];
      const mins: number[] = [];
      for (let i = 0; i < size; i += 1) {
        for (let j = 0; j < size; j += 1) {
          const travel = i === j ? { kms: 0, mins: 0 } : cached.get(keyAt(i, j));
          kms.push(travel?.kms ?? 0);
          mins.push(travel?.mins ?? 0);
        }
      }
      return { size, kms, mins };
    },
  };
}
export type TravelService = ReturnType<typeof createTravelService>;
