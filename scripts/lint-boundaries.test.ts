// The import boundaries of eslint.config.js are rules that fail: each case is a file placed where it would break one.
import path from 'node:path';
import { ESLint } from 'eslint';
import { describe, expect, it } from 'vitest';

const root = path.resolve(import.meta.dirname, '..');
// The cases are files that do not exist, so without types: the type-aware rules' project service cannot find them,
// and only the import rules are asked about here.
const eslint = new ESLint({
  cwd: root,
  overrideConfig: {
    languageOptions: { parserOptions: { projectService: false, project: null } },
    rules: { '@typescript-eslint/no-floating-promises': 'off', '@typescript-eslint/no-misused-promises': 'off' },
  },
});

async function boundaryErrors(file: string, code: string): Promise<string[]> {
  const [result] = await eslint.lintText(code, { filePath: path.join(root, file) });
  return result!.messages.filter((m) => m.ruleId === 'import-x/no-restricted-paths').map((m) => m.message);
}

describe('import boundaries', () => {
  it.each([
    [
      'a web feature importing another feature',
      'apps/web/src/features/auth/x.ts',
      "import { DashboardPage } from '../dashboard/DashboardPage';\nexport const x = DashboardPage;\n",
    ],
    [
      'shared web code importing a feature',
      'apps/web/src/lib/x.ts',
      "import { DashboardPage } from '../features/dashboard/DashboardPage';\nexport const x = DashboardPage;\n",
    ],
    [
      'a server module importing one it may not',
      'apps/server/src/modules/logs/x.ts',
      "import { listStations } from '../stations/service.js';\nexport const x = listStations;\n",
    ],
    [
      'a route file importing another module',
      'apps/server/src/modules/revise/routes.ts',
      "import { gridCatalog } from '../grids/service.js';\nexport const x = gridCatalog;\n",
    ],
    [
      'the grid package importing the server',
      'packages/grid/src/x.ts',
      "import { buildApp } from '../../../apps/server/src/app.js';\nexport const x = buildApp;\n",
    ],
    ['core importing a module', 'apps/server/src/core/x.ts', "import { seed } from '../modules/seed/seed.js';\nexport const x = seed;\n"],
  ])(
    '%s is an error',
    async (_what, file, code) => {
      expect(await boundaryErrors(file, code)).toHaveLength(1);
    },
    60_000,
  );

  it('an allowed dependency passes', async () => {
    expect(
      await boundaryErrors(
        'apps/server/src/modules/revise/x.ts',
        "import { gridCatalog } from '../grids/service.js';\nexport const x = gridCatalog;\n",
      ),
    ).toEqual([]);
    expect(
      await boundaryErrors(
        'apps/web/src/features/auth/x.ts',
        "import { useUserStore } from '../../stores/user';\nexport const x = useUserStore;\n",
      ),
    ).toEqual([]);
  }, 60_000);
});
