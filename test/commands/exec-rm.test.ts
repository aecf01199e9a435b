import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { CLI, removeDir, runCli, tempDir, writeFiles } from '../helpers/fixture.js';

// Issue 19: `rm -rf dist` was refused even with --allow '@coder exec rm -rf dist' (safety-immune) while
// `rm -r dist` ran under --yes, and the README called `rm -rf dist` "never blocked". One class now:
// a recursive delete of a plain name in the folder the command runs in, with or without -f, follows the
// rules (--yes, an allow rule); any other recursive delete needs a person; the workspace root, a folder
// holding it and its .git are C242 whatever the rules say.
describe.skipIf(!existsSync(CLI))('rm -r and rm -rf are judged alike', () => {
  let root: string;
  beforeEach(async () => {
    root = await tempDir();
    spawnSync('git', ['init', '-q'], { cwd: root });
    await writeFiles(root, { 'dist/a.js': 'a', 'build/b.js': 'b', 'sub/x/c': 'c', 'keep.txt': 'k' });
  });
  afterEach(() => removeDir(root));

  const run = (cmd: string, flags: string[] = [], yes = true) => runCli(['-C', root, '--json', '--sandbox', 'off', ...flags, 'exec', '--cmd', cmd], { yes });

  it.each(['rm -rf dist', 'rm -r dist', 'rm -fr dist', 'rm --recursive --force dist', 'rm -Rf dist build'])('%s runs under --yes', (cmd) => {
    expect(run(cmd).json).toMatchObject({ ok: true });
    expect(existsSync(`${root}/dist`)).toBe(false);
  });

  it.each(['rm -rf dist', 'rm -r dist'])('%s runs under --allow "@coder exec rm -rf dist" / "rm -r dist", without --yes', (cmd) => {
    expect(run(cmd, ['--allow', `@coder exec ${cmd}`], false).json).toMatchObject({ ok: true });
    expect(existsSync(`${root}/dist`)).toBe(false);
  });

  it('without a rule or --yes both ask (C241 without a terminal), neither is safety-immune', () => {
    for (const cmd of ['rm -rf dist', 'rm -r dist']) {
      const result = run(cmd, [], false);
      expect(result.json).toMatchObject({ ok: false, error: { code: 'C241' } });
      expect(result.json.error?.message).not.toMatch(/safety-immune/);
    }
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

  it('a wrapper that keeps the folder (timeout, nice) still follows the rules', () => {
    expect(run('timeout 30 nice rm -rf dist').json).toMatchObject({ ok: true });
    expect(existsSync(`${root}/dist`)).toBe(false);
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

  it('find . -name x -delete and find dist -delete still follow the rules', () => {
    expect(run("find . -name '*.js' -path './build/*' -delete").json).toMatchObject({ ok: true });
    expect(existsSync(`${root}/build/b.js`)).toBe(false);
    expect(run('find dist -delete').json).toMatchObject({ ok: true });
    expect(existsSync(`${root}/dist`)).toBe(false);
  });
});

