import { readdirSync } from 'node:fs';
import js from '@eslint/js';
import reactHooks from 'eslint-plugin-react-hooks';
import tseslint from 'typescript-eslint';

const noServerInWeb = { group: ['**/server/**'], message: 'The web app never imports the server.' };
const noWebInServer = {
  group: ['**/web/**'],
  message: 'contracts, domain and server never import the web app.',
};

/**
 * The driver's phone page is its own lean bundle (no login, works offline): no UI kit, no office API client. Two
 * folders up from its files is src/web: the office's components (Mantine), not the driver's own.
 */
const driverPatterns = [
  {
    group: ['@mantine/*', '**/lib/api-client', '**/api/*', '!**/api/driver'],
    message: 'The driver page stays lean: of the API only src/web/api/driver.ts, and no UI kit.',
  },
  {
    regex: '^(\\.\\./){2,}components/',
    message: "The driver page stays lean: the office's components bring the UI kit.",
  },
];

/** The folders directly below `dir`: the features, one boundary each. */
const listFeatures = (dir) =>
  readdirSync(dir, { withFileTypes: true })
    .filter((entry) => entry.isDirectory())
    .map((entry) => entry.name);

/**
 * A file `depth` folders inside feature `feature` leaves its feature with exactly `depth` '../': the import
 * strings that then name another feature's folder. Shared code lives in components/ and lib/ (web) or in a
 * feature's service (server), never in another feature's files.
 */
function crossFeatureBlocks(root, lastPart, message, extraPatterns, ignores = []) {
  const patternsOf = typeof extraPatterns === 'function' ? extraPatterns : () => extraPatterns;
  return listFeatures(root).flatMap((feature) =>
    [1, 2, 3, 4].map((depth) => ({
      files: [`${root}/${feature}/${'*/'.repeat(depth - 1)}*.{ts,tsx}`],
      ignores,
      rules: {
        'no-restricted-imports': [
          'error',
          {
            patterns: [
              ...patternsOf(feature),
              { regex: `^(\\.\\./){${depth}}(?!\\.\\./)(?!${feature}/)[\\w-]+/${lastPart}`, message },
            ],
          },
        ],
      },
    })),
  );
}

export default tseslint.config(
  {
    ignores: [
      'dist/',
      'data/',
      'node_modules/',
      'test-results/',
      'playwright-report/',
      'src/server/db/migrations/',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.strict,
  {
    languageOptions: { parserOptions: { ecmaVersion: 'latest', sourceType: 'module' } },
    plugins: { 'react-hooks': reactHooks },
    rules: {
      '@typescript-eslint/no-explicit-any': 'error',
      '@typescript-eslint/consistent-type-definitions': ['error', 'type'],
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      'no-restricted-imports': [
        'error',
        {
          patterns: [noWebInServer],
        },
      ],
    },
  },
  {
    // Type-aware rules: a promise is awaited or voided on purpose, a switch over a union handles every member.
    files: ['**/*.ts', '**/*.tsx'],
    languageOptions: { parserOptions: { projectService: true, tsconfigRootDir: import.meta.dirname } },
    rules: {
      '@typescript-eslint/no-floating-promises': 'error',
      // React calls event handlers and ignores what they return: an async handler catches its own errors.
      '@typescript-eslint/no-misused-promises': ['error', { checksVoidReturn: { attributes: false } }],
      '@typescript-eslint/switch-exhaustiveness-check': [
        'error',
        { considerDefaultExhaustiveForUnions: true },
      ],
    },
  },
  {
    // Tests may assert presence with `!` after checking it.
    files: ['**/*.test.ts', '**/*.test.tsx', 'e2e/**'],
    rules: { '@typescript-eslint/no-non-null-assertion': 'off' },
  },
  {
    files: ['src/web/**'],
    rules: {
      'react-hooks/rules-of-hooks': 'error',
      'react-hooks/exhaustive-deps': 'error',
      'no-restricted-imports': ['error', { patterns: [noServerInWeb] }],
    },
  },
  ...crossFeatureBlocks(
    'src/server/features',
    '[\\w-]*repository$',
    "A server feature calls another feature's service, never its repository.",
    [noWebInServer],
  ),
  ...crossFeatureBlocks(
    'src/web/features',
    '',
    'A web feature does not import another feature: its API calls live in src/web/api, shared pieces in ' +
      'src/web/components or src/web/lib.',
    (feature) => (feature === 'driver' ? [noServerInWeb, ...driverPatterns] : [noServerInWeb]),
  ),
  {
    // The api modules sit below the screens: any screen may use them, they use no screen.
    files: ['src/web/api/**'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            noServerInWeb,
            {
              group: ['**/features/**', '**/components/**', '**/app/**', '@mantine/*'],
              message:
                'src/web/api holds API calls and their cache only: no screens, no UI, not the app shell.',
            },
          ],
        },
      ],
    },
  },
  {
    files: ['src/contracts/**', 'src/domain/**'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            { group: ['**/server/**', '**/web/**'], message: 'contracts and domain import nothing of ours.' },
          ],
        },
      ],
    },
  },
);
