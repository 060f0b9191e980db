import { ErrorCode } from '../../../contracts/envelope';
import { ApiError } from '../../http/errors';

export type Point = { latitude: number; longitude: number };

/** Travel for one leg as the provider reports it: kilometres and minutes, not yet rounded. */
export type RawTravel = { kms: number; mins: number };

export type MapsProviderName = 'offline' | 'osrm' | 'google';

/**
 * What the product needs from a maps service. `matrix` answers every origin to every destination (row-major,
 * origins x destinations); providers with a table API do it in as few requests as their limits allow.
 */
export type MapsProvider = {
  name: MapsProviderName;
  /** Coordinates of an address from the provider's own geocoder (the CRM's coordinates are tried before). */
  geocode(address: string): Promise<Point>;
  travel(from: Point, to: Point): Promise<RawTravel>;
  matrix(origins: Point[], destinations: Point[]): Promise<RawTravel[]>;
};

/** Every travel failure starts with this text, word for word as users know it, so the screen shows it as is. */
export const travelFailedText = 'Unable to calculate travel.';

/** A code-9 error naming the provider and the reason. */
export function mapsFailed(provider: string, reason: string): ApiError {
  return new ApiError(ErrorCode.mapsProvider, `${travelFailedText} ${provider}: ${reason}`);
}

/** The provider answered and has no place for the address, as opposed to a provider that failed (also code 9). */
export class AddressNotFound extends ApiError {}

/** A code-9 error saying the provider has no coordinates for the address. */
export function addressNotFound(provider: string, address: string): AddressNotFound {
  return new AddressNotFound(
    ErrorCode.mapsProvider,
    `${travelFailedText} ${provider}: no coordinates found for '${address}'.`,
  );
}
