import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { CLI, removeDir, runCli, tempDir, writeFiles } from '../helpers/fixture.js';

// Issue 19 made `rm -rf dist` and `rm -r dist` one class; issue 26 (class 7, seed 004: "rm -rf / rm -fr and
// variants" ALWAYS ask, "regardless of any allow rule") makes that class safety-immune for every target and
// spelling: neither --yes nor an allow rule runs a recursive delete, a person does, and the refusal points to
// codeward's undoable `delete --recursive`. The workspace root, a folder holding it and its .git are C242.
describe.skipIf(!existsSync(CLI))('rm -r and rm -rf are judged alike', () => {
  let root: string;
  beforeEach(async () => {
    root = await tempDir();
    spawnSync('git', ['init', '-q'], { cwd: root });
    await writeFiles(root, { 'dist/a.js': 'a', 'build/b.js': 'b', 'sub/x/c': 'c', 'keep.txt': 'k' });
  });
  afterEach(() => removeDir(root));

  const run = (cmd: string, flags: string[] = [], yes = true) => runCli(['-C', root, '--json', '--sandbox', 'off', ...flags, 'exec', '--cmd', cmd], { yes });

  const RECURSIVE = ['rm -rf dist', 'rm -r dist', 'rm -fr dist', 'rm -R dist', 'rm --recursive --force dist', 'rm --rec dist', 'rm -r -f dist', 'rm -Rf dist build',
    'command rm -rf dist', 'env rm -rf dist', 'echo dist | xargs rm -r', 'find . -name dist -exec rm -r {} +', '\\rm -rf dist', '/bin/rm -rf dist',
    'timeout 30 nice rm -rf dist', 'find dist -delete', "find . -name '*.js' -delete", 'busybox rm -r dist'];

  it.each(RECURSIVE)('%s is safety-immune under --yes and under an allow rule (C241), and points to delete --recursive', (cmd) => {
    for (const flags of [[], ['--allow', `@coder exec ${cmd}`], ['--allow', '@coder exec *', '--allow', '@coder exec rm']]) {
      const result = run(cmd, flags);
      expect(result.json).toMatchObject({ ok: false, error: { code: 'C241' } });
      expect(result.json.error?.message).toMatch(/safety-immune/);
      if (!cmd.includes('busybox')) expect(result.json.error?.message).toMatch(/delete --paths .* --recursive/);
    }
    expect(existsSync(`${root}/dist/a.js`)).toBe(true);
  });

  it('the undoable way: delete --recursive runs under --yes and undo brings the folder back', () => {
    expect(runCli(['-C', root, '--json', 'delete', '--paths', '["dist"]', '--recursive']).json).toMatchObject({ ok: true });
    expect(existsSync(`${root}/dist`)).toBe(false);
    expect(runCli(['-C', root, '--json', 'undo']).json).toMatchObject({ ok: true });
    expect(existsSync(`${root}/dist/a.js`)).toBe(true);
  });

  it.each([
    'rm -rf dist/a.js',
    'rm -r ../x',
    'rm -rf /tmp/codeward-not-there',
    'rm -rf *',
    'rm -r ~/x',
    'cd sub && rm -rf x',
    'find . -name dist -exec rm -rf {} +',
    'ls | xargs rm -r',
    'd=dist; rm -rf $d',
  ])('%s stays safety-immune: neither --yes nor an allow rule runs it', (cmd) => {
    const result = run(cmd, ['--allow', `@coder exec ${cmd}`]);
    expect(result.json).toMatchObject({ ok: false, error: { code: 'C241' } });
    expect(result.json.error?.message).toMatch(/safety-immune/);
    expect(existsSync(`${root}/dist/a.js`)).toBe(true);
    expect(existsSync(`${root}/sub/x/c`)).toBe(true);
  });

  it.each([
    ['rm -rf .', 'the workspace root'],
    ['rm -r .', 'the workspace root'],
    ['rm -rf .git', "the workspace's .git folder"],
    ['rm -r .git/', "the workspace's .git folder"],
    ['rm -rf .*', "the workspace's .git folder (through .*)"],
    ['rm -rf .g?t', "the workspace's .git folder (through .g?t)"],
    ['rm -rf ..', 'which holds the workspace'],
    ['cd sub && rm -rf ..', 'the workspace'],
    ['find . -delete', 'the workspace root'],
    ['tar --remove-files -czf ../all.tgz .', 'the workspace root'],
    ['zip -rm ../git.zip .git', "the workspace's .git folder"],
    ['python3 -c "import shutil; shutil.rmtree(\'.git\')"', "the workspace's .git folder"],
  ])('%s is C242 whatever the rules say', (cmd, what) => {
    const result = run(cmd, ['--allow', `@coder exec ${cmd}`, '--allow', '@coder exec *']);
    expect(result.json).toMatchObject({ ok: false, error: { code: 'C242' } });
    expect(result.json.error?.message).toContain(what);
    expect(existsSync(`${root}/.git/HEAD`)).toBe(true);
    expect(existsSync(`${root}/keep.txt`)).toBe(true);
  });

  it('a subfolder run with --dir: `rm -rf .` there is its own folder, not the workspace (immune, not C242)', () => {
    const result = runCli(['-C', root, '--json', '--sandbox', 'off', 'exec', '--dir', 'sub', '--cmd', 'rm -rf .']);
    expect(result.json).toMatchObject({ ok: false, error: { code: 'C241' } });
  });

  // Red team: the plain name is only plain in the folder the command runs in. A wrapper that moves it,
  // a sourced script that cds, or a shell whose start-up file cds first deleted a folder outside the
  // workspace under --yes (each ran on the old code).
  it.each([
    'env -C OUT rm -rf victim',
    'env --chdir=OUT rm -rf victim',
    'unshare -w OUT rm -rf victim',
    'nsenter --wd=OUT rm -rf victim',
    '. ./cd.sh; rm -rf victim',
    'source cd.sh && rm -rf victim',
    'BASH_ENV=cd.sh bash -c "rm -rf victim"',
  ])('%s stays safety-immune and the outside folder is kept', async (template) => {
    const outside = await tempDir();
    try {
      await writeFiles(outside, { 'victim/f': 'v' });
      await writeFiles(root, { 'cd.sh': `cd '${outside}'\n` });
      const cmd = template.replace('OUT', outside);
      const result = run(cmd, ['--allow', `@coder exec ${cmd}`, '--allow', '@coder exec rm -rf victim']);
      expect(result.json).toMatchObject({ ok: false, error: { code: 'C241' } });
      expect(result.json.error?.message).toMatch(/safety-immune/);
      expect(existsSync(`${outside}/victim/f`)).toBe(true);
    } finally {
      await removeDir(outside);
    }
  });

  // Red team: `find X -delete` is `rm -rf X` by another spelling; a start point outside the folder, or a
  // link followed with -L/-H, deleted outside the workspace under --yes (each ran on the old code).
  it.each([
    'find OUT/victim -delete', 'find ../OUTNAME/victim -delete', 'find -L lnk -delete', 'find -H lnk -name f -delete', 'find lnk/ -delete', 'find lnk -follow -delete', 'env -C OUT find victim -delete',
    `python3 -c "import shutil; shutil.rmtree('OUT/victim')"`,
    `node -e "require('fs').rmSync('OUT/victim', { recursive: true })"`,
    'perl -MFile::Path=rmtree -e "rmtree(q{OUT/victim})"',
  ])('%s stays safety-immune and the outside folder is kept', async (template) => {
    const outside = await tempDir();
    try {
      await writeFiles(outside, { 'victim/f': 'v' });
      spawnSync('ln', ['-s', `${outside}/victim`, `${root}/lnk`]);
      const name = outside.slice(outside.lastIndexOf('/') + 1);
      const cmd = template.replace('OUTNAME', name).replace('OUT', outside);
      const rootParent = root.slice(0, root.lastIndexOf('/'));
      const usable = !template.includes('OUTNAME') || outside.startsWith(`${rootParent}/`);
      const result = run(cmd, ['--allow', `@coder exec ${cmd}`]);
      expect(result.json).toMatchObject({ ok: false, error: { code: 'C241' } });
      expect(result.json.error?.message).toMatch(/safety-immune/);
      if (usable) expect(existsSync(`${outside}/victim/f`)).toBe(true);
    } finally {
      await removeDir(outside);
    }
  });
});
