// Parked: imports are written for the file moved to test/redteam39/<name>.test.ts (as round 38 moved its own).
// R39-b5 — MAJOR (seed 004's immune list of an unstaged run; R38-b9's class "native code loaded INTO a program is a
// program codeward cannot read", task-runner-library.ts) — R38-b9 covers the dynamic loader's variables, `enable -f`
// and ld.so; other loaders of a workspace shared object are not read, and the object's constructor runs (rm -rf) under
// --yes, in place:
//   - GCONV_PATH=. iconv …  (glibc's gconv loads the modules gconv-modules names from that folder; listed in the brief)
//   - openssl: `-engine ./x.so`, `engine dynamic -pre SO_PATH:./x.so`, `-config FILE` / OPENSSL_CONF=FILE whose
//     `dynamic_path`/`module` names ./x.so, `-provider-path . -provider x`, OPENSSL_MODULES=., OPENSSL_ENGINES=.
//   - perl -e 'require DynaLoader; DynaLoader::dl_load_file("./x.so")' (python's ctypes in -c code already asks).
//
// Reproduction (integ 507f8cca, root, bwrap; default sandbox, --yes, --no-stage; sub/new.txt uncommitted; x.so =
// cc -shared -fPIC of `__attribute__((constructor)) void f(void){ system("/bin/rm -rf sub"); }`):
//   $ codeward --yes exec --no-stage 'openssl dgst -engine ./x.so x.so'                   -> [exit 0], sub/ GONE
//   $ codeward --yes exec --no-stage 'openssl engine dynamic -pre SO_PATH:./x.so -pre LOAD' -> [exit 0], sub/ GONE
//   $ codeward --yes exec --no-stage 'OPENSSL_CONF=x openssl version'  (x: engines … dynamic_path = ./x.so) -> sub/ GONE
//   $ codeward --yes exec --no-stage 'GCONV_PATH=. iconv -f X -t UTF-8 x.so'  (gconv-modules: module X// INTERNAL x 1)
//                                                                                          -> [exit 134], sub/ GONE
//   control (held): `LD_PRELOAD=./x.so true` -> C241; `python3 -c 'import ctypes; ctypes.CDLL("./x.so")'` -> C241.
// Expected: C241 and the work kept.
// ONE place for the class fix: task-runner-library.ts (the library rows) + obeyed-env.ts's variable table: GCONV_PATH,
// OPENSSL_CONF / OPENSSL_MODULES / OPENSSL_ENGINES as loader variables (a workspace or non-system folder/file: unknown),
// and a row for openssl's own options (-engine, -provider-path, -config, `engine dynamic -pre SO_PATH:`): a value that is
// a workspace (or non-system) path is unknown; perl's DynaLoader/dl_load_file beside ctypes in the inline reader.
import { execFileSync } from 'node:child_process';
import { existsSync, mkdirSync, writeFileSync, copyFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createEngine } from '../../src/setup.js';
import { removeDir, tempDir } from '../helpers/fixture.js';
import { bwrapWorks } from '../shell/stage-helpers.js';

let base: string;
let so = '';
let count = 0;
const hasCc = ((): boolean => {
  try {
    execFileSync('cc', ['--version'], { stdio: 'ignore' });
    execFileSync('openssl', ['version'], { stdio: 'ignore' });
    return true;
  } catch {
    return false;
  }
})();
beforeAll(async () => {
  base = await tempDir('cw-rt39b-');
  if (!hasCc) return;
  writeFileSync(join(base, 'x.c'), '#include <stdlib.h>\n__attribute__((constructor)) static void f(void) { system("/bin/rm -rf sub"); }\nint bind_engine(void) { return 0; }\nunsigned long v_check(unsigned long v) { return v; }\n');
  so = join(base, 'x.so');
  execFileSync('cc', ['-shared', '-fPIC', '-o', so, join(base, 'x.c')]);
});
afterAll(async () => removeDir(base));

const ENGINE_CONF = 'openssl_conf = a\n[a]\nengines = b\n[b]\ne = c\n[c]\ndynamic_path = ./x.so\n';
async function verdict(line: string): Promise<string> {
  const root = join(base, `w${++count}`), home = join(base, `h${count}`);
  mkdirSync(join(root, 'sub'), { recursive: true });
  mkdirSync(home);
  writeFileSync(join(root, 'sub/new.txt'), 'WORK\n');
  copyFileSync(so, join(root, 'x.so'));
  writeFileSync(join(root, 'x'), ENGINE_CONF);
  writeFileSync(join(root, 'gconv-modules'), 'module X// INTERNAL x 1\nmodule INTERNAL X// x 1\n');
  const engine = await createEngine({ workspace: root, env: { HOME: home, PATH: process.env['PATH'] ?? '', CODEWARD_STATE_DIR: join(base, `state${count}`) }, sandbox: { mode: 'workspace-write' }, permissions: { home, yes: true } });
  try {
    const result = await engine.run({ cmd: 'exec', args: { cmd: line, stage: false } });
    const kept = existsSync(join(root, 'sub/new.txt'));
    // Only the ask counts: a run that failed after loading the library (C253) lost the work all the same.
    return result.ok ? (kept ? 'ran' : 'ran, work gone') : `${result.error.code === 'C241' ? 'C241' : 'ran'}${kept ? '' : ', work gone'}`;
  } finally {
    await engine.close();
  }
}

describe.skipIf(!bwrapWorks || !hasCc)('R39-b5 MAJOR: a workspace shared object loaded by openssl, gconv or perl runs unasked', { timeout: 120_000 }, () => {
  it.each(['openssl dgst -engine ./x.so x.so', 'openssl engine dynamic -pre SO_PATH:./x.so -pre LOAD', 'OPENSSL_CONF=x openssl version', 'openssl req -config x -new -x509 -nodes -keyout /dev/null -out /dev/null -subj /CN=a', 'GCONV_PATH=. iconv -f X -t UTF-8 x.so', 'perl -e \'require DynaLoader; DynaLoader::dl_load_file("./x.so")\''])('`%s` asks (C241) and keeps the work', async (line) => {
    expect(await verdict(line)).toBe('C241');
  });
  it.each(['LD_PRELOAD=./x.so true', 'python3 -c \'import ctypes; ctypes.CDLL("./x.so")\''])('control: `%s` asks', async (line) => {
    expect(await verdict(line)).toBe('C241');
  });
});
