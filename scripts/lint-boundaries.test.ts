import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { ESLint } from 'eslint';
import { describe, expect, it } from 'vitest';

/**
 * The rules of direction hold whatever path an import takes: each file in lint-fixtures/boundaries makes one import
 * that the project's ESLint config must refuse (or, for an `allowed-` file, accept), linted as if it sat at the
 * path its first line names. The fixtures are left out of the normal lint run, which would report them.
 */
const root = path.resolve(import.meta.dirname, '..');
const fixturesDir = path.join(root, 'lint-fixtures/boundaries');

type Fixture = { name: string; lintAs: string; refusedBy: string | null; code: string };

function readFixture(name: string): Fixture {
  const code = readFileSync(path.join(fixturesDir, name), 'utf8');
  const lintAs = /^\/\/ lint as: (\S+)$/m.exec(code)?.[1];
  const refusedBy = /^\/\/ refused by: (\S+)/m.exec(code)?.[1];
  if (lintAs === undefined || refusedBy === undefined) throw new Error(`${name} lacks its header lines`);
  return { name, lintAs, refusedBy: refusedBy === 'nothing' ? null : refusedBy, code };
}

const fixtures = readdirSync(fixturesDir).sort().map(readFixture);

// The boundaries need no type information: leaving the type-aware rules out keeps the run to a second or two.
const eslint = new ESLint({
  cwd: root,
  overrideConfig: {
    languageOptions: { parserOptions: { projectService: false, project: null } },
    rules: {
      '@typescript-eslint/no-floating-promises': 'off',
      '@typescript-eslint/no-misused-promises': 'off',
      '@typescript-eslint/switch-exhaustiveness-check': 'off',
    },
  },
});

describe('lint boundaries', () => {
  it('has a fixture for each zone', () => {
    expect(fixtures.filter((fixture) => fixture.refusedBy !== null).length).toBeGreaterThanOrEqual(8);
  });

  it.each(fixtures)('$name', async (fixture) => {
    const [result] = await eslint.lintText(fixture.code, { filePath: path.join(root, fixture.lintAs) });
    const rules = (result?.messages ?? []).map((message) => message.ruleId ?? message.message);
    if (fixture.refusedBy === null) expect(rules).toEqual([]);
    else expect(rules).toContain(fixture.refusedBy);
  });
});
