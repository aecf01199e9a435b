// Multi-level undo through the checkpoint store (issue 20): real git repositories, real temp dirs, real
// symlinks; the store lives in a state folder outside the workspace.
import { chmod, lstat, mkdir, readFile, readdir, readlink, rm, symlink, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createEngine, type Engine, type Envelope } from '../../src/index.js';
import { removeDir, tempDir } from '../helpers/fixture.js';
import { git, isolateGitConfig } from './git-fixture.js';

let root: string;
let state: string;
let outside: string;
let engine: Engine;

const CRLF = Buffer.from('one\r\ntwo\r\n');
const BOM = Buffer.from('\uFEFFbom text\n', 'utf8');
const LATIN1 = Buffer.from([0x63, 0x61, 0x66, 0xe9, 0x0a]); // "café\n" in Latin-1

beforeEach(async () => {
  isolateGitConfig();
  root = await tempDir('cw-undo-');
  state = await tempDir('cw-undo-state-');
  outside = await tempDir('cw-undo-outside-');
  await writeFile(join(root, 'crlf.txt'), CRLF);
  await writeFile(join(root, 'bom.txt'), BOM);
  await writeFile(join(root, 'latin1.txt'), LATIN1);
  await writeFile(join(root, 'run.sh'), '#!/bin/sh\necho hi\n');
  await chmod(join(root, 'run.sh'), 0o755);
  await symlink('crlf.txt', join(root, 'link'));
  git(root, 'init', '-q');
  git(root, 'add', '-A');
  git(root, 'commit', '-qm', 'init');
  engine = await createEngine({ workspace: root, env: { ...process.env, CODEWARD_STATE_DIR: state } });
});

afterEach(async () => {
  await removeDir(root);
  await removeDir(state);
  await removeDir(outside);
});

const run = (cmd: string, args: Record<string, unknown> = {}): Promise<Envelope> => engine.run({ cmd, args });
const ok = async (cmd: string, args: Record<string, unknown> = {}): Promise<unknown> => {
  const envelope = await run(cmd, args);
  expect(envelope, `${cmd} ${JSON.stringify(args)}`).toMatchObject({ ok: true });
  return envelope.ok ? envelope.data : undefined;
};
const bytes = (path: string): Promise<Buffer> => readFile(join(root, path));
const porcelain = (): string[] => git(root, 'status', '--porcelain').split('\n').filter(Boolean).sort();

// Every change of the six editing commands: only the intended paths show in git status.
async function editEverything(): Promise<void> {
  await ok('write', { file: 'crlf.txt', content: 'three\nfour\n' });
  await ok('patch', { file: 'bom.txt', search: 'bom text', replace: 'BOM TEXT' });
  await ok('multipatch', { edits: [{ file: 'latin1.txt', search: 'caf', replace: 'CAF' }, { file: 'run.sh', search: 'hi', replace: 'bye' }] });
  await ok('update', { files: [{ path: 'run.sh', ops: [{ op: 'insert', at_line: 3, content: 'exit 0' }] }] });
  await ok('create', { files: [{ path: 'src/new.ts', content: 'export {};\n' }] });
  await ok('delete', { paths: ['link'] });
}

describe('a clean working tree', () => {
  it('write, patch, multipatch, update, create and delete leave only the intended changes in git status', async () => {
    await editEverything();
    expect(porcelain()).toEqual([' D link', ' M bom.txt', ' M crlf.txt', ' M latin1.txt', ' M run.sh', '?? src/'].sort());
    expect(await readdir(root)).not.toContain('.codeward');
    expect((await readdir(root)).filter((name) => name.endsWith('.bak') || name.includes('cw-tmp'))).toEqual([]);
  });

  it('a plain exec leaves git status clean (the sandbox mount point, if any, is an empty folder git ignores)', async () => {
    await ok('exec', { cmd: 'true' });
    expect(porcelain()).toEqual([]);
    expect(git(root, 'status', '--porcelain', '--untracked-files=all', '--ignored')).toBe('');
  });

  it('data.backup names the checkpoint that holds the previous version', async () => {
    const data = (await ok('write', { file: 'crlf.txt', content: 'x' })) as { backup: string };
    expect(data.backup).toBe('checkpoint:1');
    const list = (await ok('checkpoints')) as { checkpoints: { id: number; command: string; files: { path: string }[] }[] };
    expect(list.checkpoints).toMatchObject([{ id: 1, command: 'write', files: [{ path: 'crlf.txt', change: 'changed' }] }]);
  });
});

