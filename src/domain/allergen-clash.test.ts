import { describe, expect, it } from 'vitest';
import {
  describeClash,
  describeOpenClash,
  describeOverride,
  findClashingAllergens,
  findOpenClash,
  formatContains,
  isAllergenClash,
  joinAllergenNames,
} from './allergen-clash';

describe('findClashingAllergens', () => {
  it.each([
    { meal: [], client: [], clashing: [] },
    { meal: ['milk', 'egg'], client: [], clashing: [] },
    { meal: [], client: ['egg'], clashing: [] },
    { meal: ['milk', 'egg'], client: ['peanut'], clashing: [] },
    { meal: ['milk', 'egg'], client: ['egg'], clashing: ['egg'] },
    { meal: ['milk', 'egg', 'soy'], client: ['soy', 'milk'], clashing: ['milk', 'soy'] },
    { meal: ['Egg '], client: ['egg'], clashing: ['Egg'] },
    { meal: ['egg'], client: [' EGG'], clashing: ['egg'] },
    { meal: ['egg', 'egg', 'EGG'], client: ['egg'], clashing: ['egg'] },
    { meal: ['tree nuts'], client: ['tree'], clashing: [] },
    { meal: [''], client: [''], clashing: [] },
  ])('meal $meal, client $client -> $clashing', ({ meal, client, clashing }) => {
    expect(findClashingAllergens(meal, client)).toEqual(clashing);
    expect(isAllergenClash(meal, client)).toBe(clashing.length > 0);
  });
});

describe('texts', () => {
  it.each([
    [[], ''],
    [['egg'], 'egg'],
    [['milk', 'egg'], 'milk and egg'],
    [['milk', 'egg', 'soy'], 'milk, egg and soy'],
  ])('joins %j as %s', (names, text) => {
    expect(joinAllergenNames(names)).toBe(text);
  });

  it('describes a clash for the meal card', () => {
    expect(describeClash(['egg'])).toBe('Contains egg — client is allergic');
    expect(describeClash(['milk', 'egg'])).toBe('Contains milk and egg — client is allergic');
  });

  it('prints what a meal contains on its label', () => {
    expect(formatContains(['milk', 'egg'])).toBe('Contains: milk, egg');
    expect(formatContains([' milk ', ''])).toBe('Contains: milk');
    expect(formatContains([])).toBe('');
  });

  it('flags an override in the reports', () => {
    expect(describeOverride(['egg'], 'Doctor agreed')).toBe(
      'Allergen override (contains egg): Doctor agreed',
    );
    expect(describeOverride([], 'Doctor agreed')).toBe('Allergen override: Doctor agreed');
  });
});

describe('findOpenClash', () => {
  it.each([
    { meal: ['milk', 'egg'], client: ['milk'], override: null, open: ['milk'] },
    { meal: ['milk', 'egg'], client: ['milk', 'Egg'], override: null, open: ['milk', 'egg'] },
    { meal: ['milk'], client: ['egg'], override: null, open: [] },
    { meal: ['milk'], client: ['milk'], override: 'Doctor agreed', open: [] },
    { meal: ['milk'], client: [], override: 'Stale reason', open: [] },
  ])('meal $meal, client $client, override $override -> $open', ({ meal, client, override, open }) => {
    expect(findOpenClash(meal, client, override)).toEqual(open);
  });
});

describe('describeOpenClash', () => {
  it.each([
    [['milk'], 'ALLERGY: milk'],
    [['milk', 'egg'], 'ALLERGY: milk and egg'],
    [['milk', 'egg', 'soy'], 'ALLERGY: milk, egg and soy'],
    [[], ''],
  ])('%j -> %s', (names, text) => {
    expect(describeOpenClash(names)).toBe(text);
  });
});
