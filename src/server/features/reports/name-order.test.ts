import { describe, expect, it } from 'vitest';
import { compareNames } from './name-order';

const sortByName = (rows: { name: string; id: number }[]) =>
  [...rows].sort(compareNames).map((row) => row.id);

describe('compareNames', () => {
  it.each([
    {
      case: 'by name',
      rows: [
        { name: 'Zoe', id: 1 },
        { name: 'Adam', id: 2 },
      ],
      order: [2, 1],
    },
    {
      case: 'a shared name by id',
      rows: [
        { name: 'Lee', id: 9 },
        { name: 'Lee', id: 3 },
      ],
      order: [3, 9],
    },
    {
      case: 'case as the locale orders it',
      rows: [
        { name: 'bob', id: 1 },
        { name: 'Anna', id: 2 },
      ],
      order: [2, 1],
    },
    {
      case: 'accents beside their letter',
      rows: [
        { name: 'Zed', id: 1 },
        { name: 'Élodie', id: 2 },
      ],
      order: [2, 1],
    },
  ])('orders $case', ({ rows, order }) => {
    expect(sortByName(rows)).toEqual(order);
  });

  it('answers 0 only for the same name and id', () => {
    expect(compareNames({ name: 'Ann', id: 4 }, { name: 'Ann', id: 4 })).toBe(0);
  });
});
