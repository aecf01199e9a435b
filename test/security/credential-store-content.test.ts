// Red team round 13, R13-17: a `!` credential helper can name its plain-text store only at run time
// (`${CRED:-c15}`, a python subprocess, `$(printf c18)`), so no reading of the config finds it by name, and
// `read c15` printed the token. Now git's store format is a content class (git/credential-store-content.ts):
// a workspace file whose first line is `scheme://user:secret@host` is hidden like `.env` from read, search
// and the sandbox's view, whatever it is called and whatever names it. Real git, the in-process engine.
import { spawnSync } from 'node:child_process';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { join } from 'node:path';
import { mkdir } from 'node:fs/promises';
import { createEngine } from '../../src/setup.js';
import type { Engine } from '../../src/engine/engine.js';
import { isCredentialStoreFile, looksLikeCredentialStore } from '../../src/git/credential-store-content.js';
import { removeDir, tempDir, writeFiles } from '../helpers/fixture.js';
import { bwrapWorks } from '../shell/stage-helpers.js';

let home: string;
let ws: string;
let engine: Engine;
const git = (...args: string[]): void => {
  spawnSync('git', ['-c', 'user.email=a@b', '-c', 'user.name=a', ...args], { cwd: ws, env: { ...process.env, HOME: home } });
};
const TOKENS = /ghp_[A-Z]+/;
// The three helpers of the reproduction, and stores no config names at all (a copy, a dotted name, a
// store in a subfolder, one with a path after the host, one with two entries).
const STORES = ['c15', 'c17', 'c18', 'backup/creds.txt', 'notes.md', 'deep/a/b/store'];

beforeAll(async () => {
  home = await tempDir('cw-credcontent-home-');
  ws = join(home, 'ws');
  await mkdir(ws);
  git('init', '-q', '-b', 'main');
  git('config', 'credential.https://a.example.helper', '!f() { git credential-store --file="${CRED:-c15}" "$@"; }; f');
  git('config', 'credential.https://b.example.helper', '!python3 -c "import subprocess,sys;subprocess.run([\'git\',\'credential-store\',\'--file=c17\']+sys.argv[1:])"');
  git('config', 'credential.https://c.example.helper', '!bash -c \'exec git credential-store --file=$(printf c18) "$@"\' x');
  await writeFiles(ws, {
    'backup/creds.txt': 'https://me:ghp_BACKUP@github.com\n',
    'notes.md': 'https://:ghp_NOUSER@example.com/org\nhttps://u:ghp_SECOND@gitlab.com\n',
    'deep/a/b/store': '\nhttps://me%40x.org:ghp_DEEP@git.example.org:8443\n',
    'links.md': 'See https://github.com/org/repo and https://user@example.com/x\n',
    'a.txt': 'PLAIN_MARK\n',
  });
  // git itself fills the run-time stores (the person's `git push` after the helper asked once).
  for (const [host, token] of [['a.example', 'ghp_DEFAULTVAR'], ['b.example', 'ghp_PY'], ['c.example', 'ghp_PRINTF']] as const) {
    spawnSync('git', ['credential', 'approve'], { cwd: ws, input: `protocol=https\nhost=${host}\nusername=me\npassword=${token}\n\n`, env: { ...process.env, HOME: home } });
  }
  engine = await createEngine({ workspace: ws, env: { ...process.env, HOME: home }, sandbox: { mode: 'workspace-write' }, permissions: {} });
});
afterAll(async () => {
  await engine.close();
  await removeDir(home);
});

