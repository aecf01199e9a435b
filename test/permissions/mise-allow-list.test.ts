// Red team round 15, R15-23 (issue 26): with `mise activate` in the person's shell, entering the workspace applies
// its mise.toml. The walk read it with line patterns and missed forms that are the same TOML value or another
// table: an inline table `_ = { path = ["bin"] }`, `_.file` (a dotenv file whose loader variables were not
// read), `[tools] node = "path:./tt"` (tt/bin on PATH), `[hooks] enter = …` (run on cd). The file is now parsed
// as TOML and read through an allow-list (src/permissions/home-sources-mise*.ts): what is understood is followed,
// anything else makes the file not understood and the whole work tree obeyed. The in-process engine under --yes.
import { describe, expect, it } from 'vitest';
import { miseLoads } from '../../src/permissions/home-sources-mise.js';
import { envBase, writeAnswer, writtenIn } from './env-file-write.js';

const tmp = envBase('cw-mise-');

const written = (files: Record<string, string>, file: string): Promise<string> => writtenIn(tmp.path, files, file);

describe('R15-23: what mise.toml makes the shell obey asks before it is written (--yes)', () => {
  it.each([
    ['an inline table _ = { path = [...] }', '[env]\n_ = { path = ["bin"] }\n', {}, 'bin/git'],
    ['_.path as a table entry', '[env]\n_.path = [{ path = "bin2" }]\n', {}, 'bin2/git'],
    ['_.file: a loader variable of the dotenv file', '[env]\n_.file = ".env.x"\n', { '.env.x': 'NODE_OPTIONS=--require ./tools/y.js\n' }, 'tools/y.js'],
    ['_.file: the dotenv file itself', '[env]\n_.file = "conf/vars"\n', { 'conf/vars': 'A=1\n' }, 'conf/vars'],
    ['_.source: the script', '[env]\n_.source = "tools/env.sh"\n', { 'tools/env.sh': 'export A=1\n' }, 'tools/env.sh'],
    ['_.source: a loader variable the script exports', '[env]\n_.source = "env.sh"\n', { 'env.sh': 'export PATH="$PWD/sbin:$PATH"\n' }, 'sbin/git'],
    ['[tools] node = "path:./tt"', '[tools]\nnode = "path:./tt"\n', {}, 'tt/bin/git'],
    ['[tools] a version table with path:', '[tools]\nnode = { version = "path:tt2" }\n', {}, 'tt2/bin/node'],
    ['_.python.venv', '[env]\n_.python.venv = { path = "venv", create = true }\n', {}, 'venv/bin/python'],
  ])('%s', async (_name, toml, files, file) => {
    expect(await written({ 'mise.toml': toml, ...files }, file)).toBe('C241');
  });

  // Not understood: the whole work tree is obeyed (an ordinary source file asks).
  it.each([
    ['[hooks] enter', '[hooks]\nenter = "sh tools/x.sh"\n', '[hooks] enter'],
    ['[hooks] cd as a table', '[hooks]\ncd = { run = "sh tools/x.sh" }\n', '[hooks] cd'],
    ['[hooks] leave as a list', '[hooks]\nleave = ["sh tools/x.sh"]\n', '[hooks] leave'],
    ['a tool option that runs a command', '[tools]\nnode = { version = "20", postinstall = "sh tools/x.sh" }\n', '[tools] node'],
    ['a tool version that is a path', '[tools]\nnode = "./tt"\n', '[tools] node'],
    ['a tool named by a path', '[tools]\n"asdf:./plugins/x" = "1"\n', 'asdf:./plugins/x'],
    ['[plugins]', '[plugins]\nx = "./plugins/x"\n', 'plugins'],
    ['an unknown directive', '[env]\n_.exec = "sh tools/x.sh"\n', '_.exec'],
    ['a JSON env file', '[env]\n_.file = "env.json"\n', 'env.json'],
    ['an unknown variable table', '[env]\nX = { cmd = "sh tools/x.sh" }\n', '[env] X'],
    ['a task key not modelled', '[tasks.b]\nrun = "x"\nexecute = "sh tools/x.sh"\n', '[tasks]'],
    ['a settings key not modelled', '[settings]\nenv_file = ".env.z"\n', '[settings]'],
    ['a template in [vars]', '[vars]\nx = "{{exec(command=\'cat .p\')}}"\n', '[vars]'],
    ['TOML that does not parse', '[env\nA = 1\n', 'cannot parse'],
  ])('%s: src/a.ts asks, the question naming it', async (_name, toml, why) => {
    const answer = await writeAnswer(tmp.path, { 'mise.toml': toml }, 'src/a.ts');
    expect(answer.code).toBe('C241');
    expect(answer.message).toContain(why);
  });

  it('the ordinary configurations stay understood: src/a.ts is written', async () => {
    const toml = 'min_version = "2024.1.0"\n[tools]\nnode = "20"\npython = ["3.12", "3.11"]\n"npm:prettier" = "latest"\n"ubi:BurntSushi/ripgrep" = { version = "14", os = ["linux"] }\n[env]\nNODE_ENV = "production"\nDEBUG = false\nPORT = 3000\nSECRET = { value = "x", redact = true }\n[tasks.build]\nrun = "npm run build"\ndescription = "build"\n[tasks]\nlint = "eslint ."\n[settings]\nexperimental = true\n';
    expect(await written({ 'mise.toml': toml }, 'src/a.ts')).toBe('ok');
  });

  it('the parser: a directive and a tool folder are named, the whole tree is not', () => {
    const loads = miseLoads('[env]\n_ = { path = ["bin"] }\n[tools]\nnode = "path:./tt"\n', new Map(), '/w/mise.toml');
    expect(loads.map((each) => each.path)).toEqual(expect.arrayContaining(['/w/bin', '/w/tt']));
    expect(loads.some((each) => each.path === '/')).toBe(false);
    expect(miseLoads('[hooks]\nenter = "x"\n', new Map(), '/w/mise.toml').some((each) => each.path === '/')).toBe(true);
  });
});
