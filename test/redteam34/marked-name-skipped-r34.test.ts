// Red team round 34, R34-3 (CRITICAL: a protected file obeyed, invariant 2; fixed by the lead in
// src/sandbox/obeyed-scan.ts): the write gate after an IN-PLACE sandboxed run (`--no-stage`, or a staged run with
// sandboxWritable folders: sandbox/obeyed-scan.ts) walks the workspace before and after the run and moves aside what
// the catalogue protects, but it skips EVERY name that contains `.planted-by-sandbox-` (MARK, meant for the files it
// moved aside itself), wherever the mark stands in the name. The sandboxed process chooses names: Python runs every
// `*.pth` of a site-packages folder at each interpreter start, whatever the rest of the name, so
// `.venv/lib/python3.11/site-packages/zz.planted-by-sandbox-1.pth` holding `import os; …` stays, and the venv's next
// python, outside any sandbox (the editor, the user's shell, a --sandbox off run), runs it. Checked: written by a
// sandboxed `sh s.sh` with --no-stage under --yes, left in place, and `.venv/bin/python -c 1` ran its code; `zz.pth`
// beside it was moved aside. A staged run sets it aside (the stage plan judges each path by the catalogue).
// Held-back variants a fix must also cover: any catalogue pattern with a wildcard whose reader takes any name
// (`*.pth`; a `.code-workspace` VS Code offers to open), a folder named with the mark holding obeyed files
// (`x.planted-by-sandbox-y/.vscode/tasks.json`, `pkg.planted-by-sandbox-1/AGENTS.md` for an agent started there).
// Also checked: a folder of git's shape named `g.planted-by-sandbox-1` (`git init --bare`, then `core.worktree` and
// `core.fsmonitor` in its config) stays (the git-shape check never sees it; a `.git` file naming it was moved aside):
// a `git status` run inside it runs the fsmonitor (MAJOR: the person must enter that folder).
// Expected: the file is moved aside, as `zz.pth` is.
// Fix: ONE place, obeyed-scan.ts's walk (MARK): skip only the exact shape of codeward's own aside names at the END of
// a name (`NAME.planted-by-sandbox-<ISO time>-<8 hex>`, planted.ts moveAside), judge every other name; a tool reads
// an exact name or a suffix (`.pth`), never a name ending in that stamp.
import { execFileSync } from 'node:child_process';
import { existsSync, readdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createEngine } from '../../src/setup.js';
import { removeDir, tempDir } from '../helpers/fixture.js';
import { bwrapWorks } from '../shell/stage-helpers.js';
import { shDriver } from '../helpers/sh-driver.js';

let base: string;
let root: string;
let home: string;
let site: string;
beforeAll(async () => {
  base = await tempDir('cw-rt34-mark-');
  root = join(base, 'w');
  home = join(base, 'h');
  execFileSync('mkdir', ['-p', root, home]);
  // A venv with copies (a symlinked python makes bwrap refuse every in-place run here: see the rt34 report).
  execFileSync('python3', ['-m', 'venv', '--copies', '--without-pip', join(root, '.venv')]);
  const lib = readdirSync(join(root, '.venv/lib')).find((name) => name.startsWith('python'))!;
  site = `.venv/lib/${lib}/site-packages`;
  writeFileSync(join(root, 's.txt'), ['marked', 'plain'].map((name) => `echo "import os; open(os.path.join(os.environ['OUT'], '${name}'), 'w')" > ${site}/${name === 'marked' ? 'zz.planted-by-sandbox-1' : 'zz'}.pth`).join('\n'));
  // A program the pre-run parse does not read (R34-6 reads a shell script run in place): the after-run walk is the guard.
  writeFileSync(join(root, 's.py'), shDriver('s.txt'));
});
afterAll(async () => removeDir(base));

async function runInPlace(cmd: string) {
  const engine = await createEngine({ workspace: root, env: { HOME: home, PATH: process.env['PATH'] ?? '', CODEWARD_STATE_DIR: join(base, 'state') }, sandbox: { mode: 'workspace-write' }, permissions: { home, yes: true } });
  try {
    return await engine.run({ cmd: 'exec', args: { cmd, stage: false } });
  } finally {
    await engine.close();
  }
}

describe.skipIf(!bwrapWorks)('R34-3 CRITICAL: an in-place sandboxed run plants a .pth whose name holds the aside mark', { timeout: 120_000 }, () => {
  it('the marked .pth is moved aside like the plain one, and the venv python runs neither', async () => {
    const result = await runInPlace('python3 s.py');
    expect(result.ok, JSON.stringify(result)).toBe(true);
    expect(existsSync(join(root, site, 'zz.pth'))).toBe(false);
    expect(existsSync(join(root, site, 'zz.planted-by-sandbox-1.pth'))).toBe(false);
    execFileSync(join(root, '.venv/bin/python'), ['-c', '1'], { env: { ...process.env, OUT: base } });
    expect([existsSync(join(base, 'marked')), existsSync(join(base, 'plain'))]).toEqual([false, false]);
  });
});
