import { readFileSync } from 'node:fs';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../testing/test-app';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => t.close());

it('docs/api.md lists exactly the routes the app serves', () => {
  const docs = readFileSync(new URL('../../../docs/api.md', import.meta.url), 'utf8');
  const documented = [...docs.matchAll(/^\| (GET|POST|PUT|DELETE|PATCH) +\| (\/api\/\S+) +\|/gm)].map(
    (match) => `${match[1]} ${match[2]}`,
  );
  const served = t.routes.map((route) => `${String(route.method)} ${route.url}`);
  expect([...documented].sort()).toEqual([...served].sort());
});
