import { describe, expect, it } from 'vitest';
import { describeAccessLevel, isAdminLevel } from './access-level';
import { accountTag } from './account-tag';

describe('access levels', () => {
  it('any level containing admin is an admin', () => {
    expect(isAdminLevel('admin')).toBe(true);
    expect(isAdminLevel('sys_admin')).toBe(true);
    expect(isAdminLevel('normal')).toBe(false);
  });

  it('shows User, Admin and System Admin', () => {
    expect(describeAccessLevel('normal')).toBe('User');
    expect(describeAccessLevel('admin')).toBe('Admin');
    expect(describeAccessLevel('sys_admin')).toBe('System Admin');
  });
});

describe('account tag', () => {
  it('shows the description, else the name, else MR', () => {
    expect(accountTag({ description: 'Harbour Meals', name: 'HCM' })).toBe('Harbour Meals');
    expect(accountTag({ description: '  ', name: 'HCM' })).toBe('HCM');
    expect(accountTag({ description: '', name: '' })).toBe('MR');
    expect(accountTag(null)).toBe('MR');
  });
});
