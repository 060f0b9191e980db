/** The settings side menu. Admin-only items are hidden from normal users. */
export const settingsTabs = [
  { key: 'users', label: 'Users', isAdminOnly: true },
  { key: 'integrations', label: 'CMS Integration', isAdminOnly: true },
  { key: 'messages', label: 'Messages', isAdminOnly: true },
  { key: 'routes', label: 'Routes', isAdminOnly: true },
  { key: 'rounds', label: 'Rounds', isAdminOnly: false },
  { key: 'meals', label: 'Meals', isAdminOnly: false },
  { key: 'welfare', label: 'Welfare checks', isAdminOnly: true },
] as const;

export type SettingsTab = (typeof settingsTabs)[number];
export type SettingsTabKey = SettingsTab['key'];

export function listVisibleSettingsTabs(isAdmin: boolean): SettingsTab[] {
  return settingsTabs.filter((tab) => isAdmin || !tab.isAdminOnly);
}

/** The tab to show for a route's tab parameter: the requested one when visible, else the first visible one. */
export function resolveSettingsTab(requested: string | undefined, isAdmin: boolean): SettingsTab {
  const visible = listVisibleSettingsTabs(isAdmin);
  const match = visible.find((tab) => tab.key === requested);
  // Rounds and Meals are open to everyone, so the visible list is never empty.
  return match ?? visible[0] ?? settingsTabs[4];
}

export function buildSettingsPath(key: SettingsTabKey): string {
  return `/settings/${key}/`;
}
