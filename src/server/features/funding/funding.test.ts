import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FundingCodes, FundingProfile, FundingProfileBody } from '../../../contracts/funding';
import { auditLog } from '../../db/schema/messages';
import { createTestApp, type TestApp } from '../../testing/test-app';
import { createClientsAccount, fixedNow } from '../../testing/clients-fixture';

// Today is Wednesday 18-11-2026 in Sydney (fixedNow).
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({}, { now: () => fixedNow });
});
afterAll(async () => t.close());

const setUp = (name: string) => createClientsAccount(t, name, [{ name: 'Jane Smith' }, { name: 'Bo Ng' }]);

const profile: FundingProfileBody = {
  programme: 'CHSP',
  fee_per_meal_cents: 850,
  birth_date: '01-03-1940',
  is_birth_date_estimate: false,
  gender_code: 'FEMALE',
  country_of_birth_code: '1101',
  language_code: '1201',
  atsi_code: 'NO',
  dva_card_status_code: 'NOCARD',
  accommodation_type_code: 'OWNED',
  household_composition_code: 'ALONE',
  has_carer: false,
  has_disabilities: false,
  consent_to_provide_details: true,
  consented_for_future_contacts: false,
};

describe('funding profile API', () => {
  it('answers an empty profile, saves one with its SLK-581, and audits the changed fields', async () => {
    const s = await setUp('Funding Profile');
    const path = `/api/clients/${String(s.clientIds[0])}/funding`;
    const empty = await t.call<FundingProfile>('GET', path, { token: s.token });
    expect(empty.status).toBe(200);
    expect(empty.body.data).toMatchObject({
      programme: null,
      birth_date: null,
      gender_code: null,
      slk: '',
    });

    const saved = await t.call<FundingProfile>('PUT', path, { token: s.token, body: profile });
    expect(saved.status).toBe(200);
    expect(saved.body.meta.message).toBe('Funding details saved.');
    expect(saved.body.data).toEqual({ ...profile, client_id: s.clientIds[0], slk: 'MIHAN010319402' });
    const read = await t.call<FundingProfile>('GET', path, { token: s.token });
    expect(read.body.data).toEqual(saved.body.data);

    await t.call('PUT', path, { token: s.token, body: { ...profile, fee_per_meal_cents: 900 } });
    const entries = await t.db.select().from(auditLog).where(eq(auditLog.accountId, s.accountId));
    const details = entries
      .filter((entry) => entry.action === 'client_funding.update')
      .map((entry) => entry.detail);
    expect(details).toHaveLength(2);
    expect(details[1]).toEqual({ fields: ['fee_per_meal_cents'] });
  });

  it('refuses unknown codes and a bad birth date with code 2 naming the fields, and changes nothing', async () => {
    const s = await setUp('Funding Invalid');
    const path = `/api/clients/${String(s.clientIds[1])}/funding`;
    const bad = await t.call('PUT', path, {
      token: s.token,
      body: { ...profile, gender_code: 'WOMAN', atsi_code: 'X' },
    });
    expect(bad.status).toBe(400);
    expect(bad.body.meta.error_code).toBe(2);
    expect(bad.body.meta.errors?.map((error) => error.field)).toEqual(['gender_code', 'atsi_code']);
    const unreal = await t.call('PUT', path, {
      token: s.token,
      body: { ...profile, birth_date: '31-02-1940' },
    });
    expect(unreal.body.meta).toMatchObject({ error_code: 2, errors: [{ field: 'birth_date' }] });
    const future = await t.call('PUT', path, {
      token: s.token,
      body: { ...profile, birth_date: '19-11-2026' },
    });
    expect(future.body.meta.errors?.map((error) => error.field)).toEqual(['birth_date']);
    const shape = await t.call('PUT', path, { token: s.token, body: { ...profile, programme: 'Medicare' } });
    expect(shape.body.meta.error_code).toBe(2);
    const read = await t.call<FundingProfile>('GET', path, { token: s.token });
    expect(read.body.data.programme).toBeNull();
  });

  it('needs a login, and answers 404 for another account’s client', async () => {
    const s = await setUp('Funding Mine');
    const other = await setUp('Funding Theirs');
    const path = `/api/clients/${String(other.clientIds[0])}/funding`;
    expect((await t.call('GET', path)).status).toBe(401);
    expect((await t.call('GET', path, { token: s.token })).status).toBe(404);
    const put = await t.call('PUT', path, { token: s.token, body: profile });
    expect(put.status).toBe(404);
    expect(
      (await t.call<FundingProfile>('GET', path, { token: other.token })).body.data.programme,
    ).toBeNull();
  });
});

