import { mkdir, readFile, stat, symlink, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { removeDir, runCli, tempDir, writeFiles, type CliResult } from '../helpers/fixture.js';

// Issue 19 "Exit codes and messages" through the real binary (dist/bin/codeward.js): 0 ok, 1 failed
// (a batched call with any failed entry included), 2 usage errors (CONTRACT "Exit status").

let root: string;
let state: string;
let home: string;
beforeAll(async () => {
  state = await tempDir('cw-exit-state-');
  home = await tempDir('cw-exit-home-');
});
afterAll(async () => {
  await removeDir(state);
  await removeDir(home);
});
beforeEach(async () => {
  root = await tempDir('cw-exit-');
});

function cw(args: readonly string[]): CliResult {
  return runCli(['-C', root, ...args], { env: { CODEWARD_STATE_DIR: state, HOME: home } });
}

const content = (path: string): Promise<string> => readFile(join(root, path), 'utf8');
type Entry = { path: string; success: boolean; error?: { code: string } };
const entries = (result: CliResult): [string, boolean, string | undefined][] =>
  (result.json.data.results as Entry[]).map((entry) => [entry.path, entry.success, entry.error?.code]);

describe('a batched call with a failed entry exits 1 and keeps every entry', () => {
  it('update past the end of the file: exit 1, the envelope stays ok with the entry error', async () => {
    await writeFiles(root, { 'a.txt': 'a\nb\n' });
    const result = cw(['--json', 'update', '--files', JSON.stringify([{ path: 'a.txt', ops: [{ op: 'remove', from_line: 5, to_line: 5 }] }])]);
    expect(result.status).toBe(1);
    expect(result.json.ok).toBe(true);
    expect(entries(result)).toEqual([['a.txt', false, 'C210']]);
    expect(await content('a.txt')).toBe('a\nb\n');
  });

  it('create over an existing file: exit 1 (C217), the other entry is created', async () => {
    await writeFiles(root, { 'a.txt': 'keep\n' });
    const result = cw(['--json', 'create', '--files', JSON.stringify([{ path: 'a.txt', content: 'x' }, { path: 'new.txt', content: 'n' }])]);
    expect(result.status).toBe(1);
    expect(entries(result)).toEqual([['a.txt', false, 'C217'], ['new.txt', true, undefined]]);
    expect(await content('a.txt')).toBe('keep\n');
    expect(await content('new.txt')).toBe('n');
  });

  it('delete of a folder that is not empty: exit 1, in text mode the entry line stays and stderr names it', async () => {
    await writeFiles(root, { 'd/x.txt': 'x\n', 'gone.txt': 'g\n' });
    const result = cw(['delete', '--paths', '["d","gone.txt"]']);
    expect(result.status).toBe(1);
    expect(result.stdout).toMatch(/^d: error C210: d is a folder that is not empty; pass --recursive/m);
    expect(result.stdout).toMatch(/^removed gone\.txt$/m);
    expect(result.stderr).toBe('error C210: 1 of 2 entries failed: d; the others were done\n');
    expect(await content('d/x.txt')).toBe('x\n');
  });

  it('the summary line shows a failed path with its control characters escaped (no terminal escapes)', async () => {
    const result = cw(['update', '--files', JSON.stringify([{ path: '\u001b[2Jno\u0007.txt', ops: [{ op: 'insert', at_line: 1, content: 'x' }] }])]);
    expect(result.status).toBe(1);
    expect(result.stderr).toBe('error C211: 1 entry failed: \\x1b[2Jno\\x07.txt\n');
  });

  it('every entry fine: exit 0 and nothing on stderr; multipatch (all or nothing) failing is exit 1', async () => {
    await writeFiles(root, { 'a.txt': 'one\n' });
    const fine = cw(['create', '--files', JSON.stringify([{ path: 'b.txt', content: 'b' }])]);
    expect([fine.status, fine.stderr, fine.stdout]).toEqual([0, '', 'created b.txt (1 byte)\n']);
    const multi = cw(['--json', 'multipatch', '--edits', JSON.stringify([{ file: 'a.txt', search: 'one', replace: 'two' }, { file: 'b.txt', search: 'zzz', replace: 'y' }])]);
    expect(multi.status).toBe(1);
    expect(multi.json).toMatchObject({ ok: false, cmd: 'multipatch' });
    expect(await content('a.txt')).toBe('one\n');
  });
});

describe('argument errors are usage errors (exit 2), checked before any path is touched', () => {
  it.each([
    [['read', '--file', 'a.txt', '--head', '2', '--tail', '2'], 'use either --head or --tail, not both'],
    [['read', '--file', 'a.txt', '--start', '5', '--end', '2'], '--end 2 is before --start 5'],
    [['search', '--term', ''], '--term must not be empty'],
    [['patch', '--file', 'a.txt', '--search', 'Demo'], '--replace is required with --search'],
    // Arguments come before the jail: the same mistakes on a missing file or a path outside still say C210.
    [['read', '--file', 'missing.txt', '--head', '2', '--tail', '2'], 'use either --head or --tail, not both'],
    [['patch', '--file', '../outside.txt', '--search', 'Demo'], '--replace is required with --search'],
    [['{"cmd":"read","args":{"file":"a.txt","head":1,"tail":1}}'], 'use either --head or --tail, not both'],
    // An empty command line is found with the arguments, before the permission gate (without --yes it was C241).
    [['exec', '--cmd', '  '], '--cmd is empty; pass the shell command line to run'],
  ])('%j exits 2 with C210', async (args, message) => {
    await writeFiles(root, { 'a.txt': 'Demo\n' });
    const text = cw(args);
    expect(text.status).toBe(2);
    expect(text.stderr).toContain(`error C210: ${message}`);
    const json = cw(['--json', ...args]);
    expect(json.status).toBe(2);
    expect(json.json).toMatchObject({ ok: false, error: { code: 'C210' } });
    expect(await content('a.txt')).toBe('Demo\n');
  });

  it('an unknown key inside a JSON flag is named as a key of that item, not as a flag', async () => {
    await writeFiles(root, { 'a.txt': 'x\n' });
    const result = cw(['update', '--files', JSON.stringify([{ path: 'a.txt', ops: [{ op: 'insert', line: 1, content: 'q' }] }])]);
    expect(result.status).toBe(2);
    expect(result.stderr).toContain('unknown key "line" in --files[0.ops.0]');
    expect(result.stderr).not.toContain('unknown flag --line');
  });

  it('a failure found while running stays 1: read --start past the end of a short file', async () => {
    await writeFiles(root, { 'a.txt': 'one\ntwo\n' });
    const result = cw(['read', '--file', 'a.txt', '--start', '100']);
    expect(result.status).toBe(1);
    expect(result.stderr).toBe('error C210: --start 100 is past the end of a.txt, which has 2 lines\n');
  });

  it('a usage error of a JSON call names the command, not the JSON text', async () => {
    await writeFiles(root, { 'a.txt': 'x\n' });
    const flag = cw(['--json', '{"cmd":"read","args":{"fil":"a.txt"}}']);
    expect(flag.status).toBe(2);
    expect(flag.json.cmd).toBe('read');
    expect(flag.json.error!.message).toContain('unknown flag --fil for read (did you mean --file?)');
    expect(cw(['--json', '{"cmd":"read_file","args":{"path":"a.txt","head":1,"tail":1}}']).json.cmd).toBe('read');
    expect(cw(['--json', '{"cmd":"git_diff","args":{"bogus":1}}']).json.cmd).toBe('git-diff');
    // A nested args.cmd (exec's own flag) is not the command's name, whatever the key order.
    expect(cw(['--json', '{"args":{"cmd":"rm -rf x","bogus":1},"cmd":"exec"}']).json.cmd).toBe('exec');
    const unknown = cw(['--json', '{"cmd":"raed","args":{"file":"a.txt"}}']);
    expect(unknown.json).toMatchObject({ ok: false, cmd: 'raed', error: { code: 'C210' } });
    expect(unknown.json.error!.message).toMatch(/^unknown command "raed" \(did you mean read\?\)/);
  });
});

describe('staleness in a batch: a file two entries name is refused for both, and said once', () => {
  const session = (args: readonly string[]): CliResult => cw(['--session', 'exit-codes', ...args]);

  it.each([
    ['./a.txt', async () => './a.txt'],
    ['sub/../a.txt', async () => { await mkdir(join(root, 'sub')); return 'sub/../a.txt'; }],
    ['an absolute path', async () => join(root, 'a.txt')],
    ['a symlink to it', async () => { await symlink('a.txt', join(root, 'link.txt')); return 'link.txt'; }],
  ])('a.txt and %s: both C230, the external change survives, the warning is printed once', async (_name, second) => {
    await writeFiles(root, { 'a.txt': 'mine\n' });
    expect(session(['read', '--file', 'a.txt']).status).toBe(0);
    await writeFile(join(root, 'a.txt'), 'external edit\n');
    const other = await second();
    const files = JSON.stringify([
      { path: 'a.txt', ops: [{ op: 'insert', at_line: 1, content: 'first' }] },
      { path: other, ops: [{ op: 'insert', at_line: 1, content: 'second' }] },
    ]);
    const result = session(['update', '--files', files]);
    expect(result.status).toBe(1);
    expect(await content('a.txt')).toBe('external edit\n');
    expect(result.stdout.split('has been modified externally').length - 1).toBe(2); // one per entry
    expect(result.stderr).not.toMatch(/modified externally/); // no warning line repeating the refusal
    // The repeat proceeds for the file as the refusal promised, with its warning once in the envelope.
    const again = session(['--json', 'update', '--files', files]);
    expect(again.json.warnings).toHaveLength(1);
    expect(entries(again)[0]).toEqual(['a.txt', true, undefined]);
    expect(await content('a.txt')).toMatch(/^first\n/);
  });
});

describe('doctor names its policy files', () => {
  it('project and user policy files are listed by path (never [object Object]), counts in the right number', async () => {
    const rule = JSON.stringify({ rules: [{ pattern: '@coder exec git push*', action: 'deny' }] });
    await writeFiles(root, { '.codeward/policy.json': rule, 'coder_policy.json': '{"rules": 5}' });
    await mkdir(join(home, '.codeward'), { recursive: true });
    await writeFile(join(home, '.codeward', 'policy.json'), rule);
    const result = cw(['doctor']);
    expect(result.status).toBe(0);
    const gate = result.stdout.split('\n').find((line) => line.startsWith('permission gate'))!;
    expect(gate).not.toContain('[object');
    expect(gate).toContain(`from ${join(await realRoot(), '.codeward', 'policy.json')}, ${join(await realRoot(), 'coder_policy.json')}, ${join(home, '.codeward', 'policy.json')} plus the defaults`);
    expect(gate).toMatch(/^permission gate {2}2 rules from .* \(1 problem: codeward policy list\)$/);
  });
});

async function realRoot(): Promise<string> {
  const { realpath } = await import('node:fs/promises');
  await stat(root);
  return realpath(root);
}
