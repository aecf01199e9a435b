// Red team round 30, R30-3b (MAJOR; same class as R30-3, hook-cd-options-r30.test.ts: every reader of `cd`/`pushd`
// has its own idea of cd's options). The danger classifier (shell/danger.ts followDirectoryChange) skips `-L/-P/-e/-@`
// but not `--`: `cd -- / && rm -rf *` is read as running in `./--`, so the never-run block (rm-catastrophic, C242,
// "not even with approval") becomes an ordinary immune question a person can approve, worded "rm -r … of anything".
// With --sandbox off that approval deletes the machine's files. The same line without `--` (or with `-P`) is blocked.
// Held-back variants (one reader of cd's operand for every consumer): `pushd -- /`, `cd -- ~ && rm -rf *`, `cd -P --
// / && rm -rf *`, danger-secrets.ts (`command.words[1]`: reads `-P` as the folder, so `cd -P secrets && cat key`
// passes the secret-file pre-check; with --sandbox off nothing else hides it).
// Fix: src/shell/danger.ts followDirectoryChange (and danger-secrets.ts), ideally one shared cd-operand reader.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { classifyDanger } from '../../src/shell/danger.js';
import { namedPaths } from '../../src/shell/danger-secrets.js';
import { ShellParser } from '../../src/shell/parse.js';

const parser = new ShellParser();
beforeAll(async () => {
  await parser.ready();
});
afterAll(async () => {
  await parser.dispose();
});

const CONTEXT = { home: '/home/dev', workspace: '/home/dev/proj' };
const blocked = async (line: string): Promise<boolean> => classifyDanger(await parser.parseShell(line), CONTEXT).blocked;

describe('R30-3b MAJOR: `cd -- DIR` hides the folder from the catastrophic-deletion block', () => {
  it.each(['cd -- / && rm -rf *', 'pushd -- / && rm -rf *', 'cd -- ~ && rm -rf *', 'cd -P -- / && rm -rf *'])('`%s` is blocked', async (line) => {
    expect(await blocked(line)).toBe(true);
  });
});

// Held-back variants (fix30c): the one cd reader (src/shell/cd-operand.ts) for every spelling of the builtin.
describe('R30-3b held-back: every spelling of cd reaches the block', () => {
  it.each([
    'builtin cd -- / && rm -rf *',
    'command cd -P -- / && rm -rf *',
    'cd -Pe -- / && rm -rf *',
    'pushd -n / && popd && rm -rf *',
    'CDPATH=/ cd usr && rm -rf *',
    'export CDPATH=/; cd usr && rm -rf *',
  ])('`%s` is blocked', async (line) => {
    expect(await blocked(line)).toBe(true);
  });
});

describe('R30-3b: the secret-file pre-check reads the folder a cd with options reaches (danger-secrets.ts)', () => {
  it.each([
    ['cd -P secrets && cat key', 'secrets'],
    ['pushd -- secrets && cat key', 'secrets'],
    ['builtin cd -L -- secrets; cat key', 'secrets'],
    ['CDPATH=vault cd secrets && cat key', 'vault/secrets'],
  ])('`%s`: key is read from %s', async (line, folder) => {
    const key = namedPaths(await parser.parseShell(line)).find((named) => named.path === 'key');
    expect(key?.dirs).toContain(folder);
  });
});

describe('control (held)', () => {
  it.each(['cd / && rm -rf *', 'cd -P / && rm -rf *', 'cd ~ && rm -rf *'])('`%s` is blocked', async (line) => {
    expect(await blocked(line)).toBe(true);
  });
});
