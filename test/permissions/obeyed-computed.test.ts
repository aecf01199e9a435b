// Red team H-B, from the attacker's side: a command git's configuration runs (an `!` alias, core.fsmonitor,
// a filter, a pager, core.editor, a diff driver ...) whose words are COMPUTED was resolved word by word as
// literal text, so the file it really runs stayed writable under --yes and from a sandboxed run
// (`!sh r4*`, `"$(git rev-parse --show-toplevel)/r6"`, `${PWD}/r15`, `python -c "exec(open('r7').read())"`).
// Now such a command makes the whole workspace obeyed while it is configured (every write asks, the
// reason names the key and value); a glob is matched instead. A plain configuration changes nothing.
import { spawnSync } from 'node:child_process';
import { existsSync, readdirSync } from 'node:fs';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { obeyedContext } from '../../src/permissions/obeyed-context.js';
import { isObeyedLater } from '../../src/permissions/obeyed.js';
import { CLI, removeDir, runCli, tempDir, writeFiles } from '../helpers/fixture.js';

const bwrapWorks = spawnSync('bwrap', ['--ro-bind', '/', '/', '--unshare-net', 'true']).status === 0;
const hasMake = spawnSync('make', ['--version']).status === 0;

let repo: string;
let state: string;
const env = (): Record<string, string> => ({ HOME: state, CODEWARD_STATE_DIR: state, GIT_CONFIG_NOSYSTEM: '1' });
const git = (...args: string[]): void => {
  expect(spawnSync('git', args, { cwd: repo, env: { ...process.env, ...env() } }).status).toBe(0);
};

beforeEach(async () => {
  repo = await tempDir('codeward-computed-');
  state = await tempDir('codeward-computed-state-');
  git('init', '-q');
  await writeFiles(repo, { 'src/a.txt': 'a\n', 'f': 'sh r8\n' });
});
afterEach(async () => {
  await removeDir(repo);
  await removeDir(state);
});

// [key, value, a file the command really runs]: the red team's spellings, then held-back ones.
const COMPUTED: readonly (readonly [string, string, string])[] = [
  ['core.fsmonitor', '"$(git rev-parse --show-toplevel)/r6"', 'r6'],
  ['core.fsmonitor', '${PWD}/r15', 'r15'],
  ['core.fsmonitor', '$HOME/../..$PWD/r16', 'r16'],
  ['alias.x', '!python3 -c "exec(open(\'r7\').read())"', 'r7'],
  ['alias.y', '!node -e "require(\'./x\')"', 'x.js'],
  ['core.pager', 'bash -c "$(cat f)"', 'r8'],
  ['core.editor', 'sh `pwd`/r9', 'r9'],
  ['filter.f.clean', 'sh ~+/r10', 'r10'],
  ['diff.d.textconv', 'eval "sh r11"', 'r11'],
  ['alias.z', '!git ls-files | xargs sh', 'r12'],
  ['core.sshCommand', 'perl -e \'exec "sh", "r13"\'', 'r13'],
  ['merge.m.driver', 'awk \'BEGIN { system("sh r14") }\'', 'r14'],
  ['alias.w', '!find . -name r17 -exec sh {} \\;', 'r17'],
  ['alias.v', '-c core.fsmonitor="$(pwd)/r18" status', 'r18'],
  ['alias.u', '--config-env=core.fsmonitor=EVIL status', 'r19'],
  ['sequence.editor', 'sh <(cat f)', 'r20'],
  ['core.hooksPath', '.', 'pre-commit'],
];

