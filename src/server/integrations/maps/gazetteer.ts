import { demoSuburbsByRound } from '../alayacare/simulator/demo-places';
import type { Point } from './maps-provider';

type Place = Point & { name: string; postcode: string };

// Capital cities and a few well-known Sydney suburbs beyond the demo's, with approximate centres.
// prettier-ignore
const extraPlaces: readonly Place[] = [
  { name: 'Sydney', postcode: '2000', latitude: -33.8688, longitude: 151.2093 },
  { name: 'Melbourne', postcode: '3000', latitude: -37.8136, longitude: 144.9631 },
  { name: 'Brisbane', postcode: '4000', latitude: -27.4698, longitude: 153.0251 },
  { name: 'Perth', postcode: '6000', latitude: -31.9505, longitude: 115.8605 },
  { name: 'Adelaide', postcode: '5000', latitude: -34.9285, longitude: 138.6007 },
  { name: 'Hobart', postcode: '7000', latitude: -42.8821, longitude: 147.3272 },
  { name: 'Darwin', postcode: '0800', latitude: -12.4634, longitude: 130.8456 },
  { name: 'Canberra', postcode: '2600', latitude: -35.2809, longitude: 149.13 },
  { name: 'Newtown', postcode: '2042', latitude: -33.8976, longitude: 151.1794 },
  { name: 'Glebe', postcode: '2037', latitude: -33.8798, longitude: 151.1854 },
  { name: 'Surry Hills', postcode: '2010', latitude: -33.8861, longitude: 151.2111 },
  { name: 'Redfern', postcode: '2016', latitude: -33.8928, longitude: 151.2043 },
  { name: 'Balmain', postcode: '2041', latitude: -33.8589, longitude: 151.1799 },
  { name: 'Erskineville', postcode: '2043', latitude: -33.9025, longitude: 151.1858 },
  { name: 'Alexandria', postcode: '2015', latitude: -33.902, longitude: 151.195 },
  { name: 'Mascot', postcode: '2020', latitude: -33.927, longitude: 151.19 },
  { name: 'North Sydney', postcode: '2060', latitude: -33.839, longitude: 151.207 },
  { name: 'Manly', postcode: '2095', latitude: -33.7969, longitude: 151.285 },
  { name: 'Parramatta', postcode: '2150', latitude: -33.815, longitude: 151.0011 },
  { name: 'Burwood', postcode: '2134', latitude: -33.8774, longitude: 151.104 },
  { name: 'Strathfield', postcode: '2135', latitude: -33.8736, longitude: 151.093 },
  { name: 'Bankstown', postcode: '2200', latitude: -33.9173, longitude: 151.0346 },
];

const places: readonly Place[] = [
  ...Object.values(demoSuburbsByRound)
    .flat()
    .map(({ name, postcode, latitude, longitude }) => ({ name, postcode, latitude, longitude })),
  ...extraPlaces,
];

// Longest names first, so 'North Sydney' wins over 'Sydney' and 'Hurlstone Park' over a street named 'Canterbury'.
const placesByLength = [...places].sort((a, b) => b.name.length - a.name.length);

function escapeRegExp(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}

const placeMatchers = placesByLength.map((place) => ({
  place,
  pattern: new RegExp(`(^|[^a-z])${escapeRegExp(place.name.toLowerCase())}([^a-z]|$)`),
}));

/**
 * The centre of the Australian suburb or city an address names. The locality usually follows the last comma
 * ('12 Parramatta Road, Annandale NSW 2038'), so the parts are searched from the last; a street that shares a
 * suburb's name ('Canterbury Road') is only taken when no later part names a place. A postcode is the last resort.
 */
export function findPlace(address: string): Point | null {
  const parts = address.toLowerCase().split(',').reverse();
  for (const part of parts) {
    const match = placeMatchers.find(({ pattern }) => pattern.test(part));
    if (match) return { latitude: match.place.latitude, longitude: match.place.longitude };
  }
  const postcode = /\b(\d{4})\s*$/.exec(address.trim())?.[1];
  const byPostcode = postcode ? places.find((place) => place.postcode === postcode) : undefined;
  return byPostcode ? { latitude: byPostcode.latitude, longitude: byPostcode.longitude } : null;
}