describe("search and tree never show codeward's own files", () => {
  it('not its project folder nor a temp file of a write in flight, even with --include-hidden', async () => {
    await mkdir(join(root, '.codeward'), { recursive: true });
    await writeFile(join(root, '.codeward', 'config.json'), '{"needle": true}');
    await writeFile(join(root, '.crlf.txt.0123456789ab.cw-tmp'), 'needle in flight');
    await writeFile(join(root, 'mine.txt'), 'needle\n');
    const search = (await ok('search', { term: 'needle', includeHidden: true })) as { matches?: { path: string }[]; files?: { path: string }[] };
    expect(JSON.stringify(search)).toContain('mine.txt');
    expect(JSON.stringify(search)).not.toContain('.codeward');
    expect(JSON.stringify(search)).not.toContain('cw-tmp');
    const tree = JSON.stringify(await ok('tree', { includeHidden: true }));
    expect(tree).toContain('mine.txt');
    expect(tree).not.toContain('.codeward');
    expect(tree).not.toContain('cw-tmp');
  });
});

describe('undo and redo', () => {
  it('undo of all six steps gives back every byte, mode and link; git status is clean again', async () => {
    await editEverything();
    const data = (await ok('undo', { steps: 6 })) as { steps: { command: string }[] };
    expect(data.steps.map((step) => step.command)).toEqual(['delete', 'create', 'update', 'multipatch', 'patch', 'write']);
    expect((await bytes('crlf.txt')).equals(CRLF)).toBe(true);
    expect((await bytes('bom.txt')).equals(BOM)).toBe(true);
    expect((await bytes('latin1.txt')).equals(LATIN1)).toBe(true);
    expect((await lstat(join(root, 'run.sh'))).mode & 0o777).toBe(0o755);
    expect((await lstat(join(root, 'link'))).isSymbolicLink()).toBe(true);
    expect(await readlink(join(root, 'link'))).toBe('crlf.txt');
    expect(porcelain()).toEqual([]);
    expect(await run('undo')).toMatchObject({ ok: false, error: { code: 'C224' } });
  });

  it('a multipatch is undone as one step; redo applies it again; a new change drops the redo', async () => {
    await ok('multipatch', { edits: [{ file: 'crlf.txt', search: 'one', replace: 'ONE' }, { file: 'bom.txt', search: 'bom', replace: 'BOM' }] });
    const changed = [await bytes('crlf.txt'), await bytes('bom.txt')];
    await ok('undo');
    expect((await bytes('crlf.txt')).equals(CRLF)).toBe(true);
    expect((await bytes('bom.txt')).equals(BOM)).toBe(true);
    await ok('redo');
    expect((await bytes('crlf.txt')).equals(changed[0]!)).toBe(true);
    expect((await bytes('bom.txt')).equals(changed[1]!)).toBe(true);
    await ok('undo');
    await ok('write', { file: 'latin1.txt', content: 'new' });
    expect(await run('redo')).toMatchObject({ ok: false, error: { code: 'C224' } });
  });

  it('restore --to ID goes back to before that change, and forward again', async () => {
    await ok('write', { file: 'crlf.txt', content: 'v1' });
    await ok('write', { file: 'crlf.txt', content: 'v2' });
    await ok('write', { file: 'crlf.txt', content: 'v3' });
    await ok('restore', { to: 2 });
    expect(await readFile(join(root, 'crlf.txt'), 'utf8')).toBe('v1');
    await ok('restore', { to: 3 });
    expect(await readFile(join(root, 'crlf.txt'), 'utf8')).toBe('v2');
    await ok('restore', { to: 1 });
    expect((await bytes('crlf.txt')).equals(CRLF)).toBe(true);
    expect(await run('restore', { to: 99 })).toMatchObject({ ok: false, error: { code: 'C224' } });
  });

  it('refuses (C230) to undo over a file someone else changed since; --force proceeds and redo brings their version back', async () => {
    await ok('write', { file: 'crlf.txt', content: 'ours' });
    await writeFile(join(root, 'crlf.txt'), 'the user typed this');
    const refused = await run('undo');
    expect(refused).toMatchObject({ ok: false, error: { code: 'C230' } });
    expect(await readFile(join(root, 'crlf.txt'), 'utf8')).toBe('the user typed this');
    await ok('undo', { force: true });
    expect((await bytes('crlf.txt')).equals(CRLF)).toBe(true);
    await ok('redo', { force: true });
    expect(await readFile(join(root, 'crlf.txt'), 'utf8')).toBe('the user typed this');
  });

  it('a crash in the middle of an undo: the next undo finishes it', async () => {
    await ok('multipatch', { edits: [{ file: 'crlf.txt', search: 'one', replace: 'ONE' }, { file: 'bom.txt', search: 'bom', replace: 'BOM' }] });
    // As if an undo died after restoring the first file and before the second and the journal.
    await writeFile(join(root, 'bom.txt'), BOM);
    await ok('undo');
    expect((await bytes('crlf.txt')).equals(CRLF)).toBe(true);
    expect((await bytes('bom.txt')).equals(BOM)).toBe(true);
  });

  it('rollback --file takes the previous version from the store; without one, a ChatCLI .bak beside the file', async () => {
    await ok('write', { file: 'crlf.txt', content: 'v1' });
    await ok('rollback', { file: 'crlf.txt' });
    expect((await bytes('crlf.txt')).equals(CRLF)).toBe(true);
    await ok('rollback', { file: 'crlf.txt' });
    expect(await readFile(join(root, 'crlf.txt'), 'utf8')).toBe('v1');
    await writeFile(join(root, 'bom.txt.bak'), 'from chatcli');
    expect(await ok('rollback', { file: 'bom.txt' })).toMatchObject({ from: 'bom.txt.bak' });
    expect(await readFile(join(root, 'bom.txt'), 'utf8')).toBe('from chatcli');
  });
});

