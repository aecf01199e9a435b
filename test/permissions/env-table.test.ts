// Red team round 12, R12-16b (issue 26): a project `.envrc` (direnv runs it on cd, outside any sandbox) sets a
// variable that makes a program load a workspace file: GNU make reads MAKEFILES' files before every makefile,
// perl loads PERL5OPT's -M modules, `$(pwd -P)` spells the folder as `$(pwd)` does, and a variable a program runs
// as a command (GIT_EXTERNAL_DIFF) names a script. The file was created unasked. The environment table
// (src/permissions/obeyed-env.ts) is the one list: the loaders and the command variables the shell judges
// (shell/command-variables.ts) are its rows. The in-process engine under --yes; every row fails on the old code.
import { join } from 'node:path';
import { describe, expect, it, vi } from 'vitest';
import { createEngine } from '../../src/index.js';
import { envLoadGlobs, envNamed, isCommandVariable } from '../../src/permissions/obeyed-env.js';
import { envBase } from './env-file-write.js';
import { writeFiles } from '../helpers/fixture.js';

const tmp = envBase('cw-env-table-');

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
    const root = join(tmp.path, 'proc');
    const globs = envLoadGlobs([root], { MAKEFILES: `${root}/mk/pre.mk`, PERL5OPT: '-Mlib::Evil' }).map((each) => each.glob);
    expect(globs).toContain('mk/pre.mk');
    expect(globs).toContain('**/lib/Evil.pm');
  });
});

// Under --yes, writing `file` in a workspace of `files` asks (C241); writing `plain` does not.
async function writeAsks(name: string, files: Record<string, string>, file: string, plain: string): Promise<void> {
  const root = join(tmp.path, name), home = join(tmp.path, 'home');
  await writeFiles(root, files);
  await writeFiles(home, { '.keep': '' });
  vi.stubEnv('HOME', home);
  const engine = await createEngine({ workspace: root, env: { HOME: home }, permissions: { home, yes: true } });
  try {
    expect(await engine.run({ cmd: 'write', args: { file, content: 'system("touch /tmp/pwn")\n' } }), file).toMatchObject({ ok: false, error: { code: 'C241' } });
    expect(await engine.run({ cmd: 'write', args: { file: plain, content: files[plain]! } })).toMatchObject({ ok: true });
  } finally {
    await engine.close();
  }
}

describe('a project .envrc: what it makes programs load asks before it is written (--yes)', () => {
  it.each([
    ['export MAKEFILES=$PWD/tools/x.mk', 'tools/x.mk'],
    ['export PERL5OPT=-Mtools::x PERL5LIB=$PWD', 'tools/x.pm'],
    ['export PATH=$(pwd -P)/bin2:$PATH', 'bin2/ls'],
    ['export GIT_EXTERNAL_DIFF=$PWD/tools/d.sh', 'tools/d.sh'],
  ])('%s -> %s', (line, file) => writeAsks(`r${file.replace(/\W/g, '')}`, { '.envrc': `${line}\n`, 'src/a.pm': '1;\n' }, file, 'src/a.pm'));
});

