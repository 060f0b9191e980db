import { demoFirstNames, demoLastNames } from './demo-places';
import type { SimClient } from './demo-seed';
import { createRandom, type Random } from './prng';

/**
 * The demo clients' contacts (ClientContact): one or two each, family, a neighbour or the GP, with Sydney numbers.
 * Each client's contacts are a pure function of (seed, client), like the clients themselves, so ids stay stable.
 */

export type SimContact = {
  id: number;
  acId: string;
  clientId: number;
  firstName: string;
  lastName: string;
  relationship: string;
  /** As a coordinator types it into the CRM ("0412 345 678", "02 9555 1234"). */
  phone: string;
  email: string;
  isEmergency: boolean;
  status: 'enabled' | 'disabled';
};

const familyRelationships = [
  'Daughter',
  'Daughter',
  'Son',
  'Son',
  'Niece',
  'Nephew',
  'Granddaughter',
  'Grandson',
  'Sister',
  'Brother',
] as const;
const otherRelationships = ['Neighbour', 'Friend', 'GP'] as const;
const firstContactId = 700_000;

const digits = (random: Random, count: number) =>
  Array.from({ length: count }, () => random.nextInt(0, 9)).join('');

/** Mobile numbers from 0400 to 0439: long-allocated ranges, so every drawn number reads as a real one. */
function drawMobile(random: Random): string {
  return `04${random.nextInt(0, 3)}${digits(random, 1)} ${digits(random, 3)} ${digits(random, 3)}`;
}

function drawContact(client: SimClient, position: number, random: Random): SimContact {
  const isFamily = position === 0 ? random.isChance(0.85) : random.isChance(0.45);
  const relationship = isFamily ? random.pick(familyRelationships) : random.pick(otherRelationships);
  const isGp = relationship === 'GP';
  const gender = ['Daughter', 'Niece', 'Granddaughter', 'Sister'].includes(relationship)
    ? 'F'
    : ['Son', 'Nephew', 'Grandson', 'Brother'].includes(relationship)
      ? 'M'
      : random.isChance(0.5)
        ? 'F'
        : 'M';
  const firstName = random.pick(demoFirstNames[gender]);
  const lastName = isFamily && random.isChance(0.7) ? client.lastName : random.pick(demoLastNames);
  const id = firstContactId + client.index * 10 + position;
  const hasEmail = !isGp && random.isChance(0.4);
  return {
    id,
    acId: `AC${String(id).padStart(9, '0')}`,
    clientId: client.id,
    firstName: isGp ? `Dr ${firstName}` : firstName,
    lastName,
    relationship,
    // A GP's practice has a landline; family and neighbours are reached on their mobiles.
    phone: isGp ? `02 9${digits(random, 3)} ${digits(random, 4)}` : drawMobile(random),
    email: hasEmail ? `${firstName}.${lastName}@example.com`.toLowerCase().replace(/[^a-z.@]/g, '') : '',
    // Most clients have family or a neighbour to call first when they do not answer the door.
    isEmergency: !isGp && (position === 0 ? random.isChance(0.9) : random.isChance(0.35)),
    status: 'enabled',
  };
}

/** The client's contacts, in the CRM's order. */
export function generateDemoContacts(client: SimClient, seed: number): SimContact[] {
  const random = createRandom(seed, 4, client.index);
  const count = random.isChance(0.55) ? 2 : 1;
  return Array.from({ length: count }, (_, position) => drawContact(client, position, random));
}
