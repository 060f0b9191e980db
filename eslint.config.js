import js from '@eslint/js';
import reactHooks from 'eslint-plugin-react-hooks';
import boundaries from 'eslint-plugin-boundaries';
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

/**
 * The rules of direction as path zones (docs/architecture.md, Rules of direction; ADR 0049). The plugin resolves
 * every import to the file it names and classifies both ends by folder, so an import is judged by what it reaches,
 * however many '../' it takes. `lint-fixtures/boundaries` holds one forbidden import per file, and
 * `scripts/lint-boundaries.test.ts` checks that each is refused.
 */
const boundaryElements = [
  { type: 'contracts', pattern: 'src/contracts' },
  { type: 'domain', pattern: 'src/domain' },
  { type: 'server-feature', pattern: 'src/server/features/*', capture: ['feature'] },
  { type: 'server-shared', pattern: 'src/server/shared' },
  { type: 'server-jobs', pattern: 'src/server/jobs' },
  { type: 'server', pattern: 'src/server' },
  { type: 'web-feature', pattern: 'src/web/features/*', capture: ['feature'] },
  { type: 'web-components', pattern: 'src/web/components' },
  { type: 'web', pattern: 'src/web' },
];

const boundaryFiles = [
  { category: 'service', pattern: ['**/service.ts', '**/*-service.ts'] },
  { category: 'repository', pattern: '**/*repository.ts' },
  { category: 'routes', pattern: ['**/routes.ts', '**/*-routes.ts'] },
  // Every file is a module too, so "not a service" can be asked of a file in no other category.
  { category: 'module', pattern: '**/*.{ts,tsx}' },
];

const anotherFeature = (type) => ({ element: { type, captured: { feature: '!{{from.captured.feature}}' } } });

const boundaryPolicies = [
  {
    from: { element: { type: 'domain' } },
    disallow: { to: { element: { types: { anyOf: ['contracts', 'server*', 'web*'] } } } },
    message: 'The domain imports nothing of ours: contracts import the domain, not the other way round.',
  },
  {
    from: { element: { type: 'contracts' } },
    disallow: { to: { element: { types: { anyOf: ['server*', 'web*'] } } } },
    message: 'contracts import only the domain.',
  },
  {
    from: { element: { type: 'server-feature' } },
    disallow: { to: { ...anotherFeature('server-feature'), file: { categories: { noneOf: ['service'] } } } },
    message:
      "A server feature calls another feature's service (service.ts, *-service.ts), never its repository or " +
      'helpers: what two features use belongs in src/server/shared.',
  },
  {
    from: { element: { type: 'server-feature' }, file: { categories: 'routes' } },
    disallow: { to: { file: { categories: 'repository' } } },
    message: 'A routes file calls its service; only services use repositories.',
  },
  {
    from: { element: { types: { anyOf: ['server-jobs', 'server-shared'] } } },
    disallow: { to: { file: { categories: 'repository' } } },
    message: 'Jobs and shared server code call services, never a repository.',
  },
  {
    from: { element: { type: 'server-shared' } },
    disallow: { to: { element: { type: 'server-feature' } } },
    message: 'Shared server code sits below the features: it imports none of them.',
  },
  {
    from: { element: { type: 'web-feature' } },
    disallow: { to: anotherFeature('web-feature') },
    message:
      'A web feature does not import another feature: its API calls live in src/web/api, shared pieces in ' +
      'src/web/components or src/web/lib.',
  },
  {
    from: { element: { type: 'web-components' } },
    disallow: { to: { element: { type: 'web-feature' } } },
    message: 'src/web/components is shared by the screens: it imports none of them.',
  },
];

export default tseslint.config(
  {
    ignores: [
      'dist/',
      'data/',
      'node_modules/',
      'test-results/',
      'playwright-report/',
      'src/server/db/migrations/',
      // Scratch files and screenshots of a working tree (git-ignored).
      'tmp/',
      // Forbidden imports on purpose: scripts/lint-boundaries.test.ts lints each as if it sat in src.
      'lint-fixtures/',
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
  {
    files: ['src/**/*.{ts,tsx}'],
    // Tests set up their data through any feature's repository; the zones hold for the code they test.
    ignores: ['**/*.test.{ts,tsx}'],
    plugins: { boundaries },
    settings: {
      'import/resolver': { node: { extensions: ['.ts', '.tsx'] } },
      'boundaries/elements': boundaryElements,
      'boundaries/files': boundaryFiles,
    },
    rules: {
      'boundaries/dependencies': [
        'error',
        { default: 'allow', checkInternals: true, policies: boundaryPolicies },
      ],
    },
  },
  {
    files: ['src/web/features/driver/**'],
    rules: { 'no-restricted-imports': ['error', { patterns: [noServerInWeb, ...driverPatterns] }] },
  },
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
            {
              group: ['**/server/**', '**/web/**'],
              message: 'contracts and domain never import the server or the web app.',
            },
          ],
        },
      ],
    },
  },
);