// Red team R13-12: not a table of names. ANY variable an allowed `.envrc` (or the `.env` its `dotenv` loads)
// sets whose value names a workspace path makes that path obeyed, file or folder (recursively), however the
// path is spelled ($PWD, $(pwd), expand_path, realpath, a variable, relative); the project folder itself is not.
describe('a project .envrc: any variable whose value names a workspace path (--yes)', () => {
  it.each([
    ['export RUSTC_WRAPPER=$PWD/tools/w', 'tools/w'],
    ['export CC="$(pwd)/tools/cc"', 'tools/cc'],
    ['export JAVA_TOOL_OPTIONS="-javaagent:$PWD/tools/a.jar=opts"', 'tools/a.jar'],
    ['export DOCKER_CONFIG=$(expand_path .docker)', '.docker/config.json'],
    ['export DOCKER_CONFIG=$PWD/.docker2', '.docker2/config.json'],
    ['T=$PWD/kube; export KUBECONFIG=$T/k.yaml:/etc/k', 'kube/k.yaml'],
    ['export MY_HOOK=$(realpath tools/hook.sh)', 'tools/hook.sh'],
    ['export SOME_TOOL=tools/rel.sh', 'tools/rel.sh'],
    ['export KUBECONFIG=kube.yaml', 'kube.yaml'],
    ['dotenv .env.tools', 'tools/fromenv'],
    // A command value: less runs LESSOPEN's program on every file it shows, bash sources PROMPT_COMMAND's (R14-17).
    ['export LESSOPEN="|$PWD/tools/lo %s"', 'tools/lo'],
    ['export PROMPT_COMMAND=". $PWD/tools/pc"', 'tools/pc'],
  ])('%s -> %s', (line, file) =>
    writeAsks(`v${file.replace(/\W/g, '')}`, { '.envrc': `${line}\nexport ROOT=$PWD NODE_ENV=production\n`, '.env.tools': 'CC=./tools/fromenv\n', 'kube.yaml': 'x: 1\n', '.docker/.keep': '', 'src/a.ts': '1\n' }, file, 'src/a.ts'));
});

// The same class in mise's config, which sets variables on `cd` like direnv (R13-12).
describe('a project mise.toml: any [env] value that names a workspace path (--yes)', () => {
  it.each([
    ['mise.toml', 'tools/w', '[env]\nRUSTC_WRAPPER = "{{config_root}}/tools/w"\n'],
    ['.mise.toml', 'bin3/ls', '[env]\n_.path = ["./bin3"]\n'],
    ['.config/mise.toml', 'tools/a.jar', 'env.JAVA_TOOL_OPTIONS = "-javaagent:{{config_root}}/tools/a.jar"\n'],
    ['mise.local.toml', 'kube.yaml', "[tools]\nnode = '20'\n[env]\nKUBECONFIG = 'kube.yaml'\nROOT = '{{config_root}}'\n"],
  ])('%s -> %s', (name, file, text) => writeAsks(`m${file.replace(/\W/g, '')}`, { [name]: text, 'kube.yaml': 'x: 1\n', 'src/a.ts': '1\n' }, file, 'src/a.ts'));
});

// Red team R14b-3: an allowed `.envrc` / `.env` / mise file whose loader variables make programs load work-tree
// files by spellings the walk did not follow. Loader variables are a table (variable -> how its value names
// files): ruby's and perl's `-I` folders, PERL5LIB/RUBYLIB/NODE_PATH module folders (whole), a relative
// PYTHONSTARTUP in mise; quotes join a word (`"$PWD"/x`); a value read with `$(cat F)` is read.
describe('R14b-3: what a loader variable of a workspace env file names asks before it is written (--yes)', () => {
  it.each([
    ['.envrc', 'export PROMPT_COMMAND=". \\"$PWD\\"/tools/pc"', 'tools/pc'],
    ['.envrc', 'export RUBYOPT="-I./lib -rx"', 'lib/x.rb'],
    ['.envrc', 'export RUBYOPT="-I./lib -rx"', 'lib/json.rb'],
    ['.envrc', 'export RUBYOPT=-rtools/boot', 'tools/boot.rb'],
    ['.envrc', 'export PERL5OPT="-I./lib -Mx"', 'lib/x.pm'],
    ['.envrc', 'export PERL5LIB=lib', 'lib/strict.pm'],
    ['.envrc', 'export RUBYLIB=lib:vendor/rb', 'vendor/rb/json.rb'],
    ['.envrc', 'export NODE_PATH=lib', 'lib/x.js'],
    ['.envrc', 'export PYTHONSTARTUP=s.py', 's.py'],
    ['.envrc', 'export CC=$(cat .ccpath)', 'tools/cc'],
    ['.envrc', 'export CC=`cat .ccpath`', '.ccpath'],
    ['.envrc', 'dotenv .env.tools', 'lib/json.rb'],
    ['mise.toml', "[env]\nPYTHONSTARTUP = 's.py'\n", 's.py'],
    ['mise.toml', "[env]\nRUBYOPT = '-I./lib -rx'\n", 'lib/x.rb'],
    ['mise.toml', "[env]\nPERL5LIB = 'lib'\n", 'lib/strict.pm'],
  ])('%s %j -> %s', (name, text, file) =>
    writeAsks(`l${name.replace(/\W/g, '')}${text.replace(/\W/g, '')}${file.replace(/\W/g, '')}`.slice(0, 90), { [name]: name === '.envrc' ? `${text}\n` : text, '.env.tools': 'RUBYLIB=./lib\n', '.ccpath': 'tools/cc\n', 'src/a.ts': '1\n' }, file, 'src/a.ts'));
});

