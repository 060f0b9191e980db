import { describe, expect, it } from 'vitest';
import {
  findFirstEmergencyContact,
  isContactReachable,
  moveToPosition,
  orderAfterSync,
} from './client-contacts';

describe('moveToPosition', () => {
  it.each([
    ['d', 1, ['d', 'a', 'b', 'c']],
    ['d', 2, ['a', 'd', 'b', 'c']],
    ['a', 3, ['b', 'c', 'a', 'd']],
    ['a', 4, ['b', 'c', 'd', 'a']],
    ['a', 99, ['b', 'c', 'd', 'a']],
    ['c', 0, ['c', 'a', 'b', 'd']],
    ['b', 2, ['a', 'b', 'c', 'd']],
    ['e', 2, ['a', 'e', 'b', 'c', 'd']],
  ])('moves %s to %i', (key, position, expected) => {
    expect(moveToPosition(['a', 'b', 'c', 'd'], key, position)).toEqual(expected);
  });
});

describe('orderAfterSync', () => {
  const local = (name: string) => ({ name, sourceContactId: null });
  const crm = (name: string) => ({ name, sourceContactId: name });
  const added = (name: string, isEmergency: boolean) => ({ name, isEmergency });

  it('keeps local contacts and the CRM contacts still listed in their order, drops the others', () => {
    const existing = [crm('c1'), local('l1'), crm('c2'), local('l2')];
    expect(orderAfterSync(existing, new Set(['c2']), []).map((contact) => contact.name)).toEqual([
      'l1',
      'c2',
      'l2',
    ]);
  });

  it('puts new CRM contacts after the kept ones, emergency contacts first, in the CRM order', () => {
    const order = orderAfterSync([local('l1')], new Set(['n1', 'n2', 'n3']), [
      added('n1', false),
      added('n2', true),
      added('n3', true),
    ]);
    expect(order.map((contact) => contact.name)).toEqual(['l1', 'n2', 'n3', 'n1']);
  });

  it('a first sync of an empty list answers the CRM list, emergency first', () => {
    expect(orderAfterSync([], new Set(), [added('a', false), added('b', true)])).toEqual([
      added('b', true),
      added('a', false),
    ]);
  });
});

describe('findFirstEmergencyContact', () => {
  const contact = (name: string, priority: number, isEmergency: boolean) => ({ name, priority, isEmergency });

  it.each([
    [[contact('a', 1, false), contact('b', 2, true), contact('c', 3, true)], 'b'],
    [[contact('c', 3, true), contact('b', 2, true)], 'b'],
    [[contact('a', 1, false)], null],
    [[], null],
  ])('in %j the first is %s', (contacts, expected) => {
    expect(findFirstEmergencyContact(contacts)?.name ?? null).toBe(expected);
  });
});

describe('isContactReachable', () => {
  it.each([
    ['+61412345678', '', true],
    ['', 'jo@example.com', true],
    ['', '', false],
    ['  ', ' ', false],
  ])('phone %j and email %j: %s', (phone, email, expected) => {
    expect(isContactReachable({ phone, email })).toBe(expected);
  });
});
