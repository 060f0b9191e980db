export type ClientLocation = { address: string; city: string; state: string; zip: string };

/**
 * An address on two lines, nothing dropped whatever its commas: the first line is the address up to its first
 * comma (e.g. 'Unit 13'), the second the rest of it and then the locality (city, state, zip), e.g.
 * '103 Wellington Street, Bondi NSW 2026'. The locality is left out only when the address already ends with it;
 * with no street part at all, the locality moves up to the first line.
 */
export function splitAddress(location: ClientLocation): [string, string] {
  const address = location.address.trim();
  const comma = address.indexOf(',');
  const first = comma >= 0 ? address.slice(0, comma).trim() : address;
  const rest = comma >= 0 ? address.slice(comma + 1).trim() : '';
  const locality = formatLocality(location);
  const endsWithLocality = locality !== '' && normalise(address).endsWith(normalise(locality));
  const second = [rest, endsWithLocality ? '' : locality].filter((part) => part !== '').join(', ');
  return first === '' ? [second, ''] : [first, second];
}

/** Lower case with runs of spaces and commas as one space, so 'Bondi, NSW  2026' ends like 'Bondi NSW 2026'. */
function normalise(text: string): string {
  return text
    .toLowerCase()
    .replace(/[\s,]+/g, ' ')
    .trim();
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
