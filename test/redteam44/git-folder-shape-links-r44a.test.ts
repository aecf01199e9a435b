// R44-a6 — MAJOR (a secret read: a token in a repository config is shown raw by read, the sandbox view and the off
// jail, and by `git remote -v` in a run).
// Class: one predicate decides "a git folder" for read (git/config-secrets.ts gitFolderShape, by lstat) and for the
// view (sandbox/walked-configs.ts folderGitConfigs, by the listing's dirent kinds): HEAD a regular FILE and `objects`
// a real FOLDER (or commondir a file). git's own test (setup.c is_git_directory) follows links: a git folder whose
// `objects` is a symlink (Android `repo`'s .repo/projects/<p>.git: objects -> ../../project-objects/<n>.git/objects;
// shared object stores) or whose HEAD is a symlink (core.preferSymlinkRefs, old clones) is a repository to git, and
// its config is loaded by `git -C <worktree>` (a `.git` FILE naming it). Neither codeward rule takes it as one, so
// its `config` is an ordinary file: read prints it, the views bind it raw.
// Repro (integ b1bb7db3, root, bwrap):
//   git init --bare store/lib; mv store/lib/objects store/objs; ln -s ../objs store/lib/objects; token URL in
//   store/lib/config; vendor/lib/.git = "gitdir: ../../store/lib"
//   $ codeward read store/lib/config                                 -> the token (a real objects folder: C211)
//   $ codeward --yes exec --cmd 'git -C vendor/lib remote -v'        -> the token
//   store/h: HEAD -> refs/heads/main (a link)                           -> the same
// Suggested fix (src/git/config-secrets.ts gitFolderShape + src/sandbox/walked-configs.ts): judge the shape as git
// does, following links (stat, not lstat; for the listing, a link entry named HEAD/objects/commondir is resolved),
// in the ONE shared predicate both callers use.
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, renameSync, rmSync, symlinkSync, writeFileSync, appendFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CLI } from '../helpers/fixture.js';
import { bareBase, bareCli, bareExec, removeBare } from '../helpers/bare-cli.js';
import { bwrapWorks } from '../shell/stage-helpers.js';

const usable = bwrapWorks && existsSync(CLI);
const OBJ = 'ghp_R44a6OBJLINKTOKEN0123456789abcdef';
const HEAD = 'ghp_R44a6HEADLINKTOKEN0123456789abcde';
const PLAIN = 'ghp_R44a6PLAINTOKEN0123456789abcdefab';
const remote = (token: string): string => `[remote "origin"]\n\turl = https://alice:${token}@github.com/x/y.git\n`;
let base: string | undefined;
const outs: Record<string, string> = {};

beforeAll(async () => {
  base = await bareBase('cw-rt44a-shape-links-', { files: { 'a.txt': 'a\n' } });
  const ws = join(base, 'ws');
  if (!usable) return;
  const bare = (name: string, token: string): string => {
    const dir = join(ws, 'store', name);
    spawnSync('git', ['init', '-q', '--bare', dir]);
    spawnSync('git', ['--git-dir', dir, 'config', 'core.bare', 'false']);
    appendFileSync(join(dir, 'config'), remote(token));
    return dir;
  };
  bare('plain', PLAIN);
  const lib = bare('lib', OBJ);
  renameSync(join(lib, 'objects'), join(ws, 'store', 'objs'));
  symlinkSync('../objs', join(lib, 'objects'));
  const head = bare('h', HEAD);
  rmSync(join(head, 'HEAD'));
  mkdirSync(join(head, 'refs', 'heads'), { recursive: true });
  symlinkSync('refs/heads/main', join(head, 'HEAD'));
  for (const name of ['plain', 'lib', 'h']) {
    mkdirSync(join(ws, 'vendor', name), { recursive: true });
    writeFileSync(join(ws, 'vendor', name, '.git'), `gitdir: ../../store/${name}\n`);
  }
  outs['host'] = spawnSync('git', ['-C', join(ws, 'vendor', 'lib'), 'remote', '-v'], { encoding: 'utf8' }).stdout;
  outs['readPlain'] = bareCli(base, ['read', 'store/plain/config']);
  outs['readLib'] = bareCli(base, ['read', 'store/lib/config']);
  outs['readHead'] = bareCli(base, ['read', 'store/h/config']);
  const line = 'cat store/plain/config store/lib/config store/h/config; git -C vendor/lib remote -v; git -C vendor/h remote -v; echo done';
  outs['exec'] = bareExec(base, line, false);
  outs['off'] = bareCli(base, ['--sandbox', 'off', '--yes', 'exec', '--no-stage', '--cmd', line]);
}, 120_000);
afterAll(() => removeBare(base));

describe.skipIf(!usable)('R44-a6 MAJOR: a git folder whose objects or HEAD is a link is no git folder to codeward', () => {
  it('control: git takes it as a repository; a plain bare repository in the same place is refused and filtered', () => {
    expect(outs['host']).toContain(OBJ);
    expect(outs['readPlain']).toMatch(/C211/);
    expect(outs['exec']).toContain('done');
    expect(outs['exec']).not.toContain(PLAIN);
  });
  it('read refuses the config of a git folder whose objects is a link', () => {
    expect(outs['readLib']).not.toContain(OBJ);
  });
  it('read refuses the config of a git folder whose HEAD is a link', () => {
    expect(outs['readHead']).not.toContain(HEAD);
  });
  it('the sandbox view and the off jail show neither token', () => {
    expect(outs['exec']).not.toContain(OBJ);
    expect(outs['exec']).not.toContain(HEAD);
    expect(outs['off']).toContain('done');
    expect(outs['off']).not.toContain(OBJ);
    expect(outs['off']).not.toContain(HEAD);
  });
});