describe('the store is data, not orders (red team)', () => {
  async function plantStep(rel: string, before: object): Promise<void> {
    const { stateDirFor } = await import('../../src/engine/state-dir.js');
    const { realpath } = await import('node:fs/promises');
    const dir = join(state === '' ? '' : stateDirFor(await realpath(root), { ...process.env, CODEWARD_STATE_DIR: state }), 'checkpoints', 'steps');
    await mkdir(dir, { recursive: true });
    const step = { version: 1, id: 1, time: new Date().toISOString(), command: 'write', pid: 1 << 22, status: 'done', files: [{ rel, before, after: { kind: 'missing' } }] };
    await writeFile(join(dir, '1.json'), JSON.stringify(step));
  }

  it('a step naming a path outside the workspace or a non-accessible file is refused; nothing is written', async () => {
    await plantStep('../escape.txt', { kind: 'symlink', target: '/etc/passwd' });
    expect(await run('undo', { force: true })).toMatchObject({ ok: false, error: { code: 'C215' } });
    await plantStep('.env', { kind: 'symlink', target: '/etc/passwd' });
    expect(await run('undo', { force: true })).toMatchObject({ ok: false, error: { code: 'C211' } });
    expect(await readdir(outside)).toEqual([]);
    expect(porcelain()).toEqual([]);
  });

  it('a folder swapped for a symlink to outside before undo: refused, nothing written outside', async () => {
    await ok('create', { files: [{ path: 'd/f.txt', content: 'inside\n' }] });
    await rm(join(root, 'd'), { recursive: true });
    await symlink(outside, join(root, 'd'));
    const result = await run('undo', { force: true });
    expect(result.ok).toBe(false);
    expect(await readdir(outside)).toEqual([]);
  });
});

describe('read-only agents', () => {
  it('every command that writes or runs (undo, redo, restore included) is refused to a read-only agent', async () => {
    const { WRITING_COMMANDS } = await import('../../src/agent/agents/roster.js');
    const { builtinCommands } = await import('../../src/index.js');
    const writing = builtinCommands.filter((command) => command.effect !== 'read' && command.effect !== 'vcs').map((command) => command.name);
    expect(writing).toEqual(expect.arrayContaining(['undo', 'redo', 'restore']));
    expect(writing.filter((name) => !WRITING_COMMANDS.has(name))).toEqual([]);
  });
});

