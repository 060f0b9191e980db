import type { FundingCodeField, FundingProfile, FundingProfileBody } from '../../../contracts/funding';

/** The funding form as typed: the fee in dollars and the birth date as text, the rest as the API has it. */
export type FundingForm = Omit<FundingProfileBody, 'fee_per_meal_cents' | 'birth_date'> & {
  fee: string;
  birthDate: string;
};

/** The coded fields with their labels, in the form's order (each a select of its code list). */
export const fundingCodeInputs: { field: FundingCodeField; label: string }[] = [
  { field: 'gender_code', label: 'Gender' },
  { field: 'country_of_birth_code', label: 'Country of Birth' },
  { field: 'language_code', label: 'Language Spoken at Home' },
  { field: 'atsi_code', label: 'Aboriginal or Torres Strait Islander Origin' },
  { field: 'dva_card_status_code', label: 'DVA Card Status' },
  { field: 'accommodation_type_code', label: 'Accommodation Type' },
  { field: 'household_composition_code', label: 'Household Composition' },
];

export function toFundingForm(profile: FundingProfile): FundingForm {
  const {
    client_id: _clientId,
    slk: _slk,
    fee_per_meal_cents: cents,
    birth_date: birthDate,
    ...rest
  } = profile;
  return { ...rest, fee: (cents / 100).toFixed(2), birthDate: birthDate ?? '' };
}

/** Dollars as typed ('8.5', '$8.50') to cents; null when it is not an amount of at most 2 decimals up to $1000. */
export function parseFeeCents(text: string): number | null {
  const match = /^\$?\s*(\d{1,4})(?:\.(\d{1,2}))?$/.exec(text.trim());
  if (!match) return null;
  const cents = Number(match[1]) * 100 + Number((match[2] ?? '0').padEnd(2, '0'));
  return cents <= 100_000 ? cents : null;
}

/** What the form's own checks find before saving, by form field (the server checks the codes and the birth date's range). */
export function findFundingFormErrors(form: FundingForm): Partial<Record<keyof FundingForm, string>> {
  const errors: Partial<Record<keyof FundingForm, string>> = {};
  if (parseFeeCents(form.fee) === null) errors.fee = 'Use an amount in dollars, e.g. 8.50.';
  if (form.birthDate.trim() !== '' && !/^\d{2}-\d{2}-\d{4}$/.test(form.birthDate.trim()))
    errors.birthDate = 'Use DD-MM-YYYY.';
  return errors;
}

/** The form's fields the API names otherwise. */
const apiFieldOfForm = { fee_per_meal_cents: 'fee', birth_date: 'birthDate' } as const;

/** The server's field errors (named as the API names them) on the form's fields. */
export function toFundingFormErrors(apiErrors: Record<string, string>): Record<string, string> {
  return Object.fromEntries(
    Object.entries(apiErrors).map(([field, message]) => [
      field in apiFieldOfForm ? apiFieldOfForm[field as keyof typeof apiFieldOfForm] : field,
      message,
    ]),
  );
}

/** The form as the API takes it (call after findFundingFormErrors found nothing). */
export function toFundingBody(form: FundingForm): FundingProfileBody {
  const { fee, birthDate, ...rest } = form;
  return { ...rest, fee_per_meal_cents: parseFeeCents(fee) ?? 0, birth_date: birthDate.trim() || null };
}
