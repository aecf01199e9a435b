// envtw26, the lead's friction decision on obeyed-env-homes.ts's generic rule: any variable of codeward's environment
// naming a path strictly inside the workspace makes it obeyed (an unknown tool may read it), so a dev container's
// PROJECT_SRC=$W/src made every source write ask, --yes or not, with no way out. The rule stays; the person's own
// ~/.codeward/config.json `envPlaces` names the variables that are places (a repository's config cannot), the
// question names the variable and that fix, and `codeward doctor` lists the variables the rule obeys.
import { spawnSync } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { removeDir, runCli, tempDir, writeFiles } from '../helpers/fixture.js';

const bwrapWorks = spawnSync('bwrap', ['--ro-bind', '/', '/', '--unshare-net', 'true']).status === 0;
let base: string;
let count = 0;
beforeAll(async () => {
  base = await tempDir('envtw26-places-');
});
afterAll(async () => {
  await removeDir(base);
});

// A fresh repository and home: `user` the home's ~/.codeward/config.json, `project` the workspace's .codeward/config.json.
async function place(user?: object, project?: object): Promise<{ top: string; home: string }> {
  const top = join(base, `w${++count}`), home = join(base, `h${count}`);
  await writeFiles(top, { 'src/a.ts': '1\n', 'package.json': '{}\n', ...(project ? { '.codeward/config.json': JSON.stringify(project) } : {}) });
  await writeFiles(home, { '.keep': '', ...(user ? { '.codeward/config.json': JSON.stringify(user) } : {}) });
  spawnSync('git', ['init', '-q', top]);
  return { top, home };
}

// codeward's environment: the variables (`@WS@` the workspace), HOME, no server.
const envOf = (at: { top: string; home: string }, vars: Record<string, string>): Record<string, string> =>
  ({ HOME: at.home, CODEWARD_NO_SERVE: '1', ...Object.fromEntries(Object.entries(vars).map(([name, value]) => [name, value.replaceAll('@WS@', at.top)])) });

// The write of `file` under --yes: 'ok', or the error code and message.
function written(at: { top: string; home: string }, vars: Record<string, string>, file: string): { code: string; message: string } {
  const result = runCli(['--json', '-C', at.top, 'write', '--path', file, '--content', 'x\n'], { env: envOf(at, vars) });
  return result.json.ok ? { code: 'ok', message: '' } : { code: result.json.error?.code ?? result.stdout + result.stderr, message: result.json.error?.message ?? '' };
}

const SRC = { PROJECT_SRC: '@WS@/src' };

describe('envPlaces: the way out of the generic env-home rule', () => {
  it('without it, PROJECT_SRC=$W/src makes src/x.ts ask; the question names the variable and the fix', async () => {
    const at = await place();
    const got = written(at, SRC, 'src/x.ts');
    expect(got.code).toBe('C241');
    expect(got.message).toContain('because $PROJECT_SRC names it (an unknown tool may read it)');
    expect(got.message).toContain('add "PROJECT_SRC" to envPlaces in ~/.codeward/config.json');
  }, 60_000);

  it('the user\'s own config envPlaces ["PROJECT_SRC"]: src/x.ts is written under --yes', async () => {
    const at = await place({ envPlaces: ['PROJECT_SRC'] });
    expect(written(at, SRC, 'src/x.ts').code).toBe('ok');
    expect(readFileSync(join(at.top, 'src/x.ts'), 'utf8')).toBe('x\n');
    // Another variable naming another folder keeps the rule.
    expect(written(at, { ...SRC, OTHER_HOME: '@WS@/lib' }, 'lib/y.ts').code).toBe('C241');
  }, 60_000);

  it('the same key in the workspace\'s .codeward/config.json is never applied: src/x.ts still asks', async () => {
    const at = await place(undefined, { envPlaces: ['PROJECT_SRC'] });
    const got = written(at, SRC, 'src/x.ts');
    expect(got.code).toBe('C241');
    expect(existsSync(join(at.top, 'src/x.ts'))).toBe(false);
  }, 60_000);

  it('envPlaces does not exempt a named tool home: CARGO_HOME=$W/ch keeps ch/config.toml obeyed (its registry stays free)', async () => {
    const at = await place({ envPlaces: ['CARGO_HOME'] });
    expect(written(at, { CARGO_HOME: '@WS@/ch' }, 'ch/config.toml').code).toBe('C241');
    expect(written(at, { CARGO_HOME: '@WS@/ch' }, 'ch/registry/x.txt').code).toBe('ok');
  }, 60_000);

  it('nor a variable of the loader table: PYTHONPATH=$W/src keeps src/sitecustomize.py obeyed, EDITOR\'s words their file', async () => {
    const at = await place({ envPlaces: ['PYTHONPATH', 'EDITOR'] });
    expect(written(at, { PYTHONPATH: '@WS@/src' }, 'src/sitecustomize.py').code).toBe('C241');
    // A command variable: vim runs with the configuration its words name.
    expect(written(at, { EDITOR: 'vim -u @WS@/cfg/vimrc' }, 'cfg/vimrc').code).toBe('C241');
  }, 60_000);

  it('a value that is not a list of variable names is C210 naming the file', async () => {
    const at = await place({ envPlaces: 'PROJECT_SRC' });
    const result = runCli(['--json', '-C', at.top, 'write', '--path', 'src/x.ts', '--content', 'x\n'], { env: envOf(at, SRC) });
    expect(result.json.error?.code).toBe('C210');
    expect(result.json.error?.message).toContain('envPlaces must be a list of strings');
  }, 60_000);

  it('doctor lists each variable the generic rule obeys (one line each) and the ones envPlaces leaves free', async () => {
    const at = await place({ envPlaces: ['PROJECT_SRC'] });
    const result = runCli(['-C', at.top, 'doctor'], { env: envOf(at, { ...SRC, OTHER_HOME: '@WS@/lib', CARGO_HOME: '@WS@/ch' }) });
    const lines = result.stdout.split('\n').filter((line) => line.startsWith('env place'));
    expect(lines, result.stdout + result.stderr).toHaveLength(2);
    expect(lines.find((line) => line.includes('$OTHER_HOME'))).toContain('add "OTHER_HOME" to envPlaces');
    expect(lines.find((line) => line.includes('$PROJECT_SRC'))).toContain('a place (envPlaces');
    expect(result.stdout).toContain('envPlaces PROJECT_SRC');
    const json = runCli(['--json', '-C', at.top, 'doctor'], { env: envOf(at, { ...SRC, OTHER_HOME: '@WS@/lib' }) });
    expect((json.json as { data?: { envPlaces?: unknown } }).data?.envPlaces).toEqual([{ name: 'PROJECT_SRC', path: 'src', obeyed: false }, { name: 'OTHER_HOME', path: 'lib', obeyed: true }]);
  }, 60_000);

  it.skipIf(!bwrapWorks)('a sandboxed run\'s source write is applied with envPlaces, set aside without', async () => {
    for (const [user, kept] of [[{ envPlaces: ['PROJECT_SRC'] }, true], [undefined, false]] as const) {
      const at = await place(user);
      await writeFile(join(at.top, 'gen.sh'), 'printf "y\\n" > src/y.ts\n');
      const run = runCli(['--json', '-C', at.top, 'exec', '--cmd', 'sh gen.sh'], { env: envOf(at, SRC) });
      expect(existsSync(join(at.top, 'src/y.ts')), run.stdout + run.stderr).toBe(kept);
    }
  }, 120_000);
});
