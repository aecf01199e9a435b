// Red team round 24, R24-8 (homelinks25's link scans, home-links.ts / path-links.ts / obeyed-home-links.ts, and
// homeenv25's variables): the scans look for links into the workspace below the home catalogue's folders, the
// absolute PATH folders and the XDG_*-moved folders. A start-up file or tool home that codeward's environment names
// OUTSIDE the home and the workspace, and that is a link into the workspace (a dotfiles repository: `ln -s
// ~/proj/cfg/gitconfig /etc/dev/gitconfig` with GIT_CONFIG_GLOBAL=/etc/dev/gitconfig; a ZDOTDIR folder whose
// .zshrc links in; bash-completion's user folder), is not looked at, and neither is a PATH entry spelled `~/scripts`
// (bash expands it when it looks a command up: checked, `PATH='~/scripts:..' bash -c tool` runs ~/scripts/tool).
// The workspace file the link leads to is written under --yes, unasked. The same links from the home's own places,
// an absolute PATH folder and an XDG_CONFIG_HOME-moved folder ask (controls).
import { execFileSync } from 'node:child_process';
import { writeFileSync } from 'node:fs';
import { mkdir, symlink } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { removeDir, runCli, tempDir, writeFiles } from '../helpers/fixture.js';

let base: string;
let count = 0;
beforeAll(async () => {
  base = await tempDir('r24-outlinks-');
});
afterAll(async () => {
  await removeDir(base);
});

// The write of the workspace file `file` under --yes, with a link `link` -> WS/file; `link` and the variable's value
// spell `@OUT@` (a folder outside the home and the workspace) and `@H@` (the home). `name`: the variable set.
async function written(name: string, value: string, link: string, file: string, write = file): Promise<string> {
  const top = join(base, `w${++count}`), home = join(base, `h${count}`), out = join(base, `o${count}`);
  const fill = (text: string): string => text.replaceAll('@OUT@', out).replaceAll('@H@', home);
  await writeFiles(top, { 'src/a.ts': '1\n' });
  await writeFiles(home, { '.keep': '' });
  execFileSync('git', ['init', '-q', top]);
  await mkdir(dirname(fill(link)), { recursive: true });
  await symlink(join(top, file), fill(link));
  const result = runCli(['--json', '-C', top, 'write', '--path', write, '--content', '[core]\n\tpager = id\n'], { env: { HOME: home, CODEWARD_NO_SERVE: '1', [name]: fill(value) } });
  return result.json.ok ? 'ok' : result.json.error?.code ?? result.stdout;
}

const PATH = process.env['PATH'] ?? '/usr/bin:/bin';

// spell27: a tool home or start-up folder the environment names outside the workspace and the home is scanned for
// links into it (env-home-links.ts): ZDOTDIR, bash-completion's user folder, cargo's bin, git's templates.
describe('R24-8: a start-up file or tool home outside the home, linking into the workspace', () => {
  test.each([
    ['GIT_CONFIG_GLOBAL=OUT/gitconfig', 'GIT_CONFIG_GLOBAL', '@OUT@/gitconfig', '@OUT@/gitconfig', 'cfg/gitconfig'],
    ['PATH=~/scripts:..', 'PATH', `~/scripts:${PATH}`, '@H@/scripts/tool', 'bin/tool'],
    ['ZDOTDIR=OUT, OUT/.zshrc', 'ZDOTDIR', '@OUT@', '@OUT@/.zshrc', 'cfg/zshrc'],
    ['BASH_COMPLETION_USER_DIR=OUT, OUT/completions/tool', 'BASH_COMPLETION_USER_DIR', '@OUT@', '@OUT@/completions/tool', 'cfg/tool.bash'],
    ['CARGO_HOME=OUT, OUT/bin/deep/tool', 'CARGO_HOME', '@OUT@', '@OUT@/bin/deep/tool', 'cfg/tool'],
    ['RUSTUP_HOME=OUT, OUT/toolchains/dev (rustup toolchain link)', 'RUSTUP_HOME', '@OUT@', '@OUT@/toolchains/dev', 'tc'],
    ['RUSTUP_HOME=OUT, OUT/toolchains/t/lib/rustlib/x/lib/libproc.so', 'RUSTUP_HOME', '@OUT@', '@OUT@/toolchains/t/lib/rustlib/x/lib/libproc.so', 'cfg/libproc.so'],
    ['GIT_TEMPLATE_DIR=OUT, OUT/hooks/post-checkout', 'GIT_TEMPLATE_DIR', '@OUT@', '@OUT@/hooks/post-checkout', 'cfg/hook'],
  ])('%s: the link target asks', async (_label, name, value, link, file) => {
    expect(await written(name, value, link, file)).toBe('C241');
  }, 60_000);

  test.each([
    ['XDG_CONFIG_HOME=OUT', 'XDG_CONFIG_HOME', '@OUT@', '@OUT@/git/config', 'cfg/gitconfig'],
    ['PATH=OUT:..', 'PATH', `@OUT@:${PATH}`, '@OUT@/tool', 'bin/tool'],
    ['the home\'s ~/.local/bin', 'LANG', 'C', '@H@/.local/bin/tool', 'bin/tool'],
    ['the home\'s ~/.zshrc', 'LANG', 'C', '@H@/.zshrc', 'cfg/zshrc'],
  ])('control (held): %s: the link target asks', async (_label, name, value, link, file) => {
    expect(await written(name, value, link, file)).toBe('C241');
  }, 60_000);
});

