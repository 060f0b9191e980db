export type ClientLocation = { address: string; city: string; state: string; zip: string };

/**
 * The clients list's two address lines: split at the first comma (e.g. 'Unit 4' / '12 Booth Street'). An address
 * without a comma keeps it whole on the first line, and the second shows the locality (city, state, zip) instead.
 */
export function splitAddress(location: ClientLocation): [string, string] {
  const address = location.address.trim();
  const comma = address.indexOf(',');
  if (comma >= 0) return [address.slice(0, comma).trim(), address.slice(comma + 1).trim()];
  return [address, formatLocality(location)];
}

/** 'Annandale NSW 2038': the city, state and zip that are known. */
export function formatLocality(location: ClientLocation): string {
  return [location.city, location.state, location.zip]
    .map((part) => part.trim())
    .filter((part) => part !== '')
    .join(' ');
}

/** The full address as one line for a search: address, city, state and zip, the known parts joined by commas. */
export function formatSearchAddress(location: ClientLocation): string {
  return [location.address, location.city, location.state, location.zip]
    .map((part) => part.trim())
    .filter((part) => part !== '')
    .join(', ');
}

/** A Google Maps search for the address; null when the client has no address parts at all. */
export function buildMapsSearchUrl(location: ClientLocation): string | null {
  const query = formatSearchAddress(location);
  if (query === '') return null;
  return `https://www.google.com/maps/search/?api=1&query=${encodeURIComponent(query)}`;
}

/**
 * A stop's address as one line, 'address, city state zip': the form visits carry and the travel cache keys on,
 * so a visit's address finds its client's coordinates.
 */
export function formatStopAddress(location: ClientLocation): string {
  return [location.address.trim(), formatLocality(location)].filter((part) => part !== '').join(', ');
}
