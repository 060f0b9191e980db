import { describe, expect, it } from 'vitest';
import { clientDetailsBodySchema, createClientBodySchema } from './clients';

describe('createClientBodySchema', () => {
  it('needs only a name, trims the fields and puts the state in capitals', () => {
    expect(createClientBodySchema.parse({ name: ' Ann ', state: ' vic ', zip: ' 3000 ' })).toEqual({
      name: 'Ann',
      phone: '',
      address: '',
      city: '',
      state: 'VIC',
      zip: '3000',
      external_status: 'active',
      external_id: '',
    });
  });

  it('refuses a missing name, a bad state, postcode or status, and unknown fields, each on its field', () => {
    const fieldsOf = (body: unknown) => {
      const result = createClientBodySchema.safeParse(body);
      return result.success ? [] : result.error.issues.map((issue) => issue.path.join('.'));
    };
    expect(fieldsOf({ name: '' })).toEqual(['name']);
    expect(fieldsOf({})).toEqual(['name']);
    expect(fieldsOf({ name: 'Ann', state: 'Victoria' })).toEqual(['state']);
    expect(fieldsOf({ name: 'Ann', zip: '30000' })).toEqual(['zip']);
    expect(fieldsOf({ name: 'Ann', external_status: 'deleted' })).toEqual(['external_status']);
    expect(fieldsOf({ name: 'Ann', external_id: 'x'.repeat(101) })).toEqual(['external_id']);
    expect(fieldsOf({ name: 'Ann', name2: 'x' })).toEqual(['']);
  });
});

describe('clientDetailsBodySchema', () => {
  const details = {
    round: '',
    labels: [],
    dietary_requirements: '',
    plan: '',
    plan_dow: [0, 0, 0, 0, 0, 0, 0],
    delivery_instructions: '',
  };

  it('takes the identity fields as optional, absent ones left out', () => {
    expect(clientDetailsBodySchema.parse(details)).not.toHaveProperty('name');
    expect(
      clientDetailsBodySchema.parse({ ...details, external_status: 'discharged', state: 'wa' }),
    ).toMatchObject({
      external_status: 'discharged',
      state: 'WA',
    });
    expect(clientDetailsBodySchema.safeParse({ ...details, name: ' ' }).success).toBe(false);
  });
});
