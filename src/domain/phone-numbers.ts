import { parsePhoneNumberFromString, type CountryCode } from 'libphonenumber-js/min';

/**
 * Phone numbers of clients, contacts, drivers and message senders are kept in E.164 (+61412345678), the form an
 * SMS or voice provider dials. People type them the way they say them ("0412 345 678"), so a number without a
 * country code is read in the account's region, worked out from its time zone.
 */

/** Time zones outside Australia that a service may run in, by their country; every other zone reads as Australia. */
const regionsByZonePrefix: readonly (readonly [string, CountryCode])[] = [
  ['Australia/', 'AU'],
  ['Antarctica/Macquarie', 'AU'],
  ['Pacific/Auckland', 'NZ'],
  ['Pacific/Chatham', 'NZ'],
  ['Europe/London', 'GB'],
];

/** The region a number without a country code is read in: the account's time zone's country, else Australia. */
export function getPhoneRegion(timeZone: string): CountryCode {
  return regionsByZonePrefix.find(([prefix]) => timeZone.startsWith(prefix))?.[1] ?? 'AU';
}

export type ParsedPhoneNumber = { isValid: true; e164: string } | { isValid: false; message: string };

/** Reads a typed number in `region` (unless it has its own country code) and answers it in E.164, or why not. */
export function parsePhoneNumber(text: string, region: CountryCode): ParsedPhoneNumber {
  const trimmed = text.trim();
  if (trimmed === '') return { isValid: false, message: 'Enter a phone number.' };
  const parsed = parsePhoneNumberFromString(trimmed, region);
  if (!parsed?.isValid()) {
    return { isValid: false, message: `"${trimmed}" is not a valid phone number.` };
  }
  return { isValid: true, e164: parsed.number };
}

/** An E.164 number as people of `region` write it: national within the region, international outside it. */
export function formatPhoneNumber(e164: string, region: CountryCode): string {
  const parsed = parsePhoneNumberFromString(e164);
  if (!parsed) return e164;
  return parsed.country === region ? parsed.formatNational() : parsed.formatInternational();
}
