// The JSON recovery the README promises, through the real binary (issue 19): a JSON string as the call,
// Windows backslash paths mapped to folders (and still jailed), and `~` coming out of a variable's value.
import { mkdir, readdir, readFile, symlink, writeFile } from 'node:fs/promises';
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { removeDir, runCli, tempDir, writeFiles } from '../helpers/fixture.js';
import { expandPath } from '../../src/workspace/expand.js';
import { Workspace } from '../../src/workspace/workspace.js';

let root: string;
let outside: string;
let state: string;
beforeEach(async () => {
  root = await tempDir('codeward-recovery-');
  outside = await tempDir('codeward-recovery-out-');
  state = await tempDir('codeward-recovery-state-');
  await writeFiles(root, { 'src/math.js': 'export const one = 1;\n', 'notes.txt': 'n\n' });
  await writeFile(join(outside, 'secret.txt'), 'outside secret\n');
});
afterEach(async () => {
  for (const dir of [root, outside, state]) await removeDir(dir);
});

// What a call left in `outside`, less codeward's own cache folder (~/.cache/codeward: a HOME of the call's keeps its
// state and, for a state folder other than the user's default, nothing else; the seals of engine/writer-seal.ts).
async function leftOutside(): Promise<string[]> {
  const names = await readdir(outside);
  if (!names.includes('.cache')) return names;
  expect(await readdir(join(outside, '.cache'))).toEqual(['codeward']);
  return names.filter((name) => name !== '.cache');
}

function cli(argv: readonly string[], env: Record<string, string> = {}) {
  return runCli(['--json', ...argv], { cwd: root, env: { CODEWARD_STATE_DIR: state, ...env } });
}

describe('a JSON string as the whole call', () => {
  it.each([['"tree"'], ["'tree'"], ['"tree --max-depth 1"'], ['"{\\"cmd\\":\\"tree\\"}"']])('%s runs tree', (call) => {
    const result = cli([call]);
    expect(result.status, result.stderr).toBe(0);
    expect(result.json.cmd).toBe('tree');
    expect(JSON.stringify(result.json.data)).toContain('"path":"src"');
  });
  it('a quoted command name with flags after it', () => {
    const result = cli(['"read"', '--file', 'notes.txt']);
    expect(result.status, result.stderr).toBe(0);
    expect(result.json.cmd).toBe('read');
  });
  it('an unknown command in quotes is still an unknown command (exit 2), named without the quotes', () => {
    const result = cli(['"frobnicate"']);
    expect(result.status).toBe(2);
    expect(JSON.stringify(result.json)).toContain('unknown command \\"frobnicate\\"');
  });
});

describe('Windows backslash paths', () => {
  it('{"file":"src\\math.js"} (an invalid JSON escape, repaired) reads src/math.js', () => {
    const result = cli(['{"cmd":"read","args":{"file":"src\\math.js"}}']);
    expect(result.status, result.stderr).toBe(0);
    expect(result.json.data?.['path']).toBe('src/math.js');
    expect(result.json.data?.['content']).toContain('export const one');
  });
  it('a valid JSON backslash and a CLI argument map the same way; a write creates the folders', async () => {
    expect(cli(['{"cmd":"read","args":{"file":"src\\\\math.js"}}']).status).toBe(0);
    expect(cli(['read', 'src\\math.js']).status).toBe(0);
    const written = cli(['write', '--file', 'lib\\deep\\x.txt', '--content', 'x']);
    expect(written.status, written.stderr).toBe(0);
    expect(await readFile(join(root, 'lib/deep/x.txt'), 'utf8')).toBe('x');
    expect(existsSync(join(root, 'lib\\deep\\x.txt'))).toBe(false);
  });
  it('a file whose name really holds a backslash is used as written', async () => {
    await writeFile(join(root, 'odd\\name.txt'), 'literal\n');
    await mkdir(join(root, 'odd'));
    await writeFile(join(root, 'odd/name.txt'), 'folder\n');
    const result = cli(['read', 'odd\\name.txt']);
    expect(result.status, result.stderr).toBe(0);
    expect(result.json.data?.['content']).toContain('literal');
  });
  it.each([['..\\..\\etc\\passwd'], ['..\\secret.txt'], ['src\\..\\..\\secret.txt']])('%s is refused as an escape, for reads and writes', async (path) => {
    const read = cli(['read', path]);
    expect(read.status).toBe(1);
    expect(read.json.error?.code).toBe('C215');
    const write = cli(['write', '--file', path.replace('passwd', 'planted'), '--content', 'x']);
    expect(write.json.error?.code).toBe('C215');
    expect(await leftOutside()).toEqual(['secret.txt']);
  });
  it('a backslash path through a symlink that leaves the workspace is refused', async () => {
    await symlink(outside, join(root, 'out'));
    const result = cli(['read', 'out\\secret.txt']);
    expect(result.json.error?.code).toBe('C215');
    expect(result.stdout).not.toContain('outside secret');
  });
  it('a non-accessible file spelled with backslashes stays hidden', async () => {
    await writeFiles(root, { 'cfg/.env': 'TOKEN=1\n' });
    const result = cli(['read', 'cfg\\.env']);
    expect(result.json.error?.code).toBe('C211');
    expect(result.stdout).not.toContain('TOKEN');
  });
});