describe('what cannot be kept', () => {
  it('a FIFO is still deleted (without a step); undo then takes back the change before it', async () => {
    const { spawnSync } = await import('node:child_process');
    if (spawnSync('mkfifo', [join(root, 'pipe')]).status !== 0) return;
    await ok('write', { file: 'crlf.txt', content: 'x' });
    expect(await ok('delete', { paths: ['pipe'] })).toMatchObject({ results: [{ path: 'pipe', removed: true, backup: null }] });
    await ok('undo');
    expect((await bytes('crlf.txt')).equals(CRLF)).toBe(true);
  });
});

describe('delete --recursive and where a step came from', () => {
  it('a recursive delete of a folder is one step: undo restores its files, modes and links, byte-exact', async () => {
    await mkdir(join(root, 'tool', 'deep', 'er'), { recursive: true });
    await writeFile(join(root, 'tool', 'deep', 'er', 'data.bin'), LATIN1);
    await writeFile(join(root, 'tool', 'go.sh'), '#!/bin/sh\n');
    await chmod(join(root, 'tool', 'go.sh'), 0o750);
    await symlink('../crlf.txt', join(root, 'tool', 'up'));
    git(root, 'add', '-A');
    git(root, 'commit', '-qm', 'tool');
    const data = (await ok('delete', { paths: ['tool'], recursive: true })) as { results: { backup: string | null }[] };
    expect(data.results[0]!.backup).toMatch(/^checkpoint:\d+$/);
    expect(await readdir(root)).not.toContain('tool');
    await ok('undo');
    expect((await bytes('tool/deep/er/data.bin')).equals(LATIN1)).toBe(true);
    expect((await lstat(join(root, 'tool', 'go.sh'))).mode & 0o777).toBe(0o750);
    expect(await readlink(join(root, 'tool', 'up'))).toBe('../crlf.txt');
    expect(porcelain()).toEqual([]);
    // Redo removes the files and links again (the emptied folders stay, as after git rm).
    await ok('redo');
    expect(await readdir(join(root, 'tool'), { recursive: true })).toEqual(['deep', 'deep/er']);
  });

  it('checkpoints lists the door and session of each step', async () => {
    const mcp = await createEngine({ workspace: root, env: { ...process.env, CODEWARD_STATE_DIR: state }, door: { name: 'mcp' } });
    expect(await mcp.run({ cmd: 'write', args: { file: 'crlf.txt', content: 'by mcp' } })).toMatchObject({ ok: true });
    const agent = await createEngine({ workspace: root, env: { ...process.env, CODEWARD_STATE_DIR: state }, door: { name: 'agent' } });
    agent.withSession('20260101-120000-a1b2c3');
    expect(await agent.run({ cmd: 'write', args: { file: 'bom.txt', content: 'by the agent' } }, { caller: { label: 'coder agent ac-2' } })).toMatchObject({ ok: true });
    const list = (await ok('checkpoints')) as { checkpoints: { door: string | null; session: string | null; caller: string | null }[] };
    expect(list.checkpoints).toMatchObject([
      { door: 'agent', session: '20260101-120000-a1b2c3', caller: 'coder agent ac-2' },
      { door: 'mcp', session: null, caller: null },
    ]);
    const text = await engine.run({ cmd: 'checkpoints' });
    expect(engine.registry.get('checkpoints').format!(text.ok ? text.data : undefined)).toContain('via agent session 20260101-120000-a1b2c3 by coder agent ac-2');
  });

  it('rollback after a delete says nothing was replaced (issue 19), from the store and from a .bak', async () => {
    await ok('delete', { paths: ['crlf.txt'] });
    const format = engine.registry.get('rollback').format!;
    const data = await ok('rollback', { file: 'crlf.txt' });
    expect(data).toMatchObject({ backup: null, absent: true });
    expect(format(data)).toBe('restored crlf.txt from checkpoint:1 (it was absent: nothing was replaced; undo removes it again)');
    expect((await bytes('crlf.txt')).equals(CRLF)).toBe(true);
    await writeFile(join(root, 'gone.txt.bak'), 'old');
    const bak = await ok('rollback', { file: 'gone.txt' });
    expect(format(bak)).toBe('restored gone.txt from gone.txt.bak (it was absent: nothing was replaced)');
    // That rollback created gone.txt: rolling it back removes it, and says so.
    expect(format(await ok('rollback', { file: 'gone.txt' }))).toMatch(/^removed gone\.txt: it did not exist before checkpoint:\d+ \(the removed version is in checkpoint:\d+/);
  });
});
