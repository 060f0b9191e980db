import { describe, expect, it } from 'vitest';
import { buildLoginPath, isSafeReturnPath, readReturnPath } from './return-to';

describe('return to after login', () => {
  it.each(['/clients', '/settings/users/', '/client/12/?tab=x', '/reports/packing_list/'])(
    'accepts the app path %s',
    (path) => {
      expect(isSafeReturnPath(path)).toBe(true);
    },
  );

  it.each([
    'https://evil.example/',
    '//evil.example',
    '/\\evil.example',
    'clients',
    '/login/',
    '/logout',
    '/x\n',
  ])('rejects %s', (path) => {
    expect(isSafeReturnPath(path)).toBe(false);
  });

  it('builds the login path with the route to return to', () => {
    expect(buildLoginPath('/settings/users/?a=1')).toBe('/login/?next=%2Fsettings%2Fusers%2F%3Fa%3D1');
    expect(buildLoginPath('/')).toBe('/login/');
    expect(buildLoginPath('//evil.example')).toBe('/login/');
  });

  it('reads the return route, defaulting to /clients', () => {
    expect(readReturnPath('?next=%2Fsettings%2Frounds%2F')).toBe('/settings/rounds/');
    expect(readReturnPath('')).toBe('/clients');
    expect(readReturnPath('?next=https%3A%2F%2Fevil.example')).toBe('/clients');
  });
});
