// @ts-check
import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import reactHooks from 'eslint-plugin-react-hooks';
import jsxA11y from 'eslint-plugin-jsx-a11y';
import { importX } from 'eslint-plugin-import-x';
import { createTypeScriptImportResolver } from 'eslint-import-resolver-typescript';
import globals from 'globals';

/**
 * Dependency direction (docs/decisions.md#layout-and-dependency-direction): protocol ← server;
 * protocol ← sdk ← web.
 */
const forbid = (...groups) => ({
  'no-restricted-imports': [
    'error',
    {
      patterns: groups.map((group) => ({
        group: [group],
        message: 'against the dependency direction (docs/decisions.md#layout-and-dependency-direction)',
      })),
    },
  ],
});

const webForbidden = ['@im/server', '@im/server/*', '**/packages/server/**', 'axios'];
/** The web's texts come through its own hook (docs/decisions.md#first-screen). */
const webPaths = [
  {
    name: 'react-i18next',
    importNames: ['useTranslation'],
    message: 'use i18n/use-translation.ts (docs/decisions.md#first-screen)',
  },
];

/**
 * A page does not import another page: what two screens share lives in router/ (paths and their
 * queries), hooks/, components/ or utils/. Page folders are flat, so `../x/…` from a page is always
 * another page's folder. (The same rule object holds the web's forbidden imports: a later config's
 * options replace an earlier one's.)
 */
const pageRule = {
  'no-restricted-imports': [
    'error',
    {
      paths: webPaths,
      patterns: [
        ...forbid(...webForbidden)['no-restricted-imports'][1].patterns,
        {
          regex: '^\\.\\./(?!\\.\\./)',
          message: 'a page does not import another page (see eslint.config.js)',
        },
        { regex: '(^|/)pages/', message: 'a page does not import another page (see eslint.config.js)' },
      ],
    },
  ],
};

export default tseslint.config(
  { ignores: ['**/dist/**', '**/node_modules/**', 'data/**', 'bench/results/**', '**/*.d.ts'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.node, ...globals.browser } },
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
    },
  },
  {
    // Type-aware rules: a promise nobody awaits or catches loses its rejection, and one handed to a
    // callback that expects nothing is never awaited. Each package's tsconfig.json gives the types;
    // the root-level config files belong to no tsconfig and get the default project.
    files: ['**/*.{ts,tsx}'],
    languageOptions: {
      parserOptions: {
        projectService: {
          allowDefaultProject: ['*.ts', 'scripts/*.ts', 'packages/web/*.ts'],
        },
        tsconfigRootDir: import.meta.dirname,
      },
    },
    rules: {
      '@typescript-eslint/no-floating-promises': 'error',
      '@typescript-eslint/no-misused-promises': 'error',
    },
  },
  {
    // No runtime import cycles: a module on a cycle may be read before it is initialised, and a
    // cycle usually means two areas that should be one, or one that should depend on the other.
    // Type-only imports are erased and do not count. The resolver follows the tsconfigs, so both
    // the `.ts` specifiers of the server, sdk and protocol and the web's bare ones resolve.
    files: ['**/*.{ts,tsx}'],
    plugins: { 'import-x': importX },
    settings: {
      // The rule reads only the files its parsers cover: without these, no `.ts` file is followed.
      'import-x/extensions': ['.ts', '.tsx'],
      'import-x/parsers': { '@typescript-eslint/parser': ['.ts', '.tsx'] },
      'import-x/resolver-next': [
        createTypeScriptImportResolver({
          project: ['packages/*/tsconfig.json', 'e2e/tsconfig.json', 'bench/tsconfig.json'],
          noWarnOnMultipleProjects: true,
        }),
      ],
    },
    rules: {
      'import-x/no-cycle': ['error', { ignoreExternal: true }],
    },
  },
  {
    // Accessibility of the web's markup: labels, roles, alt texts, keyboard access. The journeys
    // find elements by role and accessible name, as assistive technology does.
    ...jsxA11y.flatConfigs.recommended,
    files: ['packages/web/src/**/*.tsx'],
  },
  {
    files: ['packages/protocol/**'],
    rules: forbid('@im/*', '**/server/**', '**/sdk/**', '**/web/**'),
  },
  {
    files: ['packages/server/**'],
    rules: forbid('@im/sdk', '@im/sdk/*', '@im/web', '@im/web/*', '**/packages/sdk/**', '**/packages/web/**'),
  },
  {
    files: ['packages/sdk/src/**'],
    rules: forbid(
      '@im/server',
      '@im/server/*',
      '@im/web',
      '@im/web/*',
      '**/packages/server/**',
      '**/packages/web/**',
      'react',
      'react-*',
    ),
  },
  {
    // The sdk's tests may start the real server (@im/server/testing) to run against it.
    files: ['packages/sdk/test/**'],
    rules: forbid('@im/web', '@im/web/*', '**/packages/web/**', 'react', 'react-*'),
  },
  {
    files: ['packages/web/src/**'],
    plugins: { 'react-hooks': reactHooks },
    rules: {
      ...reactHooks.configs.recommended.rules,
      'no-restricted-imports': [
        'error',
        { paths: webPaths, patterns: forbid(...webForbidden)['no-restricted-imports'][1].patterns },
      ],
      // The web reaches the network only through the sdk.
      'no-restricted-globals': [
        'error',
        { name: 'fetch', message: 'use the sdk (docs/decisions.md#layout-and-dependency-direction)' },
        { name: 'WebSocket', message: 'use the sdk (docs/decisions.md#layout-and-dependency-direction)' },
        {
          name: 'XMLHttpRequest',
          message: 'use the sdk (docs/decisions.md#layout-and-dependency-direction)',
        },
        { name: 'EventSource', message: 'use the sdk (docs/decisions.md#layout-and-dependency-direction)' },
      ],
      'no-restricted-properties': [
        'error',
        {
          object: 'window',
          property: 'fetch',
          message: 'use the sdk (docs/decisions.md#layout-and-dependency-direction)',
        },
        {
          object: 'globalThis',
          property: 'fetch',
          message: 'use the sdk (docs/decisions.md#layout-and-dependency-direction)',
        },
      ],
    },
  },
  { files: ['packages/web/src/pages/**'], rules: pageRule },
);
