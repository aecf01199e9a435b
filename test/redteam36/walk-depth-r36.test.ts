// R36-10 — MINOR (fail open at a limit; the person must later start an agent, editor or tool in that deep folder) — the
// after-run walk of an in-place run (src/sandbox/obeyed-scan.ts walk: `depth < 64`) silently stops descending at 64
// folders: a protected file the run plants deeper (d/d/…/d/AGENTS.md at depth 70, or .codeward/, .envrc, .vscode/ …)
// is never judged and stays, with no warning; at depth 62 it is moved aside. The sibling limit for unlistable folders
// fails closed (R34-5: moved aside whole); this one fails open.
// Reproduction (integ 658f9783, root, bwrap; default sandbox, --yes):
//   w.py: makedirs('d/'*70); write d/…/d/AGENTS.md       $ codeward --yes exec --no-stage 'python3 w.py'
//   -> ok, warnings [], d/…/d/AGENTS.md stays; `codeward -C d/…/d agent` takes it as instructions.
// Expected: a folder at the walk's depth limit that the run made or changed is moved aside whole (fail closed), or the
// walk has no depth limit for what the run made.
// ONE place for the class fix: obeyed-scan.ts walk(): at `depth >= 64` treat the folder like an unlistable one
// (this.unreadable.add(rel)), so finish() moves it aside when the run made or changed it.
import { existsSync, mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createEngine } from '../../src/setup.js';
import { removeDir, tempDir } from '../helpers/fixture.js';
import { bwrapWorks } from '../shell/stage-helpers.js';

let base: string;
let count = 0;
beforeAll(async () => {
  base = await tempDir('cw-rt36-depth-');
});
afterAll(async () => removeDir(base));

async function planted(depth: number): Promise<boolean> {
  const root = join(base, `w${++count}`), home = join(base, `h${count}`);
  mkdirSync(root, { recursive: true });
  mkdirSync(home);
  const rel = `${Array(depth).fill('d').join('/')}/AGENTS.md`;
  writeFileSync(join(root, 'w.py'), `import os\nos.makedirs(os.path.dirname(${JSON.stringify(rel)}))\nopen(${JSON.stringify(rel)}, 'w').write('EVIL')\n`);
  const engine = await createEngine({ workspace: root, env: { HOME: home, PATH: process.env['PATH'] ?? '', CODEWARD_STATE_DIR: join(base, `state${count}`) }, sandbox: { mode: 'workspace-write' }, permissions: { home, yes: true } });
  try {
    const result = await engine.run({ cmd: 'exec', args: { cmd: 'python3 w.py', stage: false } });
    expect(result.ok).toBe(true);
    return existsSync(join(root, rel));
  } finally {
    await engine.close();
  }
}

describe.skipIf(!bwrapWorks)('R36-10 MINOR: the after-run walk fails closed below 64 folders', { timeout: 120_000 }, () => {
  it('an AGENTS.md planted 70 folders deep is moved aside', async () => {
    expect(await planted(70)).toBe(false);
  });
  it('control: 62 folders deep, it is', async () => {
    expect(await planted(62)).toBe(false);
  });
});