// A loader variable's value only known at run time (a command substitution, a mise template, an expansion the
// reading program does: `PROMPT_COMMAND='. "$PWD"/x'` runs in whatever folder the prompt is) may name any file:
// the file is not understood, and the whole work tree is obeyed. Another variable's substitution stays free.
describe('R14b-3: a loader variable only known at run time obeys the whole work tree (--yes)', () => {
  it.each([
    ['.envrc', `export PROMPT_COMMAND='. "$PWD"/x'`],
    ['.envrc', 'export PROMPT_COMMAND=". \\"\\$PWD\\"/x"'],
    ['.envrc', 'export NODE_OPTIONS="--require $(cat .req)"'],
    ['.envrc', 'export PATH=$(cat .path):$PATH'],
    ['.envrc', 'export BASH_ENV=`cat .req`'],
    ['.envrc', 'export TOOL=$PWD/$(uname -m)/w'],
    ['.envrc', 'export TOOL="$(cat $(cat .req))"'],
    ['.envrc', 'read -r NODE_OPTIONS < .req; export NODE_OPTIONS'],
    ['.envrc', 'export $(cat .req | xargs)'],
    ['mise.toml', `[env]\nPROMPT_COMMAND = '. "$PWD"/x'\n`],
    ['mise.toml', `[env]\nNODE_OPTIONS = "--require {{exec(command='cat .req')}}"\n`],
    ['mise.toml', `[env]\nTOOL = "{{exec(command='cat .req')}}"\n`],
  ])('%s %j: src/a.ts asks, naming the env file', async (name, text) => {
    const root = join(tmp.path, `w${name.replace(/\W/g, '')}${text.replace(/\W/g, '')}`.slice(0, 90)), home = join(tmp.path, 'home');
    await writeFiles(root, { [name]: `${text}\n`, '.req': './tools/r.js\n', 'src/a.ts': '1\n' });
    await writeFiles(home, { '.keep': '' });
    vi.stubEnv('HOME', home);
    const engine = await createEngine({ workspace: root, env: { HOME: home }, permissions: { home, yes: true } });
    try {
      const result = await engine.run({ cmd: 'write', args: { file: 'src/a.ts', content: '2\n' } });
      expect(result).toMatchObject({ ok: false, error: { code: 'C241' } });
      expect(result.ok ? '' : result.error.message).toContain(`${name} loads the workspace`);
    } finally {
      await engine.close();
    }
  });

  it.each(['export VERSION=$(git describe --tags)', 'export GH_TOKEN=$(gh auth token)', 'export N=$(nproc) PATH=$PWD/bin:$PATH', "export PROMPT_COMMAND='history -a'"])('%j: src/a.ts is written', async (line) => {
    const root = join(tmp.path, `f${line.replace(/\W/g, '')}`), home = join(tmp.path, 'home');
    await writeFiles(root, { '.envrc': `${line}\n`, 'src/a.ts': '1\n' });
    await writeFiles(home, { '.keep': '' });
    vi.stubEnv('HOME', home);
    const engine = await createEngine({ workspace: root, env: { HOME: home }, permissions: { home, yes: true } });
    try {
      expect(await engine.run({ cmd: 'write', args: { file: 'src/a.ts', content: '2\n' } })).toMatchObject({ ok: true });
    } finally {
      await engine.close();
    }
  });

  it('the process environment: RUBYOPT -I folders are load folders; module folders stay the project\'s', () => {
    const root = join(tmp.path, 'proc2');
    const globs = envLoadGlobs([root], { RUBYOPT: '-I./lib -rx', PERL5OPT: `-I${root}/pl -Mx`, PERL5LIB: `${root}/lib` }).map((each) => each.glob);
    expect(globs).toEqual(expect.arrayContaining(['**/lib/**', 'pl/**', '**/x.rb']));
    expect(globs).not.toContain('lib/**');
  });
});

