/**
 * The order of a client's contacts. One list holds the CRM's contacts and the local ones; a contact's `priority` is
 * its place in it (1 first), renumbered after every change so it reads as a position. The welfare procedure and the
 * run sheet take emergency contacts in this order.
 */

/** The list with `key` moved to `position` (1-based; past the end it goes last). */
export function moveToPosition<Key>(keys: readonly Key[], key: Key, position: number): Key[] {
  const others = keys.filter((candidate) => candidate !== key);
  const index = Math.min(Math.max(Math.trunc(position), 1), others.length + 1) - 1;
  return [...others.slice(0, index), key, ...others.slice(index)];
}

/** A contact as the sync orders it: local ones have no CRM id. */
export type OrderedContact = { sourceContactId: string | null };

/**
 * The order after a contact sync: the contacts kept (local ones, and CRM ones the CRM still lists) stay in their
 * order, and the CRM's new contacts follow, its emergency contacts first, each group in the CRM's order.
 */
export function orderAfterSync<Kept extends OrderedContact, New extends { isEmergency: boolean }>(
  existing: readonly Kept[],
  sourceIdsListed: ReadonlySet<string>,
  added: readonly New[],
): (Kept | New)[] {
  const kept = existing.filter(
    (contact) => contact.sourceContactId === null || sourceIdsListed.has(contact.sourceContactId),
  );
  const emergencyFirst = [
    ...added.filter((contact) => contact.isEmergency),
    ...added.filter((contact) => !contact.isEmergency),
  ];
  return [...kept, ...emergencyFirst];
}

/** The first emergency contact of a list in order (lowest priority first), or null when there is none. */
export function findFirstEmergencyContact<Contact extends { isEmergency: boolean; priority: number }>(
  contacts: readonly Contact[],
): Contact | null {
  let first: Contact | null = null;
  for (const contact of contacts) {
    if (contact.isEmergency && (first === null || contact.priority < first.priority)) first = contact;
  }
  return first;
}

export const contactReachMessage = 'Enter a phone number or an email address.';

/** A contact nobody can reach is no use: it needs a phone or an email (CRM contacts are taken as they are). */
export function isContactReachable(contact: { phone: string; email: string }): boolean {
  return contact.phone.trim() !== '' || contact.email.trim() !== '';
}