describe('what counts as computed', () => {
  it.each(COMPUTED)('%s = %s: every path of the workspace is obeyed, the reason names the setting', (key, value, file) => {
    git('config', key, value);
    const ctx = obeyedContext(repo, state);
    const found = isObeyedLater(file, ctx);
    expect(found, `${key} = ${value}`).toBeDefined();
    if (key !== 'core.hooksPath') {
      expect(ctx.computed?.length).toBeGreaterThan(0);
      const why = isObeyedLater('src/deep/any.txt', ctx)?.why ?? '';
      expect(why.toLowerCase()).toContain(`${key.toLowerCase()} = `);
      expect(why).toContain(value);
    }
  });

  it('a glob is matched, not made a whole-workspace rule: !sh r4*, tools/[a-z]*.sh, {a,b}.sh', () => {
    git('config', 'alias.g', '!sh r4* && sh tools/[a-z]*.sh && sh {one,two}.sh');
    const ctx = obeyedContext(repo, state);
    expect(ctx.computed).toEqual([]);
    for (const path of ['r4', 'r4x', 'R4.sh', 'tools/run.sh', 'one.sh', 'two.sh']) expect(isObeyedLater(path, ctx), path).toBeDefined();
    for (const path of ['r5', 'src/r4x', 'tools/Run.txt', 'three.sh']) expect(isObeyedLater(path, ctx), path).toBeUndefined();
  });

  it('an ordinary repository with plain configuration is NOT affected', () => {
    const plain: [string, string][] = [
      ['alias.st', 'status'], ['alias.lg', "log --graph --pretty=format:'%h %s' --date=relative"], ['alias.f', '!f() { git log "$1" -- "$@"; }; f'],
      ['alias.root', '!pwd'], ['core.fsmonitor', './tools/fsm.sh'], ['merge.m.driver', './merge.sh %O %A %B'], ['core.pager', 'less -R'],
      ['core.editor', 'vim'], ['diff.d.textconv', 'hexdump -C'], ['filter.lfs.clean', 'git-lfs clean -- %f'], ['alias.pr', '!git fetch origin pull/$1/head:pr-$1'],
    ];
    for (const [key, value] of plain) git('config', key, value);
    const ctx = obeyedContext(repo, state);
    expect(ctx.computed).toEqual([]);
    expect(isObeyedLater('src/a.txt', ctx)).toBeUndefined();
    expect(isObeyedLater('tools/fsm.sh', ctx)).toBeDefined();
  });
});

const cli = (...args: string[]) => runCli(['-C', repo, '--json', '--yes', ...args], { env: env() });

describe.skipIf(!existsSync(CLI))('the real binary', () => {
  it.each(COMPUTED.slice(0, 8))('%s = %s: --yes write of the file it runs, and of any file, is refused', (key, value, file) => {
    git('config', key, value);
    for (const path of [file, 'src/deep/other.txt']) {
      const result = cli('--sandbox', 'off', 'write', '--file', path, '--content', '#!/bin/sh\ntouch /tmp/pwned\n');
      expect(result.json, path).toMatchObject({ ok: false, error: { code: 'C241' } });
      expect(result.json.error?.message).toContain(value);
      expect(existsSync(`${repo}/${path}`)).toBe(false);
    }
  });

  it('an allow rule does not approve it either', () => {
    git('config', 'core.fsmonitor', '${PWD}/r15');
    const result = runCli(['-C', repo, '--json', '--allow', '@coder write *', 'write', '--file', 'r15', '--content', 'x\n'], { env: env() });
    expect(result.json).toMatchObject({ ok: false, error: { code: 'C241' } });
  });

  it('the ordinary repository: --yes writes as before', () => {
    git('config', 'alias.f', '!f() { git log "$1"; }; f');
    git('config', 'core.fsmonitor', './tools/fsm.sh');
    expect(cli('--sandbox', 'off', 'write', '--file', 'src/b.txt', '--content', 'b\n').json).toMatchObject({ ok: true });
  });

  // A run with no argument to judge (make reads the Makefile) writes the file the computed command runs.
  it.skipIf(!bwrapWorks || !hasMake).each([['staged', []], ['--no-stage', ['--no-stage']]] as const)('a sandboxed --yes exec (%s) leaves nothing git would run', async (_, flags) => {
    await writeFiles(repo, { Makefile: 'all:\n\tprintf "#!/bin/sh\\ntouch /tmp/pwned\\n" > r15\n' });
    git('config', 'core.fsmonitor', '${PWD}/r15');
    const run = cli('exec', ...flags, '--cmd', 'make');
    expect(existsSync(`${repo}/r15`), JSON.stringify(run.json)).toBe(false);
    expect(JSON.stringify(run.json)).toMatch(/r15/);
    // Without the setting the same run writes it (the test can fail).
    git('config', '--unset', 'core.fsmonitor');
    for (const name of readdirSync(repo).filter((entry) => entry.startsWith('r15'))) await removeDir(`${repo}/${name}`);
    cli('exec', ...flags, '--cmd', 'make');
    expect(existsSync(`${repo}/r15`)).toBe(true);
  });
});
