// Lint rules of the repository, run by `npm test` (npm run lint). The import boundaries below are the architecture
// written as rules (docs/architecture.md explains them): a violation fails the build.
import fs from 'node:fs';
import path from 'node:path';
import js from '@eslint/js';
import prettier from 'eslint-config-prettier';
import { createTypeScriptImportResolver } from 'eslint-import-resolver-typescript';
import importX from 'eslint-plugin-import-x';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import tseslint from 'typescript-eslint';

const root = import.meta.dirname;
const folders = (dir) =>
  fs
    .readdirSync(path.join(root, dir), { withFileTypes: true })
    .filter((d) => d.isDirectory())
    .map((d) => d.name);

const webFeatures = folders('apps/web/src/features');
const serverModules = folders('apps/server/src/modules');

/**
 * Server modules a module may build on. `grids` is the grid layer (store, catalogue, file codec) that every grid
 * feature reads and writes through; revision checks allocations; user administration reuses the sign-in repository;
 * stations name their province, city and district in the reader's language by the region code table.
 * Anything else is a new dependency between features and must be argued here first.
 */
export const SERVER_MODULE_DEPENDENCIES = {
  allocation: ['grids'],
  downloads: ['grids', 'revise', 'zoning'],
  gis: ['grids'],
  products: ['downloads', 'files', 'gis', 'grids', 'regions'],
  revise: ['grids', 'allocation'],
  users: ['auth'],
  wms: ['grids', 'zoning', 'risk'],
  zoning: ['grids', 'gis', 'stations', 'regions'],
  disaster: ['regions', 'stations'],
  stations: ['regions'],
  regions: ['gis'],
  travel: ['regions', 'grids'],
  weixin: ['grids'],
  articles: ['products', 'grids'],
  risk: ['grids', 'zoning', 'products', 'downloads', 'crop-calendar'],
  'crop-calendar': ['zoning'],
};

const boundaryZones = [
  // Web features never import each other; shared code flows one way: lib, components, stores → features → app.
  ...webFeatures.map((feature) => ({
    target: `./apps/web/src/features/${feature}`,
    from: './apps/web/src/features',
    except: [`./${feature}`],
    message: 'web features never import each other: move the shared part to components/, lib/ or stores/',
  })),
  ...['components', 'lib', 'stores', 'utils'].map((shared) => ({
    target: `./apps/web/src/${shared}`,
    from: ['./apps/web/src/features', './apps/web/src/app', './apps/web/src/layout'],
    message: 'shared web code must not depend on features, layout or the app',
  })),
  // Server modules import each other only along SERVER_MODULE_DEPENDENCIES.
  ...serverModules.map((module) => ({
    target: `./apps/server/src/modules/${module}`,
    from: './apps/server/src/modules',
    except: [`./${module}`, ...(SERVER_MODULE_DEPENDENCIES[module] ?? []).map((dep) => `./${dep}`)],
    message: 'server modules import each other only along SERVER_MODULE_DEPENDENCIES in eslint.config.js',
  })),
  // Route files bind contract entries to their own module's service: no other module's database layer.
  ...serverModules.map((module) => ({
    target: `./apps/server/src/modules/${module}/routes.ts`,
    from: './apps/server/src/modules',
    except: [`./${module}`],
    message: "a route file calls its own module's service, never another module's database layer",
  })),
  { target: './apps/server/src/core', from: './apps/server/src/modules', message: 'core must not depend on modules' },
  // The packages are pure: nothing of the apps.
  { target: './packages', from: './apps', message: 'packages import nothing of the apps' },
  { target: './packages/grid', from: './packages/contracts', message: '@agromet/grid is pure grid maths and knows no API' },
];

