/**
 * The fields a CRM keeps of a client (name, phone, address, status, external id), as MealRounds keeps them itself
 * for an account without a CRM: their limits and formats, shared by the API's contracts and the screens' forms.
 */

/** A client's status (the CRM's words; MealRounds keeps the same ones). A client leaves by being discharged. */
export const clientStatuses = [
  'active',
  'on_hold',
  'discharged',
  'pending',
  'waiting_list',
  'other',
] as const;
export type ClientStatus = (typeof clientStatuses)[number];

const statusNames: Record<ClientStatus, string> = {
  active: 'Active',
  on_hold: 'On Hold',
  discharged: 'Discharged',
  pending: 'Pending',
  waiting_list: 'Waiting List',
  other: 'Other',
};

/** A status as the screens name it ('On Hold'); a value outside the list is shown as it is. */
export function describeClientStatus(status: string): string {
  return (clientStatuses as readonly string[]).includes(status)
    ? statusNames[status as ClientStatus]
    : status;
}

/** The most characters each field takes (after trimming); the forms check the same numbers. */
export const clientIdentityLimits = {
  name: 200,
  phone: 40,
  address: 500,
  city: 100,
  external_id: 100,
} as const;

/** Australia's states and territories as addresses write them (NSW 2042): the product's accounts are Australian. */
export const australianStates = ['ACT', 'NSW', 'NT', 'QLD', 'SA', 'TAS', 'VIC', 'WA'] as const;

export const clientNameMessage = "Enter the client's name.";
export const stateMessage = `Use a state or territory: ${australianStates.join(', ')}; or leave it empty.`;
export const zipMessage = 'Use a four-digit postcode, e.g. 2042; or leave it empty.';

/** A state as typed, in capitals ('nsw ' -> 'NSW'); '' stays ''. */
export function normaliseState(text: string): string {
  return text.trim().toUpperCase();
}

/** True for '' (no state) and for an Australian state or territory in any case. */
export function isStateText(text: string): boolean {
  const state = normaliseState(text);
  return state === '' || (australianStates as readonly string[]).includes(state);
}

/** True for '' (no postcode) and for four digits. */
export function isPostcodeText(text: string): boolean {
  return /^(\d{4})?$/.test(text.trim());
}

/** Why the typed identity fields cannot be saved, per field (null when fine); the server checks the same rules. */
export function findClientIdentityErrors(fields: { name: string; state: string; zip: string }): {
  name: string | null;
  state: string | null;
  zip: string | null;
} {
  return {
    name: fields.name.trim() === '' ? clientNameMessage : null,
    state: isStateText(fields.state) ? null : stateMessage,
    zip: isPostcodeText(fields.zip) ? null : zipMessage,
  };
}

/** The message of a client whose address the maps could not place (shown on the client screen). */
export const addressUnplacedText = 'This address could not be placed on the map: check it.';