describe('funding code lists API', () => {
  it('answers the shipped lists; an admin replaces one for the account only; a user may not', async () => {
    const s = await setUp('Codes Admin');
    const other = await setUp('Codes Other');
    const codes = await t.call<FundingCodes>('GET', '/api/funding/codes', { token: s.token });
    expect(Object.keys(codes.body.data)).toEqual([
      'gender',
      'country_of_birth',
      'language',
      'atsi',
      'dva_card_status',
      'accommodation_type',
      'household_composition',
    ]);
    expect(codes.body.data.gender.map((entry) => entry.code)).toEqual([
      'MALE',
      'FEMALE',
      'INTERSEX',
      'NOTSTATED',
    ]);
    expect(codes.body.data.country_of_birth[0]).toEqual({ code: '1101', description: 'Australia' });

    const list = {
      codes: [
        { code: 'MALE', description: 'Man or male' },
        { code: 'X', description: 'Non-binary' },
      ],
    };
    const refused = await t.call('PUT', '/api/funding/codes/gender', { token: s.token, body: list });
    expect(refused.status).toBe(403);
    const replaced = await t.call<FundingCodes>('PUT', '/api/funding/codes/gender', {
      token: s.adminToken,
      body: list,
    });
    expect(replaced.status).toBe(200);
    expect(replaced.body.data.gender).toEqual(list.codes);
    expect(replaced.body.data.language).toEqual(codes.body.data.language);
    const theirs = await t.call<FundingCodes>('GET', '/api/funding/codes', { token: other.token });
    expect(theirs.body.data.gender).toEqual(codes.body.data.gender);

    // The profile now takes the account's codes only.
    const path = `/api/clients/${String(s.clientIds[0])}/funding`;
    const female = await t.call('PUT', path, { token: s.token, body: profile });
    expect(female.body.meta.errors?.map((error) => error.field)).toEqual(['gender_code']);
    const x = await t.call<FundingProfile>('PUT', path, {
      token: s.token,
      body: { ...profile, gender_code: 'X' },
    });
    expect(x.body.data.slk).toBe('MIHAN010319403');
  });

  it('refuses a duplicate code, an unknown list and an empty list', async () => {
    const s = await setUp('Codes Invalid');
    const twice = await t.call('PUT', '/api/funding/codes/atsi', {
      token: s.adminToken,
      body: {
        codes: [
          { code: 'NO', description: 'No' },
          { code: 'NO', description: 'Again' },
        ],
      },
    });
    expect(twice.body.meta).toMatchObject({ error_code: 2, errors: [{ field: 'codes.1.code' }] });
    const unknown = await t.call('PUT', '/api/funding/codes/shoe_size', {
      token: s.adminToken,
      body: { codes: [{ code: 'A', description: 'A' }] },
    });
    expect(unknown.body.meta.error_code).toBe(2);
    const empty = await t.call('PUT', '/api/funding/codes/atsi', {
      token: s.adminToken,
      body: { codes: [] },
    });
    expect(empty.body.meta.error_code).toBe(2);
    expect((await t.call('GET', '/api/funding/codes')).status).toBe(401);
  });
});
