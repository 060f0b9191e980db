import { describe, expect, it } from 'vitest';
import { mapClient, mapClientStatus, mapPerson, mapVisit, mapVisitStatus } from './adapter-mapping';
import { wireClientDetailsSchema, wireClientSchema, wireVisitSchema } from './wire-types';

const baseUrl = 'https://harbour.alayacare.com';

describe('AlayaCare field mapping', () => {
  it('maps a documented list item with its details (profile attributes, numbers as text, no location)', () => {
    const item = wireClientSchema.parse({
      id: 1000,
      ac_id: 'AC000000024',
      external_id: null,
      profile_id: 100,
      first_name: 'John',
      last_name: 'Smith',
      status: 'waiting_list',
      tags: ['Meals on Wheels'],
      _link: 'https://harbour.alayacare.com/permalink/client/b1',
    });
    const details = wireClientDetailsSchema.parse({
      id: 1000,
      status: 'waiting_list',
      language: 'el',
      demographics: {
        gender: 'M',
        birthday: '1938-07-09',
        address: ' 4 Smith Street ',
        zip: 2204,
        city: 'Marrickville',
        phone_other: '02 9555 0101',
      },
    });
    expect(mapClient(item, details, baseUrl)).toEqual({
      sourceId: '1000',
      externalId: '',
      name: 'John Smith',
      url: 'https://harbour.alayacare.com/permalink/client/b1',
      status: 'waiting_list',
      phone: '02 9555 0101',
      address: '4 Smith Street',
      city: 'Marrickville',
      state: '',
      zip: '2204',
      latitude: null,
      longitude: null,
      tags: ['Meals on Wheels'],
      person: { gender: 'male', birthDate: '1938-07-09', language: 'el' },
    });
  });

  it.each([
    {
      gender: 'F',
      birthday: '1940-03-01T00:00:00',
      language: 'zh',
      person: { gender: 'female', birthDate: '1940-03-01', language: 'zh' },
    },
    {
      gender: 'o',
      birthday: '',
      language: 'fa_AF',
      person: { gender: 'other', birthDate: null, language: 'fa_AF' },
    },
    {
      gender: 'X',
      birthday: '01/03/1940',
      language: 'english',
      person: { gender: null, birthDate: null, language: null },
    },
  ])('maps the person details $gender $birthday $language', ({ gender, birthday, language, person }) => {
    expect(mapPerson(gender, birthday, language)).toEqual(person);
  });

  it('takes names and coordinates from the demographics, and ignores impossible coordinates', () => {
    const item = wireClientSchema.parse({
      id: 7,
      demographics: { first_name: 'Ann', last_name: 'Lee', location: { lat: -33.9, lon: 151.1 } },
    });
    expect(mapClient(item, null, baseUrl)).toMatchObject({
      name: 'Ann Lee',
      url: `${baseUrl}/permalink/client/7`,
      latitude: -33.9,
      longitude: 151.1,
      status: 'other',
      tags: [],
    });
    const nowhere = wireClientSchema.parse({ id: 8, demographics: { location: { lat: 0, lon: 0 } } });
    expect(mapClient(nowhere, null, baseUrl)).toMatchObject({ latitude: null, longitude: null });
  });

  it.each([
    ['active', 'active'],
    ['on_hold', 'on_hold'],
    ['discharged', 'discharged'],
    ['pending', 'pending'],
    ['unknown', 'other'],
    [null, 'other'],
  ] as const)('client status %s is %s', (status, expected) => {
    expect(mapClientStatus(status)).toBe(expected);
  });

  it.each([
    ['scheduled', false, 'scheduled'],
    ['vacant', false, 'scheduled'],
    ['completed', false, 'completed'],
    ['approved', false, 'completed'],
    ['cancelled', false, 'cancelled'],
    ['on_hold', true, 'cancelled'],
    ['scheduled', true, 'cancelled'],
    ['missed', false, 'other'],
  ] as const)('visit status %s (cancelled %s) is %s', (status, isCancelled, expected) => {
    expect(mapVisitStatus(status, isCancelled)).toBe(expected);
  });

  it("gives visit times in the service's zone, whatever offset AlayaCare used", () => {
    const visit = wireVisitSchema.parse({
      alayacare_visit_id: 10001,
      alayacare_client_id: 1001,
      alayacare_service_id: 1,
      start_at: '2026-03-15T23:30:00+00:00',
      end_at: '2026-03-16T00:00:00Z',
      cancelled: false,
      cancel_code: null,
      service: { id: 1, name: 'Meals', service_code_id: 12, service_code_name: 'MOW' },
    });
    expect(mapVisit(visit, 'Australia/Sydney')).toEqual({
      sourceId: '10001',
      clientSourceId: '1001',
      start: '2026-03-16T10:30:00+11:00',
      end: '2026-03-16T11:00:00+11:00',
      status: 'other',
      serviceCodeId: '12',
      tags: [],
      cancelReason: '',
    });
    expect(wireVisitSchema.safeParse({ ...visit, start_at: 'tomorrow' }).success).toBe(false);
  });

  it("keeps a cancelled visit's reason: the cancel code's description, else its code", () => {
    const base = {
      alayacare_visit_id: 10001,
      alayacare_client_id: 1001,
      start_at: '2026-03-16T10:30:00+11:00',
      end_at: '2026-03-16T11:00:00+11:00',
      cancelled: true,
    };
    const reasonOf = (wire: object) =>
      mapVisit(wireVisitSchema.parse({ ...base, ...wire }), 'Australia/Sydney');
    expect(
      reasonOf({ cancel_code: { id: 3, code: 'CLNT_HOSPITAL', description: 'Client in hospital' } }),
    ).toMatchObject({ status: 'cancelled', cancelReason: 'Client in hospital' });
    expect(reasonOf({ cancel_code: { id: 3, code: 'CLNT_HOSPITAL', description: null } }).cancelReason).toBe(
      'CLNT_HOSPITAL',
    );
    expect(reasonOf({ cancel_code: null }).cancelReason).toBe('');
    // A code left on a visit that is no longer cancelled is no reason.
    expect(
      reasonOf({ cancelled: false, status: 'scheduled', cancel_code: { id: 3, code: 'X', description: 'Y' } })
        .cancelReason,
    ).toBe('');
  });
});
