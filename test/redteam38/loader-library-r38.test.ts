// R38-b9 — MAJOR (seed 004's immune list of an unstaged run; R37-b1's "a program outside the system folders is read
// or unknown", through the dynamic loader) — a native program of the workspace run by its path asks (`./prog`:
// unknown, codeward cannot read it), but the same native code loaded INTO a system program runs unread: a
// `LD_PRELOAD=./x.so` prefix on a system program, or bash's `enable -f ./x.so NAME` (dlopen of a workspace library
// into the running shell). The library's constructor deletes the uncommitted work, in place under --yes.
//
// Reproduction (integ 8bf2b72d, root, bwrap; default sandbox, --yes, --no-stage; sub/new.txt uncommitted; x.so = gcc
// -shared -fPIC of `__attribute__((constructor)) static void init(void){ unlink("sub/new.txt"); rmdir("sub"); }`;
// prog = the same code as a main()):
//   $ codeward --yes exec --no-stage 'LD_PRELOAD=./x.so /bin/true'       -> [exit 0], sub/ GONE
//   $ codeward --yes exec --no-stage 'enable -f ./x.so x'                -> (bash: cannot find x_struct) sub/ GONE
//   control (held): `./prog` -> C241 ("runs the task line \x7fELF..."); `export PATH=…` -> C241 (immune).
// (Do NOT try this with a constructor that calls system(): LD_PRELOAD reaches the /bin/sh it starts: a fork bomb.)
// Expected: C241 and the work kept.
// ONE place for the class fix: the reading of "which workspace files does this line run" (decide-scripts.ts /
// task-runner-shell.ts pathScript): a loader variable naming a workspace path (LD_PRELOAD, LD_LIBRARY_PATH, LD_AUDIT,
// as a prefix, through env, or exported) and `enable -f FILE` are program paths of the workspace like `./prog`
// (unknown while the immune list is in play); one table of "variables and builtins that load a file", shared with the
// hook walk's (hook-native-loads.ts / hook-assigned.ts already obey LD_PRELOAD for hooks).
import { execFileSync } from 'node:child_process';
import { chmodSync, existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createEngine } from '../../src/setup.js';
import { removeDir, tempDir } from '../helpers/fixture.js';
import { bwrapWorks } from '../shell/stage-helpers.js';

let base: string;
let count = 0;
beforeAll(async () => {
  base = await tempDir('cw-rt38b-');
});
afterAll(async () => removeDir(base));

// One in-place run (default sandbox, --yes, --no-stage) of `line` in a workspace holding `files` (0755; ROOT in a
// text or the line is the workspace's absolute path) and the uncommitted sub/new.txt.
async function verdict(line: string, files: Record<string, string | Buffer>): Promise<string> {
  const root = join(base, `w${++count}`), home = join(base, `h${count}`);
  mkdirSync(join(root, 'sub'), { recursive: true });
  mkdirSync(home);
  writeFileSync(join(root, 'sub/new.txt'), 'WORK\n');
  for (const [name, text] of Object.entries(files)) {
    mkdirSync(dirname(join(root, name)), { recursive: true });
    writeFileSync(join(root, name), typeof text === 'string' ? text.replaceAll('ROOT', root) : text);
    chmodSync(join(root, name), 0o755);
  }
  const engine = await createEngine({ workspace: root, env: { HOME: home, PATH: process.env['PATH'] ?? '', CODEWARD_STATE_DIR: join(base, `state${count}`) }, sandbox: { mode: 'workspace-write' }, permissions: { home, yes: true } });
  try {
    const result = await engine.run({ cmd: 'exec', args: { cmd: line.replaceAll('ROOT', root), stage: false } });
    const kept = existsSync(join(root, 'sub/new.txt'));
    return result.ok ? (kept ? 'ran' : 'ran, work gone') : `${result.error.code}${kept ? '' : ', work gone'}`;
  } finally {
    await engine.close();
  }
}

const gcc = ((): boolean => {
  try {
    execFileSync('gcc', ['--version'], { stdio: 'ignore' });
    return true;
  } catch {
    return false;
  }
})();
function built(name: string, code: string, shared: boolean): Buffer {
  const dir = join(base, 'build');
  mkdirSync(dir, { recursive: true });
  writeFileSync(join(dir, `${name}.c`), code);
  execFileSync('gcc', [...(shared ? ['-shared', '-fPIC'] : []), '-o', join(dir, name), join(dir, `${name}.c`)]);
  return readFileSync(join(dir, name));
}
const BODY = '#include <unistd.h>\n';
const WIPE = 'unlink("sub/new.txt"); rmdir("sub");';

describe.skipIf(!bwrapWorks || !gcc)('R38-b9 MAJOR: a workspace native library loaded into a system program runs unread', { timeout: 120_000 }, () => {
  it.each(['LD_PRELOAD=./x.so /bin/true', 'enable -f ./x.so x'])('`%s` asks (C241) and keeps the work', async (line) => {
    const so = built('x.so', `${BODY}__attribute__((constructor)) static void init(void){ ${WIPE} }\n`, true);
    expect(await verdict(line, { 'x.so': so })).toBe('C241');
  });
  // fix44: the class (every spelling the parse records in the command's environment, the loader's folder list, a bare
  // `enable -f` name found through BASH_LOADABLES_PATH's `.`, the dynamic loader run as a program).
  it.each(['env LD_PRELOAD=./x.so /bin/true', 'env -S "LD_AUDIT=./x.so /bin/true"', 'LD_PRELOAD=$PWD/x.so nice /bin/true', 'LD_LIBRARY_PATH=lib true', 'LD_PRELOAD=/proc/self/cwd/x.so /bin/true', 'cp x.so /tmp/y.so && LD_PRELOAD=/tmp/y.so /bin/true',
    'enable -f x.so x', 'builtin enable -sf ./x.so x', '/lib64/ld-linux-x86-64.so.2 --preload ./x.so /bin/true'])('`%s` asks (C241)', async (line) => {
    const so = built('x.so', `${BODY}__attribute__((constructor)) static void init(void){ ${WIPE} }\n`, true);
    expect(await verdict(line, { 'x.so': so })).toBe('C241');
  });
  it('control: a system library preloaded and a plain system program run', async () => {
    expect(await verdict('LD_PRELOAD=/usr/lib/x86_64-linux-gnu/libc.so.6 /bin/true', {})).toBe('ran');
    expect(await verdict('LD_LIBRARY_PATH=/usr/lib /bin/true', {})).toBe('ran');
  });
  it('control: `./prog` (the same code as a program) asks', async () => {
    const prog = built('prog', `${BODY}int main(void){ ${WIPE} return 0; }\n`, false);
    expect(await verdict('./prog', { prog })).toBe('C241');
  });
});