describe('a git credential store by its content', () => {
  it('the first line decides: store lines yes; plain URLs, a user without a secret, prose no', () => {
    for (const text of ['https://u:t@h\n', 'http://:t@h:80/p', '\uFEFF\n  ssh://me%40x:p%2Fw@host.example\n']) expect(looksLikeCredentialStore(text), text).toBe(true);
    for (const text of ['https://github.com/o/r\n', 'https://user@h/x', 'see https://u:t@h', '# https://u:t@h', 'https://u:t@h with words', '']) expect(looksLikeCredentialStore(text), text).toBe(false);
  });

  it('whatever its size: a store padded with thousands of lines is one (red team R14-20b)', async () => {
    await writeFiles(ws, { 'big-store': `https://u:ghp_REAL@github.com\n${'https://x:fake@h.example\n'.repeat(5000)}` });
    expect(isCredentialStoreFile(join(ws, 'big-store'))).toBe(true);
  });

  it('a first line longer than a KiB (a padded secret, blank lines before it) is read whole and recognised', async () => {
    await writeFiles(ws, { 'long-line': `https://u:ghp_LONG${'a'.repeat(3000)}@github.com\nx\n`, 'late-line': `${'\n'.repeat(2000)}https://u:ghp_LATE@github.com\n`, 'minified.js': `var a=${'1+'.repeat(40_000)}1;\n` });
    expect(isCredentialStoreFile(join(ws, 'long-line'))).toBe(true);
    expect(isCredentialStoreFile(join(ws, 'late-line'))).toBe(true);
    expect(isCredentialStoreFile(join(ws, 'minified.js'))).toBe(false);
    for (const file of ['long-line', 'late-line']) expect(await engine.run({ cmd: 'read', args: { file } }), file).toMatchObject({ ok: false, error: { code: 'C211' } });
    const found = await engine.run({ cmd: 'search', args: { term: 'ghp_L', includeHidden: true } });
    expect(JSON.stringify(found)).not.toMatch(TOKENS);
    const off = await createEngine({ workspace: ws, env: { ...process.env, HOME: home }, sandbox: { mode: 'off' }, permissions: {} });
    try {
      for (const file of ['long-line', 'late-line']) expect(await off.run({ cmd: 'exec', args: { cmd: `cat ${file}` } }), file).toMatchObject({ ok: false, error: { code: 'C241' } });
    } finally {
      await off.close();
    }
  });

  it('read refuses each store (C211), a plain file and a file of plain URLs are read; search prints no token', async () => {
    expect(spawnSync('cat', STORES.slice(0, 3), { cwd: ws, encoding: 'utf8' }).stdout).toMatch(/ghp_DEFAULTVAR[\s\S]*ghp_PY[\s\S]*ghp_PRINTF/);
    for (const file of STORES) expect(await engine.run({ cmd: 'read', args: { file } }), file).toMatchObject({ ok: false, error: { code: 'C211' } });
    for (const file of ['a.txt', 'links.md']) expect(await engine.run({ cmd: 'read', args: { file } }), file).toMatchObject({ ok: true });
    const found = await engine.run({ cmd: 'search', args: { term: 'ghp_|PLAIN_MARK', regex: true, includeHidden: true } });
    expect(JSON.stringify(found)).toContain('PLAIN_MARK');
    expect(JSON.stringify(found)).not.toMatch(TOKENS);
  });

  it.skipIf(!bwrapWorks)('a sandboxed cat or grep -r prints no token (the person approved the line)', async () => {
    const yes = await createEngine({ workspace: ws, env: { ...process.env, HOME: home }, sandbox: { mode: 'workspace-write' }, permissions: { home, yes: true } });
    try {
      const run = await yes.run({ cmd: 'exec', args: { cmd: `cat a.txt ${STORES.join(' ')} 2>&1; grep -r ghp_ . 2>&1; echo DONE` } });
      expect(JSON.stringify(run), JSON.stringify(run)).toContain('PLAIN_MARK');
      expect(JSON.stringify(run)).not.toMatch(TOKENS);
    } finally {
      await yes.close();
    }
  });

  it('without the OS sandbox, a shell reader of a store needs a person (C241), a plain file does not', async () => {
    const off = await createEngine({ workspace: ws, env: { ...process.env, HOME: home }, sandbox: { mode: 'off' }, permissions: {} });
    try {
      for (const file of ['c15', 'backup/creds.txt']) expect(await off.run({ cmd: 'exec', args: { cmd: `cat ${file}` } }), file).toMatchObject({ ok: false, error: { code: 'C241' } });
      expect(await off.run({ cmd: 'exec', args: { cmd: 'cat a.txt' } })).toMatchObject({ ok: true });
    } finally {
      await off.close();
    }
  });
});
