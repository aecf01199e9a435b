// ChatCLI's flags that its models are taught (issue 19), through the real binary as a plugin call and as
// the CLI: git-diff --name-only --stat, write --encoding auto, quoted file names, tree --ignore as a CSV set.
import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { readdir, readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { removeDir, runCli, tempDir, writeFiles } from '../helpers/fixture.js';

let root: string;
let state: string;
let outside: string;
beforeEach(async () => {
  root = await tempDir('codeward-flags-');
  state = await tempDir('codeward-flags-state-');
  outside = await tempDir('codeward-flags-out-');
  await writeFiles(root, { 'a.go': 'package a\n', 'go/x.txt': 'x', 'js/y.txt': 'y', 'py/z.txt': 'z', 'keep/k.txt': 'k', 'app.log': 'l', 'go.mod': 'module m\n' });
});
afterEach(async () => {
  for (const dir of [root, state, outside]) await removeDir(dir);
});

function cli(argv: readonly string[], plugin = false) {
  return runCli(['--json', ...argv], { cwd: root, env: { CODEWARD_STATE_DIR: state, ...(plugin ? { CODEWARD_CHATCLI_PLUGIN: '1' } : {}) } });
}

const paths = (data: unknown): string[] => ((data as { entries: { path: string }[] }).entries).map((entry) => entry.path);

describe('tree --ignore (ChatCLI: comma-separated names)', () => {
  it('" go , js ,, py ," leaves out exactly those names (trimmed, empty items dropped), folders pruned', () => {
    const result = cli(['tree', '--ignore', ' go , js ,, py ,']);
    expect(result.status, result.stderr).toBe(0);
    expect(paths(result.json.data)).toEqual(['a.go', 'app.log', 'go.mod', 'keep', 'keep/k.txt']);
  });
  it('only commas ignores nothing; a name glob works; a plugin call flattened from JSON works', () => {
    expect(paths(cli(['tree', '--ignore', ' , ,, ']).json.data)).toContain('go/x.txt');
    expect(paths(cli(['tree', '--ignore', '*.log,keep']).json.data)).toEqual(['a.go', 'go', 'go/x.txt', 'go.mod', 'js', 'js/y.txt', 'py', 'py/z.txt']);
    expect(paths(cli(['tree', '--ignore', 'go,js,py,keep,app.log'], true).json.data)).toEqual(['a.go', 'go.mod']);
  });
});

describe('write --encoding auto (ChatCLI: base64 only for one base64 word that decodes to UTF-8)', () => {
  it.each([
    ['aGVsbG8gd29ybGQ=', 'hello world'],
    ['hello world', 'hello world'],
    ['abcd', 'abcd'], // valid base64, but the bytes are not UTF-8: text
    ['YWJj ZGVm', 'YWJj ZGVm'], // a space: text
    ['YWJjZA', 'YWJjZA'], // not a multiple of 4: text
  ])('%j is written as %j', async (content, expected) => {
    const result = cli(['write', '--file', 'out.txt', '--content', content, '--encoding', 'auto']);
    expect(result.status, result.stderr).toBe(0);
    expect(await readFile(join(root, 'out.txt'), 'utf8')).toBe(expected);
  });
  it('a decision for base64 is reported in warnings', () => {
    const result = cli(['write', '--file', 'out.txt', '--content', 'aGk=', '--encoding', 'auto']);
    expect(result.json.warnings?.join(' ')).toContain('taken as base64');
  });
});

describe('git-diff --name-only --stat together', () => {
  it('answers with the changed names (as git does), exit 0', async () => {
    const git = (...args: string[]) => spawnSync('git', ['-c', 'user.email=t@t', '-c', 'user.name=t', ...args], { cwd: root, encoding: 'utf8' });
    git('init', '-q');
    git('add', '.');
    git('commit', '-qm', 'base');
    await writeFile(join(root, 'a.go'), 'package a\n\nfunc A() {}\n');
    for (const plugin of [false, true]) {
      const result = cli(['git-diff', '--name-only', '--stat'], plugin);
      expect(result.status, result.stderr).toBe(0);
      expect(result.json.data?.['diff']).toBe('a.go');
    }
  });
});

describe('quoted file names (ChatCLI trims " and \')', () => {
  it.each([['"a.go"'], ["'a.go'"], ['" a.go "']])('read --file %s reads a.go', (name) => {
    const result = cli(['read', '--file', name]);
    expect(result.status, result.stderr).toBe(0);
    expect(result.json.data?.['path']).toBe('a.go');
  });
  it('a JSON call with a quoted path, and a write to a quoted new name, use the unquoted name', async () => {
    expect(cli(['{"cmd":"read","args":{"file":"\\"a.go\\""}}']).json.data?.['path']).toBe('a.go');
    expect(cli(['write', '--file', '"new.txt"', '--content', 'n']).status).toBe(0);
    expect(await readFile(join(root, 'new.txt'), 'utf8')).toBe('n');
    expect(existsSync(join(root, '"new.txt"'))).toBe(false);
  });
  it('a file whose name really has quotes is used as written', async () => {
    await writeFile(join(root, '"a.go"'), 'quoted name\n');
    expect(cli(['read', '--file', '"a.go"']).json.data?.['content']).toContain('quoted name');
  });
  it('quotes never open a way out: "../x" and \'..\\\\x\' are refused', async () => {
    await writeFile(join(outside, 'secret.txt'), 's');
    for (const name of ['"../secret.txt"', "'..\\secret.txt'", `"${join(outside, 'secret.txt')}"`]) {
      const read = cli(['read', '--file', name]);
      expect(read.json.error?.code, name).toBe('C215');
      expect(cli(['write', '--file', name.replace('secret', 'planted'), '--content', 'x']).json.error?.code).toBe('C215');
    }
    expect(await readdir(outside)).toEqual(['secret.txt']);
  });
});

describe('read: extra arguments after --file are more files (ChatCLI)', () => {
  it('read --file a.go go.mod "keep/k.txt" reads the three, in order, the range applying to each', () => {
    for (const plugin of [false, true]) {
      const result = cli(['read', '--file', 'a.go', 'go.mod', '"keep/k.txt"', '--head', '1'], plugin);
      expect(result.status, result.stderr).toBe(0);
      const data = result.json.data as { path: string; more: { path: string; content: string }[] };
      expect(data.path).toBe('a.go');
      expect(data.more.map((each) => each.path)).toEqual(['go.mod', 'keep/k.txt']);
      expect(data.more[0]!.content).toBe('module m\n');
    }
    const text = runCli(['read', 'a.go', 'go.mod'], { cwd: root, env: { CODEWARD_STATE_DIR: state } });
    expect(text.stdout).toContain('==> a.go <==');
    expect(text.stdout).toContain('==> go.mod <==');
  });
  it('an extra file outside the workspace or non-accessible refuses the whole call and shows nothing', async () => {
    await writeFile(join(outside, 'secret.txt'), 'outside secret');
    await writeFile(join(root, '.env'), 'TOKEN=1');
    for (const [extra, code] of [['../secret.txt', 'C215'], [join(outside, 'secret.txt'), 'C215'], ['.env', 'C211']] as const) {
      const result = cli(['read', 'a.go', extra]);
      expect(result.json.error?.code, extra).toBe(code);
      expect(result.stdout).not.toMatch(/outside secret|TOKEN|package a/);
    }
  });
});

describe('read: a bounded number of files', () => {
  it('more than 20 files in one call is C210 before anything is read', () => {
    const result = cli(['read', ...Array.from({ length: 21 }, () => 'a.go')]);
    expect(result.status).not.toBe(0);
    expect(result.json.error?.code).toBe('C210');
    expect(result.json.error?.message).toContain('at most 20 files');
  });
});
