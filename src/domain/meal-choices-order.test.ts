import { describe, expect, it } from 'vitest';
import { sortMealChoicesClients } from './meal-choices-order';

function buildClient(id: number, name: string, score: number) {
  return { id, name, score };
}

const clients = [
  buildClient(1, 'Cora Bell', 3),
  buildClient(2, 'Abel Ng', 9),
  buildClient(3, 'Bea Ruiz', 9),
  buildClient(4, 'Dan Oak', 0),
];

describe('sortMealChoicesClients', () => {
  it('sorts by name', () => {
    expect(sortMealChoicesClients(clients, 'name').map((client) => client.name)).toEqual([
      'Abel Ng',
      'Bea Ruiz',
      'Cora Bell',
      'Dan Oak',
    ]);
  });

  it('sorts by score, worst first, names breaking ties', () => {
    expect(sortMealChoicesClients(clients, 'score').map((client) => client.id)).toEqual([2, 3, 1, 4]);
  });

  it('leaves the given list alone', () => {
    sortMealChoicesClients(clients, 'score');
    expect(clients.map((client) => client.id)).toEqual([1, 2, 3, 4]);
  });
});