describe('~ from a variable\'s value (ChatCLI: variables first, then ~)', () => {
  it('expandPath expands $VAR, then a leading ~ of the result, once', () => {
    const options = { home: '/home/me', env: { HOMEISH: '~/sub', TILDE: '~', MID: 'a/~/b', USERISH: '~root/x', AGAIN: '$HOMEISH' } };
    expect(expandPath('$HOMEISH/a.txt', options)).toBe('/home/me/sub/a.txt');
    expect(expandPath('${TILDE}', options)).toBe('/home/me');
    expect(expandPath('x/$HOMEISH', options)).toBe('x/~/sub');
    expect(expandPath('$MID', options)).toBe('a/~/b');
    expect(expandPath('$USERISH', options)).toBe('~root/x');
    expect(expandPath('$AGAIN', options)).toBe('$HOMEISH');
  });
  // (HOMEISH names the workspace root itself: a variable naming a folder INSIDE the workspace makes it obeyed, as a
  // tool's home may be: obeyed-env-homes.ts.)
  it('the CLI writes $HOMEISH/sub/a.txt under home/sub, not into a literal ~ folder', async () => {
    const result = cli(['write', '--file', '$HOMEISH/sub/a.txt', '--content', 'hi'], { HOMEISH: '~', HOME: root });
    expect(result.status, result.stderr).toBe(0);
    expect(await readFile(join(root, 'sub/a.txt'), 'utf8')).toBe('hi');
    expect(existsSync(join(root, '~'))).toBe(false);
  });
  it('what the expansion produces is jailed: a home outside the workspace is refused', async () => {
    const result = cli(['write', '--file', '$HOMEISH/planted.txt', '--content', 'x'], { HOMEISH: '~/', HOME: outside });
    expect(result.json.error?.code).toBe('C215');
    expect(await leftOutside()).toEqual(['secret.txt']);
    const ws = await Workspace.open(root, { home: outside, env: { V: '~/secret.txt' } });
    await expect(ws.resolve('$V', 'read')).rejects.toMatchObject({ code: 'C215' });
  });
  it('only path flags expand: a --content with $HOMEISH is written as given', async () => {
    const result = cli(['write', '--file', 'c.txt', '--content', '$HOMEISH'], { HOMEISH: '~/sub', HOME: root });
    expect(result.status, result.stderr).toBe(0);
    expect(await readFile(join(root, 'c.txt'), 'utf8')).toBe('$HOMEISH');
  });
});

describe('secret variables never expand into a path (invariant 6)', () => {
  it.each([['$OPENAI_API_KEY'], ['${GITHUB_TOKEN}/x'], ['$DATABASE_URL'], ['sub/$AWS_SECRET_ACCESS_KEY'], ['"$MY_PASSWORD"'], ['$DSN_LOOKALIKE'], ['$MYSQL_PWD'], ['$GH_PAT']])('write --file %s is C210 and the value is nowhere', async (path) => {
    const env = { OPENAI_API_KEY: 'sk-leak-1', GITHUB_TOKEN: 'ghp_leak2', DATABASE_URL: 'postgres://u:leak3@h/db', AWS_SECRET_ACCESS_KEY: 'leak4', MY_PASSWORD: 'leak5', DSN_LOOKALIKE: 'https://u:leak6@sentry.io/1', MYSQL_PWD: 'leak7', GH_PAT: 'leak8' };
    const result = cli(['write', '--file', path, '--content', 'x'], env);
    expect(result.json.error?.code).toBe('C210');
    expect(result.stdout + result.stderr).not.toMatch(/leak/);
    expect((await readdir(root)).join(' ')).not.toMatch(/leak/);
  });
  it('ordinary variables still expand', async () => {
    const result = cli(['write', '--file', '$PROJECT_DIR/n.txt', '--content', 'x'], { PROJECT_DIR: 'sub2' });
    expect(result.status, result.stderr).toBe(0);
    expect(await readFile(join(root, 'sub2/n.txt'), 'utf8')).toBe('x');
  });
});

describe('expandPath and secret variables', () => {
  it('keeps a secret variable as written unless asked to refuse it', () => {
    const env = { GITHUB_TOKEN: 'ghp_x', PLAIN: 'p' };
    expect(expandPath('$GITHUB_TOKEN/$PLAIN', { env })).toBe('$GITHUB_TOKEN/p');
    expect(() => expandPath('$GITHUB_TOKEN', { env, refuseSecrets: true })).toThrow(/secret variable/);
  });
});
