import {
  firstLoadBudgetsKb,
  logInForFirstLoad,
  measureFirstLoad,
  sumKb,
  type FirstLoadPath,
  type StorageState,
} from './support/first-load';
import { demo, expect, test } from './support/fixtures';

/** Lists the scripts of an over-budget page, biggest first, so the failure says what grew. */
function describeScripts(sizes: Map<string, number>): string {
  return [...sizes]
    .sort((a, b) => b[1] - a[1])
    .map(([path, size]) => `${path} ${(size / 1024).toFixed(1)} kB`)
    .join('\n');
}

test.describe('first load of the office app (gzipped JavaScript, nothing cached)', () => {
  let session: StorageState;

  test.beforeAll(async ({ browser, baseURL }) => {
    session = await logInForFirstLoad(browser, baseURL ?? '', {
      username: demo.admin,
      password: demo.password,
    });
  });

  const pages: { path: FirstLoadPath; isLoggedIn: boolean }[] = [
    { path: '/', isLoggedIn: false },
    { path: '/login/', isLoggedIn: false },
    { path: '/clients', isLoggedIn: true },
  ];
  for (const { path, isLoggedIn } of pages) {
    test(`${path} stays within ${String(firstLoadBudgetsKb[path])} kB`, async ({ browser, baseURL }) => {
      const sizes = await measureFirstLoad(
        browser,
        `${baseURL ?? ''}${path}`,
        isLoggedIn ? session : undefined,
      );
      expect(sizes.size, 'scripts loaded').toBeGreaterThan(0);
      expect(sumKb(sizes), describeScripts(sizes)).toBeLessThanOrEqual(firstLoadBudgetsKb[path]);
    });
  }
});
