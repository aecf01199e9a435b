// left25 (npm23 LEFT): a runner line that names the package its script comes from (`npm --prefix sub run g`,
// `npm run g -w pkg`, `yarn workspace a x`, `pnpm --filter a x`, `pnpm -C sub x`) has THAT package's script judged
// against the rules: `"g": "git push"` there was allowed under `deny git push*`, `allow *`. A place only known at run
// time asks; the same lines with an ordinary script stay allowed.
import { mkdir, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { describe } from 'vitest';
import { decideRows, execDecider } from './helpers.js';

const PKG = (name: string): string => JSON.stringify({ name, scripts: { g: 'git push', x: 'git push origin', lint: 'eslint .', pretest: 'echo t', test: 'vitest run' } });

const decide = execDecider(async (box) => {
  await writeFile(join(box.root, 'package.json'), JSON.stringify({ name: 'top', workspaces: ['pkgs/*'], scripts: { g: 'echo top', x: 'echo top', lint: 'eslint .' } }));
  for (const [folder, name] of [['sub', 'sub'], ['pkgs/a', 'a'], ['pkgs/b', 'b']] as const) {
    await mkdir(join(box.root, folder), { recursive: true });
    await writeFile(join(box.root, folder, 'package.json'), name === 'b' ? JSON.stringify({ name, scripts: { lint: 'eslint .' } }) : PKG(name));
  }
});

describe("the named package's script meets the rules", () => {
  decideRows(decide, 'deny', '%s: denied', [
    'npm --prefix sub run g',
    'npm run g --prefix=sub',
    'npm -C sub run x -- y',
    'npm run g -w pkgs/a',
    'npm run g -w a',
    'npm run g --workspace=a',
    'npm run g --workspaces',
    'yarn workspace a x',
    'yarn workspace a run g',
    'yarn --cwd sub g',
    'pnpm --filter a x',
    'pnpm --filter=a run g',
    'pnpm -C sub x',
    'pnpm --dir sub run g',
    'pnpm -r x',
    'bun --cwd sub run g',
  ]);

  decideRows(decide, 'ask', '%s: a place codeward cannot read asks', ['npm --prefix "$D" run g', 'yarn workspace "$W" x', 'npm --prefix ../other run g']);

  decideRows(decide, 'allow', 'control: %s stays allowed', ['npm --prefix sub run lint', 'npm run lint -w a', 'yarn workspace b lint', 'pnpm --filter b lint', 'pnpm -C sub lint', 'npm run g', 'npm run lint --workspaces']);
});
