// Red team round 12, R12-16b (issue 26): a project `.envrc` (direnv runs it on cd, outside any sandbox) sets a
// variable that makes a program load a workspace file: GNU make reads MAKEFILES' files before every makefile,
// perl loads PERL5OPT's -M modules, `$(pwd -P)` spells the folder as `$(pwd)` does, and a variable a program runs
// as a command (GIT_EXTERNAL_DIFF) names a script. The file was created unasked. The environment table
// (src/permissions/obeyed-env.ts) is the one list: the loaders and the command variables the shell judges
// (shell/command-variables.ts) are its rows. The in-process engine under --yes; every row fails on the old code.
import { join } from 'node:path';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { createEngine } from '../../src/index.js';
import { envLoadGlobs, envNamed, isCommandVariable } from '../../src/permissions/obeyed-env.js';
import { removeDir, tempDir, writeFiles } from '../helpers/fixture.js';

let base: string;
beforeAll(async () => {
  base = await tempDir('cw-env-table-');
});
afterAll(async () => removeDir(base));
afterEach(() => vi.unstubAllEnvs());

describe('the environment table', () => {
  it('MAKEFILES, PERL5OPT and the command variables are rows of it', () => {
    expect(envNamed('MAKEFILES', 'a.mk /w/b.mk')?.entries).toEqual(['a.mk', '/w/b.mk']);
    expect(envNamed('PERL5OPT', '-Mtools::x=1 -w -mstrict')?.entries).toEqual(['tools/x.pm', 'strict.pm']);
    expect(envNamed('GIT_EXTERNAL_DIFF', '/w/tools/d.sh --flag')?.entries).toEqual(['/w/tools/d.sh']);
    expect(envNamed('EDITOR', 'vim')?.entries).toEqual([]);
    for (const name of ['GIT_EXTERNAL_DIFF', 'GIT_SSH_COMMAND', 'PAGER', 'EDITOR']) expect(isCommandVariable(name), name).toBe(true);
    for (const name of ['PATH', 'MAKEFILES', 'HOME']) expect(isCommandVariable(name), name).toBe(false);
  });

  it('the process environment: MAKEFILES and PERL5OPT name files of the workspace', () => {
    const root = join(base, 'proc');
    const globs = envLoadGlobs([root], { MAKEFILES: `${root}/mk/pre.mk`, PERL5OPT: '-Mlib::Evil' }).map((each) => each.glob);
    expect(globs).toContain('mk/pre.mk');
    expect(globs).toContain('**/lib/Evil.pm');
  });
});

describe('a project .envrc: what it makes programs load asks before it is written (--yes)', () => {
  it.each([
    ['export MAKEFILES=$PWD/tools/x.mk', 'tools/x.mk'],
    ['export PERL5OPT=-Mtools::x PERL5LIB=$PWD', 'tools/x.pm'],
    ['export PATH=$(pwd -P)/bin2:$PATH', 'bin2/ls'],
    ['export GIT_EXTERNAL_DIFF=$PWD/tools/d.sh', 'tools/d.sh'],
  ])('%s -> %s', async (line, file) => {
    const root = join(base, `r${file.replace(/\W/g, '')}`), home = join(base, 'home');
    await writeFiles(root, { '.envrc': `${line}\n`, 'src/a.pm': '1;\n' });
    await writeFiles(home, { '.keep': '' });
    vi.stubEnv('HOME', home);
    const engine = await createEngine({ workspace: root, env: { HOME: home }, permissions: { home, yes: true } });
    try {
      expect(await engine.run({ cmd: 'write', args: { file, content: 'system("touch /tmp/pwn")\n' } }), file).toMatchObject({ ok: false, error: { code: 'C241' } });
      expect(await engine.run({ cmd: 'write', args: { file: 'src/a.pm', content: '1;\n' } })).toMatchObject({ ok: true });
    } finally {
      await engine.close();
    }
  });
});
