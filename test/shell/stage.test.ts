// Staged exec and test (issue 27): a sandboxed command's changes land in an overlay, pass the write gate
// and become one undo step. Through the real binary, in real temp folders, with real bwrap and overlay
// mounts; skipped where bwrap or an overlay in a user namespace cannot run.
import { spawn } from 'node:child_process';
import { chmodSync, existsSync, mkdirSync, readdirSync, readFileSync, readlinkSync, statSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { CLI, removeDir, runCli, tempDir, type CliResult } from '../helpers/fixture.js';
import { bwrapWorks, overlayWorks, tree } from './stage-helpers.js';

let root: string;
let state: string;

beforeEach(async () => {
  root = await tempDir('cw-stage-');
  state = await tempDir('cw-stage-state-');
});

afterEach(async () => {
  await removeDir(root);
  await removeDir(state);
});

const env = (extra: Record<string, string> = {}): Record<string, string> => ({ CODEWARD_STATE_DIR: state, ...extra });
const cli = (args: readonly string[], extra: Record<string, string> = {}): CliResult => runCli(['-C', root, '--json', ...args], { env: env(extra) });
const exec = (cmd: string, flags: readonly string[] = ['--stage'], extra: Record<string, string> = {}): CliResult => cli(['exec', ...flags, '--cmd', cmd], extra);
const bytes = (rel: string): Buffer => readFileSync(join(root, rel));
const mode = (rel: string): number => statSync(join(root, rel)).mode & 0o7777;

function seed(): void {
  writeFileSync(join(root, 'f.txt'), 'alpha\r\nbanana\n');
  writeFileSync(join(root, 'gone.txt'), 'bye\n');
  mkdirSync(join(root, 'src'));
  writeFileSync(join(root, 'src/a.ts'), 'export const a = 1;\n');
  writeFileSync(join(root, 'src/b.ts'), 'export const b = 2;\n');
  writeFileSync(join(root, 'run.sh'), '#!/bin/sh\necho run\n');
  chmodSync(join(root, 'run.sh'), 0o644);
}

function undo(): CliResult {
  const result = cli(['undo']);
  expect(result.json, result.stdout + result.stderr).toMatchObject({ ok: true });
  return result;
}

// Several real binary runs per test on a loaded machine: a generous timeout, no timing assertion.
describe.skipIf(!bwrapWorks || !overlayWorks)('staged exec through the real binary', { timeout: 180_000 }, () => {
  it('sed -i is applied, listed as the command\'s checkpoint, and one undo brings the bytes back', () => {
    seed();
    const before = tree(root);
    const result = exec('sed -i s/a/b/g f.txt');
    expect(result.json, result.stderr).toMatchObject({ ok: true, data: { changes: { changed: 1, created: 0, deleted: 0, files: [{ path: 'f.txt', change: 'changed' }] } } });
    expect(bytes('f.txt').toString()).toBe('blphb\r\nbbnbnb\n');
    const listed = cli(['checkpoints']);
    expect(JSON.stringify(listed.json.data)).toContain('exec sed -i s/a/b/g f.txt');
    undo();
    expect(tree(root)).toEqual(before);
  });

  it('a file removed by rm, a created build folder and a chmod are each one undo step, byte-exact', () => {
    seed();
    const before = tree(root);
    const removed = exec('rm gone.txt');
    expect(removed.json.data.changes).toMatchObject({ deleted: 1, files: [{ path: 'gone.txt', change: 'deleted' }] });
    expect(existsSync(join(root, 'gone.txt'))).toBe(false);
    const built = exec('mkdir -p build/js && echo out > build/js/app.js && ln -s js/app.js build/main.js');
    expect(built.json.data.changes).toMatchObject({ created: 2 });
    expect(readlinkSync(join(root, 'build/main.js'))).toBe('js/app.js');
    const chmodded = exec('chmod 755 run.sh');
    expect(chmodded.json.data.changes).toMatchObject({ changed: 1 });
    expect(mode('run.sh')).toBe(0o755);
    undo();
    expect(mode('run.sh')).toBe(0o644);
    undo();
    expect(existsSync(join(root, 'build/js/app.js'))).toBe(false);
    expect(existsSync(join(root, 'build/main.js'))).toBe(false);
    undo();
    // The files, links and folders (with their modes) are back byte-exact: the build folder is gone.
    expect(tree(root)).toEqual(before);
  });

  it('folders the command made (empty ones too), removed or re-moded are undone, byte-exact with modes', () => {
    seed();
    mkdirSync(join(root, 'old/empty'), { recursive: true });
    const before = tree(root);
    const result = exec('mkdir -p out/deep/er && chmod 700 src && rmdir old/empty old');
    expect(result.json.data.changes.checkpoint, result.stdout + result.stderr).toBeTypeOf('number');
    expect(statSync(join(root, 'out/deep/er')).isDirectory()).toBe(true);
    expect(mode('src')).toBe(0o700);
    expect(existsSync(join(root, 'old'))).toBe(false);
    undo();
    expect(tree(root)).toEqual(before);
    expect(cli(['redo']).json.ok).toBe(true);
    expect(mode('src')).toBe(0o700);
    expect(existsSync(join(root, 'out/deep/er'))).toBe(true);
    expect(existsSync(join(root, 'old'))).toBe(false);
  });

  it('a folder emptied and made again (an opaque folder) removes what the workspace had below it; undo brings it back', () => {
    seed();
    const before = tree(root);
    // Not `rm -r src`: a recursive rm always asks a person (seed 004's immune list), --yes or not.
    const result = exec('rm src/* && rmdir src && mkdir src && echo new > src/c.ts');
    expect(result.json.data.changes).toMatchObject({ created: 1, deleted: 2 });
    expect(readdirSync(join(root, 'src'))).toEqual(['c.ts']);
    undo();
    expect(tree(root)).toEqual(before);
  });

  it('a file the command only opened for writing (same bytes) is no change and makes no checkpoint', () => {
    seed();
    const result = exec('cat f.txt > /tmp/x && cp /tmp/x f.txt');
    expect(result.json.data.changes).toMatchObject({ created: 0, changed: 0, deleted: 0 });
    expect(result.json.data.changes.checkpoint).toBeUndefined();
  });

  it('protected files at any depth and non-accessible files are never applied and are named in the result', () => {
    seed();
    // Written by a script, so the gate's command check does not stop the call first.
    writeFileSync(join(root, 'plant.sh'), 'mkdir -p pkg/.git/hooks pkg/.vscode && echo evil > pkg/.git/hooks/pre-commit && chmod +x pkg/.git/hooks/pre-commit && echo obey > pkg/AGENTS.md && echo task > pkg/.vscode/tasks.json && echo SECRET=1 > .env && echo ok > pkg/fine.txt\n');
    const result = exec('sh plant.sh');
    expect(result.json.ok, result.stdout + result.stderr).toBe(true);
    const changes = result.json.data.changes;
    const aside = (changes.setAside as { path: string; reason: string }[]).map((each) => each.path);
    expect(aside).toEqual(expect.arrayContaining(['pkg/.git/hooks/pre-commit', 'pkg/AGENTS.md', 'pkg/.vscode/tasks.json', '.env']));
    expect(changes.files).toEqual([{ path: 'pkg/fine.txt', change: 'created' }]);
    for (const rel of ['pkg/.git', 'pkg/AGENTS.md', 'pkg/.vscode', '.env']) expect(existsSync(join(root, rel)), rel).toBe(false);
    // The command's versions are kept outside the workspace for the person to review.
    expect(readFileSync(join(changes.keptIn as string, 'pkg/AGENTS.md'), 'utf8')).toBe('obey\n');
    expect(result.json.data.changes.keptIn.startsWith(root)).toBe(false);
    expect(readdirSync(root).some((name) => name.includes('planted-by-sandbox'))).toBe(false);
    // Exit 0 is the command's; that part of what it wrote was not applied is a warning too (newcomer pass).
    expect(JSON.stringify(result.json.warnings)).toMatch(/path\(s\) the command wrote were not applied \(/);
  });

  it('a file the person changes while the command runs is kept, the command\'s version set aside as a conflict', async () => {
    seed();
    writeFileSync(join(root, 'flag'), 'wait\n');
    const cmd = 'i=0; while [ "$(cat flag)" != go ] && [ $i -lt 600 ]; do sleep 0.05; i=$((i+1)); done; echo command > f.txt; echo other > other.txt';
    const child = spawn(process.execPath, [CLI, '--yes', '-C', root, '--json', 'exec', '--stage', '--cmd', cmd], { env: { ...process.env, ...env() }, stdio: ['ignore', 'pipe', 'pipe'] });
    let stdout = '';
    child.stdout.on('data', (chunk: Buffer) => (stdout += chunk.toString()));
    const done = new Promise<void>((resolve) => child.once('close', () => resolve()));
    // Wait until the sandboxed process runs (bwrap over the overlay), then change f.txt as a person would.
    for (let i = 0; i < 1200 && !running(root); i++) await new Promise((resolve) => setTimeout(resolve, 50));
    writeFileSync(join(root, 'f.txt'), 'person\n');
    writeFileSync(join(root, 'flag'), 'go\n');
    await done;
    const json = JSON.parse(stdout) as { data: { changes: { setAside: { path: string; conflict?: boolean }[]; files: unknown[]; keptIn: string } } };
    expect(bytes('f.txt').toString()).toBe('person\n');
    expect(json.data.changes.setAside).toEqual([expect.objectContaining({ path: 'f.txt', conflict: true })]);
    expect(json.data.changes.files).toEqual([{ path: 'other.txt', change: 'created' }]);
    expect(readFileSync(join(json.data.changes.keptIn, 'f.txt'), 'utf8')).toBe('command\n');
  });

  it('files the person makes while the command runs (in a folder it empties and makes again, or elsewhere) are kept, and undo leaves them', async () => {
    seed();
    mkdirSync(join(root, 'gen'));
    writeFileSync(join(root, 'gen/old.txt'), 'old\n');
    writeFileSync(join(root, 'flag'), 'wait\n');
    const cmd = 'rm gen/old.txt && rmdir gen && mkdir gen && touch started && i=0; while [ "$(cat flag)" != go ] && [ $i -lt 600 ]; do sleep 0.05; i=$((i+1)); done; echo new > gen/new.txt';
    const child = spawn(process.execPath, [CLI, '--yes', '-C', root, '--json', 'exec', '--stage', '--cmd', cmd], { env: { ...process.env, ...env() }, stdio: ['ignore', 'pipe', 'pipe'] });
    let stdout = '';
    child.stdout.on('data', (chunk: Buffer) => (stdout += chunk.toString()));
    const done = new Promise<void>((resolve) => child.once('close', () => resolve()));
    // The command emptied gen and made it again (its `started` is in the run's upper folder): then the person writes.
    const started = (): boolean => (readdirSync(state, { recursive: true }) as string[]).some((name) => /run-[^/]*\/upper\/started$/.test(name));
    for (let i = 0; i < 1200 && !started(); i++) await new Promise((resolve) => setTimeout(resolve, 50));
    writeFileSync(join(root, 'gen/mine.txt'), 'mine\n');
    writeFileSync(join(root, 'notes.txt'), 'notes\n');
    writeFileSync(join(root, 'flag'), 'go\n');
    await done;
    const json = JSON.parse(stdout) as { data: { changes: { setAside: { path: string; conflict?: boolean }[] } } };
    expect(json.data?.changes?.setAside, stdout).toEqual([expect.objectContaining({ path: 'gen/mine.txt', conflict: true })]);
    expect([bytes('gen/mine.txt').toString(), bytes('notes.txt').toString(), bytes('gen/new.txt').toString(), existsSync(join(root, 'gen/old.txt'))]).toEqual(['mine\n', 'notes\n', 'new\n', false]);
    undo();
    expect([bytes('gen/mine.txt').toString(), bytes('notes.txt').toString(), bytes('gen/old.txt').toString(), existsSync(join(root, 'gen/new.txt'))]).toEqual(['mine\n', 'notes\n', 'old\n', false]);
  });

  it('two staged commands in one workspace both apply, each as its own step', async () => {
    seed();
    const start = (cmd: string): Promise<string> => new Promise((resolve) => {
      const child = spawn(process.execPath, [CLI, '--yes', '-C', root, '--json', 'exec', '--stage', '--cmd', cmd], { env: { ...process.env, ...env() }, stdio: ['ignore', 'pipe', 'pipe'] });
      let out = '';
      child.stdout.on('data', (chunk: Buffer) => (out += chunk.toString()));
      child.once('close', () => resolve(out));
    });
    const [one, two] = await Promise.all([start('sleep 0.3; echo one > one.txt; sed -i s/1/10/ src/a.ts'), start('sleep 0.3; echo two > two.txt; sed -i s/2/20/ src/b.ts')]);
    expect(JSON.parse(one).data.changes.checkpoint).toBeTypeOf('number');
    expect(JSON.parse(two).data.changes.checkpoint).toBeTypeOf('number');
    expect(bytes('one.txt').toString()).toBe('one\n');
    expect(bytes('two.txt').toString()).toBe('two\n');
    expect(bytes('src/a.ts').toString()).toContain('10');
    expect(bytes('src/b.ts').toString()).toContain('20');
  });

  it('the forced fallback (no overlay) and --no-stage write in place without a step', () => {
    seed();
    const fallback = exec('echo fb > fb.txt', ['--stage'], { CODEWARD_NO_OVERLAY: '1' });
    expect(fallback.json.data).toMatchObject({ inPlace: 'no overlay can be mounted here (CODEWARD_NO_OVERLAY=1)' });
    expect(fallback.json.data.changes).toBeUndefined();
    expect(bytes('fb.txt').toString()).toBe('fb\n');
    const inPlace = exec('echo np > np.txt', ['--no-stage']);
    expect(inPlace.json.data).toMatchObject({ inPlace: '--no-stage' });
    expect(bytes('np.txt').toString()).toBe('np\n');
    expect(cli(['undo']).json.ok).toBe(false);
  });

  it('the "stage" config key stages without the flag; the run leaves no staging folder behind', () => {
    seed();
    mkdirSync(join(root, '.codeward'));
    writeFileSync(join(root, '.codeward/config.json'), '{"stage": true}');
    const result = exec('echo cfg > cfg.txt', []);
    expect(result.json.data.changes).toMatchObject({ created: 1 });
    expect(findRun(state)).toBe(false);
  });

  it('a file the command changed is stale for the session\'s next edit, as if changed outside', () => {
    seed();
    const session = (args: readonly string[]): CliResult => cli(['--session', 's1', ...args]);
    expect(session(['read', '--file', 'f.txt']).json.ok).toBe(true);
    expect(session(['exec', '--stage', '--cmd', 'sed -i s/banana/cherry/ f.txt']).json.data.changes).toMatchObject({ changed: 1 });
    const edit = session(['patch', '--file', 'f.txt', '--search', 'cherry', '--replace', 'kiwi']);
    expect(edit.json.error?.code, edit.stdout).toBe('C230');
    expect(bytes('f.txt').toString()).toContain('cherry');
  });

  it('test --stage stages a run that writes coverage, and undo takes it back', () => {
    seed();
    const result = cli(['test', '--stage', '--cmd', 'mkdir -p coverage && echo "{}" > coverage/lcov.json && echo "1 passed"']);
    expect(result.json.data.changes).toMatchObject({ created: 1, files: [{ path: 'coverage/lcov.json', change: 'created' }] });
    undo();
    expect(existsSync(join(root, 'coverage/lcov.json'))).toBe(false);
  });
});

// Whether a bwrap process runs with `dir` bound (over the overlay: its source is a staging folder).
function running(dir: string): boolean {
  for (const pid of readdirSync('/proc').filter((name) => /^\d+$/.test(name))) {
    try {
      const args = readFileSync(`/proc/${pid}/cmdline`, 'utf8').split('\0');
      if (args[0]?.endsWith('bwrap') && args.some((arg, index) => arg === dir && args[index - 1]?.includes('/stage/run-'))) return true;
    } catch {
      // gone
    }
  }
  return false;
}

// Whether a staging run folder exists in the state folder (a run is under way).
function findRun(dir: string): boolean {
  const walk = (path: string, depth: number): boolean => {
    if (depth > 4) return false;
    let names: string[];
    try {
      names = readdirSync(path);
    } catch {
      return false;
    }
    return names.some((name) => (name.startsWith('run-') && path.endsWith('stage')) || walk(join(path, name), depth + 1));
  };
  return walk(dir, 0);
}
