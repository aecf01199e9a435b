import { readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createEngine, type Engine } from '../../src/index.js';
import type { PreparedCall } from '../../src/engine/engine.js';
import { removeDir, runCli, tempDir, writeFiles } from '../helpers/fixture.js';

// rename-symbol writes files it finds as it runs (every file that imports the symbol). They pass the same
// per-file locks and staleness rules as multipatch's declared files (ctx.claim), so the rename never
// overwrites a change it did not plan on. Attacked from outside: a file changed after the session read
// it, a file changed between the plan and the write, a path claimed through a symlink out of the workspace.
const FILES: Record<string, string> = {
  'src/a.ts': 'export function total(xs: number[]): number {\n  return xs.length;\n}\n',
  'src/b.ts': "import { total } from './a.js';\nexport const n = total([1]);\n",
};

let root: string;
let engine: Engine | undefined;
beforeEach(async () => {
  root = await tempDir('codeward-rename-safety-');
  await writeFiles(root, FILES);
});
afterEach(async () => {
  await engine?.close();
  engine = undefined;
  await removeDir(root);
});

const text = (path: string): Promise<string> => readFile(join(root, path), 'utf8');
const cli = (args: readonly string[]) => runCli(['--json', '-C', root, '--session', 'rename-safety', ...args]);
const rename = ['rename-symbol', '--file', 'src/a.ts', '--symbol', 'total', '--to', 'sum'];

describe('rename-symbol under the locks and staleness rules of multipatch', () => {
  it('a file changed after the session read it is refused with C230 naming it; nothing is written; the repeat proceeds', async () => {
    expect(cli(['read', '--file', 'src/b.ts']).json.ok).toBe(true);
    const edited = "import { total } from './a.js';\nexport const n = total([1, 2]); // edited outside\n";
    await writeFile(join(root, 'src/b.ts'), edited);
    const refused = cli(rename);
    expect(refused.json, refused.stdout).toMatchObject({ ok: false, error: { code: 'C230', message: expect.stringContaining('src/b.ts') } });
    expect(await text('src/b.ts')).toBe(edited);
    expect(await text('src/a.ts')).toBe(FILES['src/a.ts']);
    // The same call again goes ahead over the change it was told about (CONTRACT "Staleness"), keeping it.
    const repeated = cli(rename);
    expect(repeated.json, repeated.stdout).toMatchObject({ ok: true });
    expect(await text('src/b.ts')).toBe("import { sum } from './a.js';\nexport const n = sum([1, 2]); // edited outside\n");
  });

  it('the files it wrote are stamped: the next edit of one the session had read is not called stale', async () => {
    expect(cli(['read', '--file', 'src/b.ts']).json.ok).toBe(true);
    expect(cli(rename).json).toMatchObject({ ok: true, data: { files: ['src/a.ts', 'src/b.ts'] } });
    const patched = cli(['patch', '--file', 'src/b.ts', '--search', 'sum([1])', '--replace', 'sum([2])']);
    expect(patched.json, patched.stdout).toMatchObject({ ok: true });
  });

  it('a file changed between the plan and the write is refused with C230 naming it; nothing is written', async () => {
    const changed = "import { total } from './a.js';\nexport const n = total([1, 2, 3]);\n";
    let raced = false;
    // The writer that slips in after the plan read src/b.ts: it changes the file when the rename claims it.
    const checkStale = async (call: PreparedCall): Promise<string[]> => {
      if (!raced && call.touches.some(({ resolved }) => resolved?.rel === 'src/b.ts')) {
        raced = true;
        await writeFile(join(root, 'src/b.ts'), changed);
      }
      return [];
    };
    engine = await createEngine({ workspace: root, hooks: { checkStale } });
    const result = await engine.run({ cmd: 'rename-symbol', args: { file: 'src/a.ts', symbol: 'total', to: 'sum' } });
    expect(result).toMatchObject({ ok: false, error: { code: 'C230', message: expect.stringContaining('src/b.ts changed while the rename was planned') } });
    expect(await text('src/b.ts')).toBe(changed);
    expect(await text('src/a.ts')).toBe(FILES['src/a.ts']);
  });
});