// spell28 (spell27's LEFT): the load folders whose top entries a loader opens by name, outside the home and the
// workspace (env-home-links.ts FOLDER_ROWS: each listed once, never walked).
describe('R24-8: a load folder outside, its top entry linking into the workspace', () => {
  test.each([
    ['LD_LIBRARY_PATH=OUT, OUT/libx.so', 'LD_LIBRARY_PATH', '@OUT@', '@OUT@/libx.so', 'lib/libx.so'],
    ['LD_LIBRARY_PATH=/nowhere:OUT (the second entry)', 'LD_LIBRARY_PATH', '/nowhere:@OUT@', '@OUT@/libx.so.1', 'lib/libx.so.1'],
    ['PERL5LIB=OUT, OUT/strict.pm', 'PERL5LIB', '@OUT@', '@OUT@/strict.pm', 'lib/strict.pm'],
    ['RUBYLIB=OUT, OUT/x.rb', 'RUBYLIB', '@OUT@', '@OUT@/x.rb', 'lib/x.rb'],
    ['NODE_PATH=OUT, OUT/x.js', 'NODE_PATH', '@OUT@', '@OUT@/x.js', 'lib/x.js'],
    ['PYTHONPATH=OUT, OUT/sitecustomize.py', 'PYTHONPATH', '@OUT@', '@OUT@/sitecustomize.py', 'tools/site.py'],
  ])('%s: the link target asks', async (_label, name, value, link, file) => {
    expect(await written(name, value, link, file)).toBe('C241');
  }, 60_000);

  test('LD_LIBRARY_PATH=OUT with more entries than a listing holds: every write asks (the scan is cut)', async () => {
    const out = join(base, `big${++count}`);
    await mkdir(out, { recursive: true });
    for (let at = 0; at <= 65_536; at++) writeFileSync(join(out, `l${at}`), '');
    expect(await written('LD_LIBRARY_PATH', out, '@OUT@/libx.so', 'lib/libx.so', 'src/b.ts')).toBe('C241');
  }, 120_000);

  test.each([
    ['LD_LIBRARY_PATH=OUT, OUT/sub/libx.so (below the top: not loaded)', 'LD_LIBRARY_PATH', '@OUT@', '@OUT@/sub/libx.so', 'lib/libx.so', 'lib/libx.so'],
    ['LD_LIBRARY_PATH=OUT, OUT/libx.so -> WS/lib/libx.so, writing src/b.ts', 'LD_LIBRARY_PATH', '@OUT@', '@OUT@/libx.so', 'lib/libx.so', 'src/b.ts'],
    ['PYTHONPATH=OUT, OUT/mod.py -> WS/src/mod.py (not a start-up module)', 'PYTHONPATH', '@OUT@', '@OUT@/mod.py', 'src/mod.py', 'src/mod.py'],
  ])('%s: written', async (_label, name, value, link, file, write) => {
    expect(await written(name, value, link, file, write)).toBe('ok');
  }, 60_000);
});

// Friction: the tool's other folders (cargo's registry: downloaded sources) and other workspace files stay free.
describe('R24-8: a tool home outside, free where it should be', () => {
  test.each([
    ['CARGO_HOME=OUT, OUT/registry/src/x -> WS/vendor/x.txt', 'CARGO_HOME', '@OUT@', '@OUT@/registry/src/x', 'vendor/x.txt'],
    ['RUSTUP_HOME=OUT, OUT/toolchains/t/share/doc/x.html -> WS/doc/x.html (docs: not walked)', 'RUSTUP_HOME', '@OUT@', '@OUT@/toolchains/t/share/doc/x.html', 'doc/x.html'],
    ['ZDOTDIR=OUT, OUT/.zshrc -> WS/cfg/zshrc, writing src/b.ts', 'ZDOTDIR', '@OUT@', '@OUT@/.zshrc', 'cfg/zshrc', 'src/b.ts'],
  ])('%s: written', async (_label, name, value, link, file, write = file) => {
    expect(await written(name, value, link, file, write)).toBe('ok');
  }, 60_000);
});
