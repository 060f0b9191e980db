import { describe, expect, it } from 'vitest';
import { buildSlk581, splitPersonName, toSlkSexCode, type SlkPerson } from './slk581';

const born = { birthDate: '1940-03-01', sex: '2' } as const;

describe('buildSlk581', () => {
  it.each<{ title: string; person: SlkPerson; expected: string }>([
    {
      title: "the reference's example (Jane Smith, 1 March 1940, female)",
      person: { givenName: 'Jane', familyName: 'Smith', ...born },
      expected: 'MIHAN010319402',
    },
    {
      title: 'a short family name: 2 for the missing letters',
      person: { givenName: 'Jane', familyName: 'Ng', ...born },
      expected: 'G22AN010319402',
    },
    {
      title: 'a family name of four letters: the 5th is 2',
      person: { givenName: 'Jane', familyName: 'Dunn', ...born },
      expected: 'UN2AN010319402',
    },
    {
      title: 'a short given name',
      person: { givenName: 'Al', familyName: 'Smith', birthDate: '1932-12-25', sex: '1' },
      expected: 'MIHL2251219321',
    },
    {
      title: 'a one-letter given name',
      person: { givenName: 'J', familyName: 'Smith', ...born },
      expected: 'MIH22010319402',
    },
    {
      title: 'a hyphen is dropped',
      person: { givenName: 'Anne-Marie', familyName: 'Smith-Jones', ...born },
      expected: 'MIHNN010319402',
    },
    {
      title: 'an apostrophe is dropped',
      person: { givenName: "D'Arcy", familyName: "O'Brien", birthDate: '1938-07-09', sex: '1' },
      expected: 'BREAR090719381',
    },
    {
      title: 'spaces in a family name are dropped',
      person: { givenName: 'Mary', familyName: 'van der Berg', ...born },
      expected: 'ANEAR010319402',
    },
    {
      title: 'lower case and accents: letters A-Z only, upper case',
      person: { givenName: 'zoë', familyName: 'smith', ...born },
      expected: 'MIHO2010319402',
    },
    {
      title: 'a missing family name is 999',
      person: { givenName: 'Jane', familyName: '', ...born },
      expected: '999AN010319402',
    },
    {
      title: 'a missing given name is 99',
      person: { givenName: '  ', familyName: 'Smith', ...born },
      expected: 'MIH99010319402',
    },
    {
      title: 'a name of no letters counts as missing',
      person: { givenName: '-', familyName: "'", birthDate: '1940-03-01', sex: '9' },
      expected: '99999010319409',
    },
  ])('$title', ({ person, expected }) => {
    expect(buildSlk581(person)).toBe(expected);
  });
});

describe('splitPersonName', () => {
  it.each([
    { name: 'Jane Smith', expected: { givenName: 'Jane', familyName: 'Smith' } },
    { name: '  Mary   van der Berg ', expected: { givenName: 'Mary', familyName: 'van der Berg' } },
    { name: 'Smith', expected: { givenName: '', familyName: 'Smith' } },
    { name: '', expected: { givenName: '', familyName: '' } },
  ])('$name', ({ name, expected }) => {
    expect(splitPersonName(name)).toEqual(expected);
  });
});

describe('toSlkSexCode', () => {
  it.each([
    { code: 'MALE', expected: '1' },
    { code: 'FEMALE', expected: '2' },
    { code: 'NOTSTATED', expected: '9' },
    { code: null, expected: '9' },
    { code: '', expected: '9' },
    { code: 'INTERSEX', expected: '3' },
  ])('$code -> $expected', ({ code, expected }) => {
    expect(toSlkSexCode(code)).toBe(expected);
  });
});
