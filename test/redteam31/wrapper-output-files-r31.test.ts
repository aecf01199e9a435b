// Red team round 31, R31-5 (CRITICAL: a file outside the workspace written, and a file a program later obeys planted,
// unasked, with `--sandbox off --yes`): wrappers whose OWN options name a file they write. The parse strips a
// wrapper (shell/parse-wrappers.ts WRAPPERS/SU_LIKE: `argShort`, `argLong` say only that an option takes a value)
// and judges the inner command; the value of `strace -o FILE`, `time -o FILE` (/usr/bin/time, `command time`, `env
// time`), `ltrace -o`, `script FILE` / `script -O|--log-out|-I|--log-in|-B|--log-io|-T|--log-timing FILE`,
// `xvfb-run -e|--error-file`, `fakeroot -s` is never judged as a path written. Checked by hand: `script -q ~/x -c
// 'echo TEXT'` writes the inner command's output (the model's text) into ~/x (a start-up file by its
// name, ~/.bashrc, asks: the immune path class reads every word); `strace -o ~/x true`, `/usr/bin/time -o ~/x true`
// created ~/x; `script -q .vscode/tasks.json -c …` and `strace -o .vscode/tasks.json true` wrote a file the editor obeys (the same path as a
// redirection target, `… > .vscode/tasks.json`, asks as immune).
// Held-back variants a fix must also cover: glued (`-o~/x`, `-fo ~/x`, `--output=~/x`), through `sh -c`, `timeout 5
// strace -o …`, `nice strace -o …`, valgrind's `--log-file=`/`--xml-file=`, `perf record -o`, `prlimit --output`.
// Fix: src/shell/parse-wrappers.ts (a wrapper option that names a file written, recorded on the SimpleCommand as a
// write, e.g. a redirection, so every judge that reads writes sees it: unconfined.ts, immune paths, danger).
import { existsSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { execFileSync } from 'node:child_process';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createEngine } from '../../src/setup.js';
import { removeDir, tempDir, writeFiles } from '../helpers/fixture.js';
import { NO_JAIL } from '../helpers/unconfined-runs.js';

const has = (program: string): boolean => {
  try {
    execFileSync('sh', ['-c', `command -v ${program}`], { stdio: 'ignore' });
    return true;
  } catch {
    return false;
  }
};

let base: string;
let root: string;
let count = 0;
beforeAll(async () => {
  base = await tempDir('rt31-wrapper-out-');
  root = join(base, 'project');
  await writeFiles(root, { 'a.txt': 'a\n', '.vscode/.keep': '' });
  execFileSync('git', ['init', '-q', root]);
});
afterAll(async () => {
  await removeDir(base);
});

// The line run with --sandbox off --yes and a fresh home (named `~`: outside for the judge); its code and what it
// left in the home and at .vscode/tasks.json.
async function run(line: string): Promise<{ code: string; home: string[]; tasks: boolean }> {
  const home = join(base, `h${++count}`);
  await writeFiles(home, { '.keep': '' });
  const engine = await createEngine({ workspace: root, env: { HOME: home, PATH: process.env['PATH'] ?? '', ...NO_JAIL }, sandbox: { mode: 'off' as const }, permissions: { home, yes: true } });
  try {
    const result = await engine.run({ cmd: 'exec', args: { cmd: line } });
    const tasks = join(root, '.vscode/tasks.json');
    const planted = existsSync(tasks);
    if (planted) execFileSync('rm', [tasks]);
    return { code: result.ok ? 'ran' : result.error.code, home: readdirSync(home).filter((name) => name !== '.keep' && name !== '.cache'), tasks: planted };
  } finally {
    await engine.close();
  }
}

const rows = [
  ...(has('script') ? ["script -q ~/x -c 'echo hi'", 'script -qc true -O ~/x', 'script --log-out ~/x -c true', "script -q .vscode/tasks.json -c 'echo {}'"] : []),
  ...(has('strace') ? ['strace -o ~/x true', 'strace -fo ~/x true', "sh -c 'strace -o ~/x true'", 'timeout 5 strace -o ~/x true', 'strace -o .vscode/tasks.json true'] : []),
  ...(has('valgrind') ? ['valgrind -q --log-file=$HOME/x true'] : []),
  ...(existsSync('/usr/bin/time') ? ['/usr/bin/time -o ~/x true', 'command time -o ~/x true', 'env time -ao ~/x true'] : []),
];

describe('R31-5 CRITICAL: a wrapper\'s output option names a file outside the workspace (or one a program obeys)', () => {
  it.skipIf(rows.length === 0).each(rows)('`%s` asks (C241) and writes nothing', async (line) => {
    expect(await run(line)).toEqual({ code: 'C241', home: [], tasks: false });
  }, 60_000);
});

describe('control', () => {
  it.each(['timeout 5 true', 'nice git status'])('`%s` runs', async (line) => {
    expect(await run(line)).toEqual({ code: 'ran', home: [], tasks: false });
  }, 60_000);
  it.skipIf(!has('strace'))('a trace file inside the workspace runs', async () => {
    expect(await run('strace -o trace.txt true')).toEqual({ code: 'ran', home: [], tasks: false });
  }, 60_000);
});