// Red team R15-10, R15-14: node resolves NODE_OPTIONS' `--require ./tools/x` like require() (tools/x.js), a
// bare `--require x` from node_modules; the loader table reads the value so (src/permissions/node-resolve.ts)
// for every file it is read from: .envrc, a dotenv file .envrc loads, mise.toml.
describe('NODE_OPTIONS names what node resolves, in every file the table reads (--yes)', () => {
  it('the table row: extensions, index files; a bare name\'s node_modules spellings looked up from every folder above (upward, no fixed depth)', () => {
    const named = envNamed('NODE_OPTIONS', '--require ./tools/x --import=y -r @s/z/sub --env-file=./e');
    expect(named?.entries).toEqual(expect.arrayContaining(['./tools/x', './tools/x.js', './tools/x.cjs', './tools/x/index.js', './e']));
    expect(named?.upward).toEqual(expect.arrayContaining(['node_modules/y', 'node_modules/y.js', 'node_modules/@s/z']));
    expect(named?.packages).toEqual(['y', '@s/z']);
    expect(named?.dotenv).toEqual(['./e']);
  });
  it('the process environment: the package folder a bare --require names, whole', () => {
    const globs = envLoadGlobs([join(tmp.path, 'proc3')], { NODE_OPTIONS: '--require x' }).map((each) => each.glob);
    expect(globs).toEqual(expect.arrayContaining(['**/node_modules/x', '**/node_modules/x/**', '**/node_modules/x.js']));
  });
  it.each([
    ['.envrc', 'export NODE_OPTIONS="--require ./tools/x"', 'tools/x.js'],
    ['.envrc', 'export NODE_OPTIONS="--require x"', 'node_modules/x.js'],
    ['.envrc', 'export NODE_OPTIONS="-r x"', 'node_modules/x/index.js'],
    ['.envrc', 'dotenv .env', 'tools/x.mjs'],
    ['mise.toml', '[env]\nNODE_OPTIONS = "--require ./tools/x"\n', 'tools/x.js'],
    ['mise.toml', '[env]\nNODE_OPTIONS = "--require x"\n', 'node_modules/x/lib/m.js'],
  ])('%s %j -> %s', (name, text, file) =>
    writeAsks(`n${name.replace(/\W/g, '')}${text.replace(/\W/g, '')}${file.replace(/\W/g, '')}`.slice(0, 90), { [name]: name === '.envrc' ? `${text}\n` : text, '.env': 'NODE_OPTIONS="--require ./tools/x"\n', 'src/a.ts': '1\n' }, file, 'src/a.ts'));
  // A dotenv file is KEY=VALUE lines, not shell: the unquoted value runs to the end of the line (a shell reading
  // took `./tools/x` for a command word, obeyed as spelled, and left tools/x.js free).
  it.each([
    ['.envrc', 'dotenv', { '.env': 'NODE_OPTIONS=--require ./tools/x\n' }, 'tools/x.js'],
    ['.envrc', 'dotenv .env.dev', { '.env.dev': 'export NODE_OPTIONS=-r ./tools/y # dev\n' }, 'tools/y.js'],
    ['mise.toml', '[env]\n_.file = ".env.m"\n', { '.env.m': 'NODE_OPTIONS=--require ./tools/z\n' }, 'tools/z.js'],
  ])('an unquoted dotenv value: %s %j -> %s', (name, text, files, file) =>
    writeAsks(`u${name.replace(/\W/g, '')}${file.replace(/\W/g, '')}`, { [name]: `${text}\n`, ...files, 'src/a.ts': '1\n' }, file, 'src/a.ts'));
});
