// Red team round 6, R6-17 (CRITICAL with a common PATH): a folder of the user's PATH inside the workspace
// (an absolute $W/bin, a relative node_modules/.bin) was an ordinary folder for the write gate, so the model
// planted bin/git or node_modules/.bin/ls under --yes and in auto-edit, and the person's next command ran it
// outside any sandbox; PYTHONPATH's sitecustomize.py the same. They are protected now (obeyed-env.ts), in
// the file tools and in what a sandboxed command leaves behind.
import { existsSync } from 'node:fs';
import { mkdir, symlink } from 'node:fs/promises';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { envLoadGlobs, withoutRelativePath } from '../../src/permissions/obeyed-env.js';
import { isObeyedLater } from '../../src/permissions/obeyed.js';
import { removeDir, runCli, tempDir } from '../helpers/fixture.js';

let root: string;
let home: string;
beforeAll(async () => {
  root = await tempDir();
  home = await tempDir('codeward-home-');
  await mkdir(join(root, 'bin'));
});
afterAll(async () => {
  await removeDir(root);
  await removeDir(home);
});

const judged = (path: string, env: Record<string, string>): string | undefined => isObeyedLater(path, { gitPaths: [], envGlobs: envLoadGlobs(['/w'], env) })?.pattern;

describe('folders the environment loads programs from', () => {
  it('an absolute PATH folder inside the workspace, a relative one in every folder; not one outside; `.` and an empty entry: programs\' names in every folder (R24-17)', () => {
    expect(judged('bin/git', { PATH: '/usr/bin:/w/bin' })).toBe('bin/**');
    expect(judged('pkg/node_modules/.bin/ls', { PATH: 'node_modules/.bin:/usr/bin' })).toBe('**/node_modules/.bin/**');
    expect(judged('node_modules/.bin/ls', { PATH: './node_modules/.bin/' })).toBe('**/node_modules/.bin/**');
    expect(judged('bin/git', { PATH: '/usr/bin:/other/bin:../x' })).toBeUndefined();
    expect(judged('bin/git', { PATH: '/usr/bin:/other/bin:.::../x' })).toBe('**/*');
    expect(judged('bin/release-notes', { PATH: '/usr/bin:/other/bin:.::../x' })).toBeUndefined();
    expect(judged('src/main.ts', { PATH: '/w/bin:node_modules/.bin' })).toBeUndefined();
  });

  it('a relative PATH folder: left out where a sandboxed command\'s changes are judged, but for everyday program names', () => {
    const ctx = withoutRelativePath({ gitPaths: [], envGlobs: envLoadGlobs(['/w'], { PATH: 'node_modules/.bin:/usr/bin' }) });
    expect(isObeyedLater('node_modules/.bin/vitest', ctx)).toBeUndefined();
    expect(isObeyedLater('pkg/node_modules/.bin/git', ctx)?.why).toMatch(/PATH names node_modules\/\.bin/);
    const absolute = withoutRelativePath({ gitPaths: [], envGlobs: envLoadGlobs(['/w'], { PATH: '/w/bin' }) });
    expect(isObeyedLater('bin/anything', absolute)?.pattern).toBe('bin/**');
  });

  it('red team R7-2: every spelling of a PATH entry is normalised (bin/../bin, ././bin, .//bin, a link to the workspace)', async () => {
    for (const entry of ['bin/../bin', '././bin', './/bin', 'bin/']) expect(judged('bin/git', { PATH: entry }), entry).toBe('**/bin/**');
    const link = join(home, 'lnk');
    await symlink(root, link);
    expect(isObeyedLater('bin/git', { gitPaths: [], envGlobs: envLoadGlobs([root], { PATH: `${link}/bin` }) })?.pattern).toBe('bin/**');
  });

  it('red team R7-2/R7-12: a PATH entry written with ~ is the home folder\'s; a root below a home dot-folder keeps the home catalogue', () => {
    expect(isObeyedLater('bin/git', { gitPaths: [], envGlobs: envLoadGlobs([join(home, 'proj')], { PATH: '~/proj/bin', HOME: home }) })?.pattern).toBe('bin/**');
    expect(isObeyedLater('autostart/x.desktop', { gitPaths: [], homeAbove: '.config' })?.pattern).toMatch(/^~\/\.config/);
    expect(isObeyedLater('src/app.ts', { gitPaths: [], homeAbove: 'projects/app' })).toBeUndefined();
  });

  it('red team R7-4: other load paths - NODE_OPTIONS --require, LD_PRELOAD, BASH_ENV, GIT_EXEC_PATH, GIT_TEMPLATE_DIR', () => {
    expect(judged('x.js', { NODE_OPTIONS: '--max-old-space-size=4096 --require ./x.js' })).toBe('**/x.js');
    expect(judged('tools/hook.mjs', { NODE_OPTIONS: '--import=/w/tools/hook.mjs' })).toBe('tools/hook.mjs');
    expect(judged('p.so', { LD_PRELOAD: './p.so /usr/lib/x.so' })).toBe('**/p.so');
    expect(judged('.benv', { BASH_ENV: './.benv' })).toBe('**/.benv');
    expect(judged('gx/git-status', { GIT_EXEC_PATH: '/w/gx' })).toBe('gx/**');
    expect(judged('tpl/hooks/pre-commit', { GIT_TEMPLATE_DIR: '/w/tpl' })).toBe('tpl/**');
    expect(judged('src/app.py', { PYTHONPATH: 'src', PERL5LIB: 'lib', NODE_PATH: 'src' })).toBeUndefined();
  });

  it('red team R7-3: in a relative PATH folder a sandboxed command\'s file named like a program of the rest of PATH is set aside', () => {
    const ctx = withoutRelativePath({ gitPaths: [], envGlobs: envLoadGlobs(['/w'], { PATH: 'node_modules/.bin:/usr/bin:/bin' }) });
    for (const name of ['touch', 'diff', 'git']) expect(isObeyedLater(`node_modules/.bin/${name}`, ctx), name).toBeDefined();
    expect(isObeyedLater('node_modules/.bin/vitest-made-up-name', ctx)).toBeUndefined();
  });

  it('PYTHONPATH: sitecustomize/usercustomize in its folders (`.` is every folder), other modules are ordinary', () => {
    // Also the catalogue's own row since R24-13 (any folder may be on sys.path): obeyed either way.
    expect(judged('lib/sitecustomize.py', { PYTHONPATH: '/w/lib' })).toMatch(/sitecustomize\*$/);
    expect(judged('a/usercustomize.py', { PYTHONPATH: '.' })).toMatch(/usercustomize\*$/);
    expect(judged('lib/helpers.py', { PYTHONPATH: '/w/lib' })).toBeUndefined();
  });

  it('through the real binary under --yes: create bin/git and a shell line writing bin/cat ask; an ordinary file is written', () => {
    const env = { HOME: home, PATH: `${join(root, 'bin')}:node_modules/.bin:${process.env['PATH'] ?? ''}` };
    const create = runCli(['--json', '-C', root, 'create', '--files', JSON.stringify([{ path: 'bin/git', content: '#!/bin/sh\ntouch PWNED\n', mode: '0755' }])], { env });
    expect(create.json.error?.code, create.stdout).toBe('C241');
    expect(create.json.error?.message).toMatch(/PATH names/);
    const relative = runCli(['--json', '-C', root, 'create', '--files', JSON.stringify([{ path: 'node_modules/.bin/ls', content: '#!/bin/sh\n', mode: '0755' }])], { env });
    expect(relative.json.error?.code, relative.stdout).toBe('C241');
    const line = runCli(['--json', '-C', root, 'exec', '--cmd', 'printf "#!/bin/sh\\n" > bin/cat; chmod +x bin/cat'], { env });
    expect(line.json.error?.code, line.stdout).toBe('C241');
    expect(existsSync(join(root, 'bin/git')) || existsSync(join(root, 'bin/cat')) || existsSync(join(root, 'node_modules/.bin/ls'))).toBe(false);
    const ordinary = runCli(['--json', '-C', root, 'write', '--file', 'src/ok.txt', '--content', 'x'], { env });
    expect(ordinary.json.ok, ordinary.stdout).toBe(true);
  });
});
