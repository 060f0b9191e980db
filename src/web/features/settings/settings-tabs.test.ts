import { describe, expect, it } from 'vitest';
import { buildSettingsPath, listVisibleSettingsTabs, resolveSettingsTab } from './settings-tabs';

describe('settings tabs', () => {
  it('shows every item to admins, in menu order', () => {
    expect(listVisibleSettingsTabs(true).map((tab) => tab.label)).toEqual([
      'Users',
      'CMS Integration',
      'Messages',
      'Routes',
      'Rounds',
      'Meals',
      'Welfare checks',
    ]);
  });

  it('hides Users, CMS Integration, Messages, Routes and Welfare checks from normal users', () => {
    expect(listVisibleSettingsTabs(false).map((tab) => tab.key)).toEqual(['rounds', 'meals']);
  });

  it.each([
    [undefined, true, 'users'],
    [undefined, false, 'rounds'],
    ['users', false, 'rounds'],
    ['routes', false, 'rounds'],
    ['meals', false, 'meals'],
    ['integrations', true, 'integrations'],
    ['welfare', true, 'welfare'],
    ['welfare', false, 'rounds'],
    ['messages', true, 'messages'],
    ['messages', false, 'rounds'],
    ['nonsense', true, 'users'],
  ])('resolves %s (admin %s) to %s', (requested, isAdmin, expected) => {
    expect(resolveSettingsTab(requested, isAdmin).key).toBe(expected);
  });

  it('builds the route with a trailing slash', () => {
    expect(buildSettingsPath('rounds')).toBe('/settings/rounds/');
  });
});
