import { describe, expect, it } from 'vitest';
import type { FundingProfile } from '../../../contracts/funding';
import {
  findFundingFormErrors,
  parseFeeCents,
  toFundingBody,
  toFundingForm,
  toFundingFormErrors,
} from './funding-form';

const profile: FundingProfile = {
  client_id: 3,
  slk: 'MIHAN010319402',
  programme: 'CHSP',
  fee_per_meal_cents: 850,
  birth_date: '01-03-1940',
  is_birth_date_estimate: false,
  gender_code: 'FEMALE',
  country_of_birth_code: null,
  language_code: null,
  atsi_code: null,
  dva_card_status_code: null,
  accommodation_type_code: null,
  household_composition_code: null,
  has_carer: null,
  has_disabilities: false,
  consent_to_provide_details: true,
  consented_for_future_contacts: false,
};

describe('parseFeeCents', () => {
  it.each([
    { text: '8.50', cents: 850 },
    { text: '8.5', cents: 850 },
    { text: '$12', cents: 1200 },
    { text: ' 0 ', cents: 0 },
    { text: '1000', cents: 100_000 },
    { text: '1000.01', cents: null },
    { text: '8.505', cents: null },
    { text: '-1', cents: null },
    { text: '', cents: null },
    { text: 'eight', cents: null },
  ])('$text', ({ text, cents }) => {
    expect(parseFeeCents(text)).toBe(cents);
  });
});

describe('the funding form', () => {
  it('round-trips a profile to the body the API takes', () => {
    const form = toFundingForm(profile);
    expect(form.fee).toBe('8.50');
    expect(findFundingFormErrors(form)).toEqual({});
    const { client_id: _id, slk: _slk, ...body } = profile;
    expect(toFundingBody(form)).toEqual(body);
    expect(toFundingBody({ ...form, birthDate: ' ' }).birth_date).toBeNull();
  });

  it('finds a bad fee and a birth date not in DD-MM-YYYY', () => {
    const form = { ...toFundingForm(profile), fee: '8,50', birthDate: '1940-03-01' };
    expect(Object.keys(findFundingFormErrors(form))).toEqual(['fee', 'birthDate']);
  });

  it("puts the server's field errors on the form's fields", () => {
    expect(
      toFundingFormErrors({
        fee_per_meal_cents: 'Too much.',
        birth_date: 'In the future.',
        gender_code: 'Unknown.',
      }),
    ).toEqual({ fee: 'Too much.', birthDate: 'In the future.', gender_code: 'Unknown.' });
  });
});
