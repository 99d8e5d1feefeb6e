import { execFile } from 'node:child_process';
import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { promisify } from 'node:util';
import { describe, expect, it } from 'vitest';

const run = promisify(execFile);
const root = resolve(import.meta.dirname, '../..');

/** Runs the lint's import check, with the project's own config, on a small tree of files. */
async function checkImports(files: Record<string, string>) {
  const dir = mkdtempSync(join(tmpdir(), 'prizedraw-imports-'));
  for (const [file, text] of Object.entries(files)) {
    mkdirSync(dirname(join(dir, file)), { recursive: true });
    writeFileSync(join(dir, file), text);
  }
  const bin = join(root, 'node_modules/.bin/depcruise');
  const args = ['--config', join(root, '.dependency-cruiser.cjs'), ...Object.keys(files)];
  try {
    await run(bin, args, { cwd: dir });
    return { failed: false, output: '' };
  } catch (err) {
    return { failed: true, output: String((err as { stdout?: string }).stdout) };
  }
}

// Each check starts dependency-cruiser afresh, several seconds each on a busy machine; a case runs up to five.
describe('the import rules in npm run lint', { timeout: 120_000 }, () => {
  it('pass a feature that uses only its own files and shared code', async () => {
    const result = await checkImports({
      'src/web/features/prizes/components/card.tsx':
        "import { pounds } from '../../../lib/format';\nimport { get } from '../api/get';\nexport const c = () => <p>{pounds(get())}</p>;\n",
      'src/web/features/prizes/api/get.ts': 'export const get = (): number => 1;\n',
      'src/web/lib/format.ts': "export const pounds = (n: number) => '£' + n;\n",
    });
    expect(result).toEqual({ failed: false, output: '' });
  });

  it('fail when one web feature imports another', async () => {
    const result = await checkImports({
      'src/web/features/prizes/components/card.tsx':
        "import { useTasks } from '../../tasks/api/get-tasks';\nexport const c = () => <p>{useTasks()}</p>;\n",
      'src/web/features/tasks/api/get-tasks.ts': 'export const useTasks = () => 1;\n',
    });
    expect(result.failed).toBe(true);
    expect(result.output).toContain('web-features-are-independent');
  });

  it('fail when a web feature imports only the types of another', async () => {
    const result = await checkImports({
      'src/web/features/prizes/components/card.tsx':
        "import type { Task } from '../../tasks/types';\nexport const c = (t: Task) => <p>{t.title}</p>;\n",
      'src/web/features/tasks/types.ts': 'export interface Task { title: string }\n',
    });
    expect(result.failed).toBe(true);
    expect(result.output).toContain('web-features-are-independent');
  });

  it('fail on an import cycle, and on shared code reaching into a feature', async () => {
    const cycle = await checkImports({
      'src/server/lib/a.ts': "import { b } from './b';\nexport const a = () => b;\n",
      'src/server/lib/b.ts': "import { a } from './a';\nexport const b = () => a;\n",
    });
    expect(cycle.failed).toBe(true);
    expect(cycle.output).toContain('no-import-cycles');

    const upward = await checkImports({
      'src/web/lib/helper.ts': "import { x } from '../features/prizes/x';\nexport const h = x;\n",
      'src/web/features/prizes/x.ts': 'export const x = 1;\n',
    });
    expect(upward.failed).toBe(true);
    expect(upward.output).toContain('web-shared-code-stays-shared');
  });

  it('fail when the server’s data layer or lib imports a feature, and pass start-up code that does', async () => {
    const feature = { 'src/server/features/prizes/service.ts': 'export const createPrize = () => 1;\n' };
    const seeding = await checkImports({
      ...feature,
      'src/server/start-up/seed.ts':
        "import { createPrize } from '../features/prizes/service';\nexport const seed = createPrize;\n",
    });
    expect(seeding).toEqual({ failed: false, output: '' });
    for (const file of ['src/server/db/seed.ts', 'src/server/lib/seed.ts']) {
      const downward = await checkImports({
        ...feature,
        [file]:
          "import { createPrize } from '../features/prizes/service';\nexport const seed = createPrize;\n",
      });
      expect(downward.failed, file).toBe(true);
      expect(downward.output, file).toContain('server-data-and-lib-stay-below-the-features');
    }
  });

  it('keep server features on their floors: down passes, sideways, up and an undeclared feature fail', async () => {
    const use = (from: string, to: string) => ({
      [`src/server/features/${from}/service.ts`]: `import { x } from '../${to}/x';\nexport const y = x;\n`,
      [`src/server/features/${to}/x.ts`]: 'export const x = 1;\n',
    });
    expect(await checkImports(use('cash', 'notifications'))).toEqual({ failed: false, output: '' });
    const sideways = await checkImports(use('cash', 'prizes'));
    expect(sideways.failed).toBe(true);
    expect(sideways.output).toContain('server-feature-cash-imports-only-below-floor');
    const up = await checkImports(use('earning', 'cash'));
    expect(up.failed).toBe(true);
    expect(up.output).toContain('server-feature-earning-imports-only-below-floor');
    const undeclared = await checkImports(use('lottery', 'notifications'));
    expect(undeclared.failed).toBe(true);
    expect(undeclared.output).toContain('every-server-feature-has-a-floor');
  });

  it('let only features/earning, and tests, import the ledger', async () => {
    const ledger = { 'src/server/lib/ledger.ts': 'export const credit = () => 1;\n' };
    const from = (file: string) =>
      checkImports({
        ...ledger,
        [file]: "import { credit } from '../../lib/ledger';\nexport const c = credit;\n",
      });
    expect(await from('src/server/features/earning/moves.ts')).toEqual({ failed: false, output: '' });
    expect(await from('src/server/features/cash/cash.test.ts')).toEqual({ failed: false, output: '' });
    const around = await from('src/server/features/cash/service.ts');
    expect(around.failed).toBe(true);
    expect(around.output).toContain('money-has-one-door');
  });
});
