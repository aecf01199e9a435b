// Round-30 environment LEFTs (fix31b; lead's merge). The unconfined judge (permissions/unconfined-env.ts) reads ANY
// run-time value of ANY variable as a place that may be outside, and stays so: which variables name a file a program
// writes or obeys is not ours to list (SSLKEYLOGFILE, any tool's LOG_FILE), and a value the line computes may be
// `~/.bashrc`. So `NODE_ENV=$ENV npm run build` keeps asking under --sandbox off (friction, not a hole; the sandbox
// runs it). The user's runtime folder itself (/run/user/UID, the usual XDG_RUNTIME_DIR) is free for a variable that
// loads nothing from it; a file inside it is still judged. And LESSOPEN's `|`, `||`, `|-` prefix is less's, not
// part of the program's name (obeyed-env.ts envNamed).
import { mkdir, mkdtemp, rm } from 'node:fs/promises';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createEngine } from '../../src/setup.js';
import { envNamed } from '../../src/permissions/obeyed-env.js';
import { variableLoads } from '../../src/permissions/home-sources-assign.js';
import { writeFiles } from '../helpers/fixture.js';
import { NO_JAIL } from '../helpers/unconfined-runs.js';

let box: { root: string; home: string };
let base: string;
beforeAll(async () => {
  base = await mkdtemp('/var/tmp/cw-env-r31-');
  box = { root: join(base, 'project'), home: join(base, 'home') };
  await mkdir(box.root);
  await writeFiles(box.root, { 'a.txt': 'a\n', 'tools/lo': '#!/bin/sh\necho x\n' });
  await writeFiles(box.home, { '.keep': '' });
});
afterAll(async () => rm(base, { recursive: true, force: true }));

// One engine per row: 'ran', or the code (C241: the unconfined judge's question, not approved by --yes).
async function run(cmd: string): Promise<string> {
  const engine = await createEngine({ workspace: box.root, env: { HOME: box.home, PATH: process.env['PATH'] ?? '', ...NO_JAIL }, sandbox: { mode: 'off' as const }, permissions: { home: box.home, yes: true } });
  try {
    const result = await engine.run({ cmd: 'exec', args: { cmd } });
    return result.ok ? 'ran' : result.error.code;
  } finally {
    await engine.close();
  }
}

const uid = process.getuid?.() ?? 0;
const ROWS: [string, string][] = [
  // A plain variable's run-time value: it may name a file some program writes (fail closed).
  ['NODE_ENV=$ENV cat a.txt', 'C241'],
  ['export NODE_ENV=$ENV; cat a.txt', 'C241'],
  ['SSLKEYLOGFILE=$K cat a.txt', 'C241'],
  ['K=$(cat f); SSLKEYLOGFILE=$K cat a.txt', 'C241'],
  // A known plain value stays free.
  ['NODE_ENV=production CI=1 RUST_LOG=debug cat a.txt', 'ran'],
  // The user's runtime folder itself (red before).
  [`XDG_RUNTIME_DIR=/run/user/${uid} cat a.txt`, 'ran'],
  [`FOO=/run/user/${uid}/ cat a.txt`, 'ran'],
  // Still asked: a run-time value of a variable that names a program or file to run or obey, or a location.
  ['PAGER=$P cat a.txt', 'C241'],
  ['GIT_TRACE=$T cat a.txt', 'C241'],
  ['CARGO_HOME=$C cat a.txt', 'C241'],
  // A plain variable whose run-time value goes on as a path, or whose known value is outside.
  ['PIP_LOG=$X/../.bashrc cat a.txt', 'C241'],
  ['PIP_LOG=$X/root/.bashrc cat a.txt', 'C241'],
  ['PIP_LOG=~/.bashrc cat a.txt', 'C241'],
  ['SSLKEYLOGFILE=$(echo ~/.bashrc) cat a.txt', 'C241'],
  // A file inside the runtime folder, and another user's.
  [`FOO=/run/user/${uid}/x cat a.txt`, 'C241'],
  [`XDG_RUNTIME_DIR=/run/user/${uid + 1} cat a.txt`, 'C241'],
];

describe('a run-time value asks; the runtime folder itself is free (--sandbox off --yes)', () => {
  it.each(ROWS)('%s -> %s', async (line, code) => {
    expect(await run(line)).toBe(code);
  }, 60_000);
});

describe("LESSOPEN's input-pipe prefix is less's, the program is the word after it", () => {
  it.each([
    ['|./tools/lo %s', './tools/lo'],
    ['||./tools/lo %s', './tools/lo'],
    ['|-./tools/lo %s', './tools/lo'],
    ['| ./tools/lo %s', './tools/lo'],
    ['./tools/lo %s', './tools/lo'],
  ])('%s', (value, program) => {
    expect(envNamed('LESSOPEN', value)?.entries).toEqual([program]);
    // A start-up file's `export LESSOPEN=...` (no direnv folder): the program itself is what it loads.
    expect(variableLoads('LESSOPEN', [{ text: value, single: true }], new Map()).map((loaded) => loaded.path)).toEqual([program]);
  });
});
