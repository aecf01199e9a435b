// Red team round 28, R28-6: seed 004 lists `rm -rf` among operations that "ALWAYS require user approval", and
// issue 26 asks it "in every door". A package script or a make recipe that runs it (`"clean": "rm -rf build"`,
// `make clean`) ran under --yes: decide-scripts.ts took only deny/ask RULES from script lines. The decision (lead):
// the immune list stands for "cannot be taken back". A run the OS sandbox stages is checkpointed: `npm run clean`
// runs there and `undo` brings the files back (a question for every `make clean` would teach people to say yes).
// A run nothing stages (--sandbox off, --no-stage, no OS sandbox) takes the immune classes of the lines it runs:
// `npm run clean` asks as `rm -rf build` does on the line, also under --yes.
import { execFileSync, spawnSync } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { removeDir, runCli, tempDir, writeFiles } from '../helpers/fixture.js';
import { NO_JAIL } from '../helpers/unconfined-runs.js';

const bwrapWorks = spawnSync('bwrap', ['--ro-bind', '/', '/', '--unshare-net', 'true']).status === 0;

let base: string;
let count = 0;
beforeAll(async () => {
  base = await tempDir('rt28-immune-scripts-');
});
afterAll(async () => {
  await removeDir(base);
});

async function workspace(): Promise<{ top: string; env: Record<string, string> }> {
  const top = join(base, `w${++count}`), home = join(base, `h${count}`);
  await writeFiles(top, { 'build/a.txt': 'a\n', 'Makefile': 'clean:\n\trm -rf build\n', 'package.json': '{"scripts":{"clean":"rm -rf build","c2":"npm run clean","build":"tsc -p ."}}' });
  await writeFiles(home, { '.keep': '' });
  execFileSync('git', ['init', '-q', top]);
  return { top, env: { HOME: home, CODEWARD_NO_SERVE: '1' } };
}

function run(top: string, env: Record<string, string>, args: string[]): string {
  const result = runCli(['--json', '-C', top, ...args], { env, yes: true });
  return result.json.ok ? 'ran' : result.json.error?.code ?? result.stdout;
}

describe('R28-6: an immune command inside a package script or make recipe, with nothing to take it back, asks', () => {
  test.each(['npm run clean', 'npm run c2', 'make clean'])('`%s` under --sandbox off --yes asks (C241) and deletes nothing', async (line) => {
    const { top, env } = await workspace();
    expect(run(top, { ...env, ...NO_JAIL }, ['--sandbox', 'off', 'exec', '--cmd', line])).toBe('C241');
    expect(readFileSync(join(top, 'build/a.txt'), 'utf8')).toBe('a\n');
  }, 120_000);

  test.each(['npm run clean', 'make clean'])('`%s` under --no-stage --yes asks (C241)', async (line) => {
    const { top, env } = await workspace();
    expect(run(top, env, ['exec', '--no-stage', '--cmd', line])).toBe('C241');
    expect(existsSync(join(top, 'build/a.txt'))).toBe(true);
  }, 120_000);

  test('control: `rm -rf build` on the line asks, sandboxed or not', async () => {
    const { top, env } = await workspace();
    expect(run(top, env, ['exec', '--cmd', 'rm -rf build'])).toBe('C241');
    expect(run(top, { ...env, ...NO_JAIL }, ['--sandbox', 'off', 'exec', '--cmd', 'rm -rf build'])).toBe('C241');
  }, 120_000);
});

describe.skipIf(!bwrapWorks)(`R28-6: in the OS sandbox the run is checkpointed, so it runs and undo takes it back${bwrapWorks ? '' : ' — skipped: bwrap cannot run here'}`, () => {
  test.each(['npm run clean', 'make clean'])('`%s` runs under --yes; `undo` restores build/a.txt', async (line) => {
    const { top, env } = await workspace();
    expect(run(top, env, ['exec', '--cmd', line])).toBe('ran');
    expect(existsSync(join(top, 'build/a.txt'))).toBe(false);
    expect(run(top, env, ['undo'])).toBe('ran');
    expect(readFileSync(join(top, 'build/a.txt'), 'utf8')).toBe('a\n');
  }, 120_000);
});