export default tseslint.config(
  {
    ignores: ['**/node_modules/**', '**/dist/**', '.test-output/**', '**/*.d.ts', 'data/**', '.bench-data/**'],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.node } },
    plugins: { 'import-x': importX },
    settings: {
      'import-x/resolver-next': [
        createTypeScriptImportResolver({
          noWarnOnMultipleProjects: true,
          project: ['apps/*/tsconfig.json', 'packages/*/tsconfig.json', 'e2e/tsconfig.json', 'bench/tsconfig.json'],
        }),
      ],
    },
    rules: {
      'import-x/no-restricted-paths': ['error', { zones: boundaryZones }],
      // Circles of any length (type-only ones, which this rule skips, are checked by apps/server/src/import-cycles.test.ts).
      'import-x/no-cycle': ['error', { ignoreExternal: true }],
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_', caughtErrors: 'none' }],
      '@typescript-eslint/consistent-type-imports': ['error', { fixStyle: 'inline-type-imports', disallowTypeAnnotations: false }],
      'no-empty': ['error', { allowEmptyCatch: false }],
    },
  },
  {
    // Type-aware rules: a promise is awaited, returned or explicitly voided, and never passed where a plain callback is
    // expected (an unhandled rejection would otherwise vanish, or crash the process).
    files: ['{apps,packages,e2e,bench}/**/*.{ts,tsx}'],
    languageOptions: { parserOptions: { projectService: true, tsconfigRootDir: root } },
    rules: {
      '@typescript-eslint/no-floating-promises': 'error',
      '@typescript-eslint/no-misused-promises': ['error', { checksVoidReturn: { attributes: false } }],
    },
  },
  {
    // The grid package's Node-only files are typed by its second tsconfig, which the project service does not look for.
    files: ['packages/grid/scripts/**/*.ts', 'packages/grid/src/**/*.node.test.ts'],
    languageOptions: { parserOptions: { projectService: false, project: ['packages/grid/tsconfig.node.json'], tsconfigRootDir: root } },
  },
  {
    // Tests read JSON answers whose shape the assertions themselves check.
    files: ['**/*.test.{ts,tsx}', 'apps/server/test/**', 'e2e/**'],
    rules: { '@typescript-eslint/no-explicit-any': 'off' },
  },
  {
    // Migrations run against the schema of their own time, not today's Database type (Kysely's advice: Kysely<any>).
    files: ['apps/server/src/core/db/migrations.ts', 'apps/server/src/core/db/*-migration.ts', 'apps/server/src/modules/*/migrations.ts'],
    rules: { '@typescript-eslint/no-explicit-any': 'off' },
  },
  {
    files: ['apps/web/**/*.{ts,tsx}'],
    languageOptions: { globals: { ...globals.browser } },
    plugins: { 'react-hooks': reactHooks },
    // The classic hook rules; the React Compiler's own rules (set-state-in-effect, refs …) wait until we adopt it.
    rules: { 'react-hooks/rules-of-hooks': 'error', 'react-hooks/exhaustive-deps': 'error' },
  },
  {
    // Files and functions a newcomer reads in one sitting (issue 32): product code only. Tests, and the locale tables
    // (one line per message, three languages), grow with what they cover and are left out.
    files: ['apps/*/src/**/*.{ts,tsx}', 'packages/*/src/**/*.{ts,tsx}'],
    ignores: ['**/*.test.{ts,tsx}', '**/i18n/**', '**/locales/**'],
    rules: {
      'max-lines': ['error', { max: 500, skipBlankLines: true, skipComments: true }],
      'max-lines-per-function': ['error', { max: 120, skipBlankLines: true, skipComments: true }],
    },
  },
  {
    // Messages and dialogs come from the feedback host, which loads after the first page (docs/console.md#weight).
    files: ['apps/web/src/**/*.{ts,tsx}'],
    ignores: ['apps/web/src/app/FeedbackHost.tsx'],
    rules: {
      'no-restricted-syntax': [
        'error',
        {
          selector: "MemberExpression[object.name='App'][property.name='useApp']",
          message: "Use useFeedback() from lib/feedback: antd's App is not mounted around the pages.",
        },
      ],
    },
  },
  prettier,
);
