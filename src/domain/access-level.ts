export const accessLevels = ['normal', 'admin', 'sys_admin'] as const;
export type AccessLevel = (typeof accessLevels)[number];

/** Levels an admin may give in the user form: User and Admin. */
export const assignableAccessLevels = ['normal', 'admin'] as const;
export type AssignableAccessLevel = (typeof assignableAccessLevels)[number];

/** Any level containing 'admin' is an admin (sys_admin included). */
export function isAdminLevel(level: string): boolean {
  return level.includes('admin');
}

export function describeAccessLevel(level: AccessLevel): string {
  switch (level) {
    case 'normal':
      return 'User';
    case 'admin':
      return 'Admin';
    case 'sys_admin':
      return 'System Admin';
  }
}
