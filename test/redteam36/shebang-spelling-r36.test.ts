// R36-9 — CRITICAL by R34-6's measure (seed 004's immune list skipped in place; uncommitted work deleted under --yes) —
// a workspace script run by its path is read as a shell script only when its #! line matches task-runner-shell.ts's
// SHEBANG regex (/bin or /usr/bin + sh|bash|dash|zsh|ksh|mksh, `env` with at most `-S`). Any other spelling of a shell
// interpreter is taken for a non-shell program and its text is not judged (pathScript returns no lines: free):
//   `#!/bin/rbash` (bash, restricted: rm is allowed), `#!/usr/bin/env -S -i sh`, `#!/usr/bin/env --split-string=sh`,
//   (and `#!/usr/local/bin/bash`, `#!/bin/yash`, `#!/usr/bin/env -- sh` … by the same rule).
// The same names at the TOP LEVEL slip too: `rbash x` and `env -S "-i sh" x` run free (SHELLS has no rbash; env -S's
// split string is not unwrapped), while `env -u X sh x` asks.
//
// Reproduction (integ 658f9783, root, bwrap; default sandbox, --yes; sub/new.txt uncommitted; each file = its #! line
// + `rm -rf sub`, mode 755):
//   $ codeward --yes exec --no-stage './e2'    (#!/bin/rbash)                   -> ran, sub/new.txt GONE
//   $ codeward --yes exec --no-stage './e3'    (#!/usr/bin/env -S -i sh)        -> ran, work GONE
//   $ codeward --yes exec --no-stage './e4'    (#!/usr/bin/env --split-string=sh) -> ran, work GONE
//   (`#!/usr/bin/env -u X sh`: the kernel hands env one word, env re-runs the script: a loop, work gone once; not a row)
//   $ codeward --yes exec --no-stage 'rbash x'  /  'env -S "-i sh" x'        -> ran, work GONE
//   control (held): './x' (#!/bin/sh) -> C241; './e5' (#!/bin/sh -) -> C241; 'env -u X sh x' -> C241.
// Expected: asks (C241) and keeps the work, as './x' does.
// ONE place for the class fix: task-runner-shell.ts (SHELLS and pathScript): read the #! line as a command line through the same
// reader as the top level (env's options unwrapped, shell/program-aliases.ts sameProgram for rbash & co), and a #!
// program it cannot tell (not a shell, not a known non-shell) is an unknown task for the immune list (fail closed),
// never "no lines".
import { chmodSync, existsSync, mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createEngine } from '../../src/setup.js';
import { removeDir, tempDir } from '../helpers/fixture.js';
import { bwrapWorks } from '../shell/stage-helpers.js';

let base: string;
let count = 0;
beforeAll(async () => {
  base = await tempDir('cw-rt36-shebang-');
});
afterAll(async () => removeDir(base));

async function verdict(bang: string, line = './x'): Promise<string> {
  const root = join(base, `w${++count}`), home = join(base, `h${count}`);
  mkdirSync(join(root, 'sub'), { recursive: true });
  mkdirSync(home);
  writeFileSync(join(root, 'sub/new.txt'), 'WORK\n');
  writeFileSync(join(root, 'x'), `${bang}\nrm -rf sub\n`);
  chmodSync(join(root, 'x'), 0o755);
  const engine = await createEngine({ workspace: root, env: { HOME: home, PATH: process.env['PATH'] ?? '', CODEWARD_STATE_DIR: join(base, `state${count}`) }, sandbox: { mode: 'workspace-write' }, permissions: { home, yes: true } });
  try {
    const result = await engine.run({ cmd: 'exec', args: { cmd: line, stage: false } });
    const kept = existsSync(join(root, 'sub/new.txt'));
    return result.ok ? (kept ? 'ran' : 'ran, work gone') : `${result.error.code}${kept ? '' : ', work gone'}`;
  } finally {
    await engine.close();
  }
}

describe.skipIf(!bwrapWorks)('R36-9: a shell #! line spelled another way is read', { timeout: 120_000 }, () => {
  it.each(['#!/bin/rbash', '#!/usr/bin/env -S -i sh', '#!/usr/bin/env --split-string=sh'])('`%s` script run by its path asks (C241)', async (bang) => {
    expect(await verdict(bang)).toBe('C241');
  });
  // Top-level env -S (fix39): env's split string is read as env's own words (shell/parse-wrappers.ts envSplit), the
  // same reader the #! line goes through, so a shell it starts reads the file.
  it.each(['rbash x', 'env -S "-i sh" x', "env -S 'sh -e' x", "env --split-string='-i sh' x", 'env -iS"sh -e" x', 'env -S "-i sh x"', 'env -S "-S sh" x'])('top level: `%s` asks (C241)', async (line) => {
    expect(await verdict('#!/bin/sh', line)).toBe('C241');
  });
  it.each(['#!/bin/sh', '#!/usr/bin/env bash'])('control: `%s` asks', async (bang) => {
    expect(await verdict(bang)).toBe('C241');
  });
});
