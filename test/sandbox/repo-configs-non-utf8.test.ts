import { spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { repositoryConfigCopies } from '../../src/sandbox/repo-configs.js';
import { runCli } from '../helpers/fixture.js';
import { bwrapWorks } from '../shell/stage-helpers.js';

// fix59 (issue 26, utf55's LEFT): repo-configs.ts listed `.git/modules` as strings: a module folder named `m\xfe`
// was read as `m\uFFFD`, which names nothing, so its config (a token in a remote URL) got no filtered copy and a
// sandboxed `cat .git/modules/*/config` printed the token. No bind can name it: the folder holding it is hidden whole.
const base = mkdtempSync(join(tmpdir(), 'cw-fix59-configs-'));
afterAll(() => rmSync(base, { recursive: true, force: true }));
const env = { PATH: process.env['PATH'] ?? '/usr/bin:/bin', HOME: base, GIT_CONFIG_NOSYSTEM: '1' };
const TOKEN = 'ghp_LATINMODULE1234';

function workspace(name: string, config: string): string {
  const ws = join(base, name);
  mkdirSync(ws, { recursive: true });
  spawnSync('git', ['init', '-q', ws], { env });
  const odd = Buffer.from(`${ws}/.git/modules/m\xfe`, 'latin1');
  mkdirSync(Buffer.concat([odd, Buffer.from('/objects')]), { recursive: true });
  writeFileSync(Buffer.concat([odd, Buffer.from('/HEAD')]), 'ref: refs/heads/main\n');
  writeFileSync(Buffer.concat([odd, Buffer.from('/config')]), config);
  mkdirSync(join(ws, '.git/modules/lib/objects'), { recursive: true });
  writeFileSync(join(ws, '.git/modules/lib/HEAD'), 'ref: refs/heads/main\n');
  writeFileSync(join(ws, '.git/modules/lib/config'), '[core]\n\tbare = false\n');
  return ws;
}

describe('a module folder whose name is not UTF-8', () => {
  it('with a credential in its config: the folder holding it is hidden whole', () => {
    const ws = workspace('token', `[remote "origin"]\n\turl = https://x:${TOKEN}@github.com/o/r\n`);
    // fix67 (fix59's LEFT): the other submodule's folder (lib: a mount can name it) is kept, bound back read-only.
    expect(repositoryConfigCopies(ws, undefined, []).hide).toEqual([{ path: join(ws, '.git/modules'), kind: 'dir', keep: [join(ws, '.git/modules/lib')] }]);
  });
  it('with a clean config: nothing hidden (control)', () => {
    const ws = workspace('clean', '[core]\n\tbare = false\n');
    expect(repositoryConfigCopies(ws, undefined, []).hide).toEqual([]);
  });
  it('below a folder not UTF-8 that is no git folder (a module named `d\\xfe/sub`): hidden too', () => {
    const ws = join(base, 'deep');
    mkdirSync(ws, { recursive: true });
    spawnSync('git', ['init', '-q', ws], { env });
    const sub = Buffer.from(`${ws}/.git/modules/d\xfe/sub`, 'latin1');
    mkdirSync(sub, { recursive: true });
    writeFileSync(Buffer.concat([sub, Buffer.from('/HEAD')]), 'ref: refs/heads/main\n');
    writeFileSync(Buffer.concat([sub, Buffer.from('/config')]), `[http]\n\textraHeader = Authorization: Bearer ${TOKEN}\n`);
    expect(repositoryConfigCopies(ws, undefined, []).hide.map((entry) => entry.path)).toEqual([join(ws, '.git/modules')]);
  });
});

describe.skipIf(!bwrapWorks)('the sandbox with such a module folder', () => {
  it('prints no token (cat by glob), says why the folder is hidden; git status works', () => {
    const ws = workspace('exec', `[remote "origin"]\n\turl = https://x:${TOKEN}@github.com/o/r\n`);
    writeFileSync(join(ws, '.git/modules/lib/config'), `[core]\n\tbare = false\n[remote "origin"]\n\turl = https://x:${TOKEN}LIB@github.com/o/lib\n`);
    const run = runCli(['--json', '-C', ws, 'exec', '--no-stage', '--cmd', 'cat .git/modules/*/config; git status --short; cat .git/modules/lib/HEAD; echo done'], { cwd: ws, env: { ...env, CODEWARD_STATE_DIR: join(base, 'state') } });
    const out = JSON.stringify(run.json);
    expect(out, run.stdout + run.stderr).toContain('done');
    expect(out).not.toContain(TOKEN);
    expect(out).toContain('.git/modules was hidden in the sandbox');
    // The other submodule's git folder stays (read-only), its config still shown without its credential.
    expect(out).toContain('ref: refs/heads/main');
    expect(out).toContain('github.com/o/lib');
    expect(out).toMatch(/1 folder\(s\) in it whose names a mount can name were shown read-only/);
  }, 60_000);
});
