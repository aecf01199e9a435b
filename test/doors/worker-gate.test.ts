import { spawn, spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { readFile, symlink, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { DEFAULT_CONFIG, prepareContext, type WorkerConfig, type WorkerContext } from '../../src/doors/worker/config.js';
import { invoke } from '../../src/doors/worker/functions.js';
import { CLI, removeDir, tempDir, writeFiles } from '../helpers/fixture.js';
import { writePolicy } from '../permissions/helpers.js';
import { EngineDouble } from './worker-engine-double.js';

// THREAT-MODEL invariant 7 through the iii worker, from the attacker's side: a caller of coder::* (a model,
// any worker on the engine) tries to change what codeward and git obey later, or what a rule forbids.
// Nobody can be asked in a worker, so what would ask is refused and never becomes a yes.

let root: string;
let base: string;
let home: string;

const GIT_CONFIG = '[core]\n\trepositoryformatversion = 0\n';
const POLICY = '{"rules":[{"pattern":"@coder delete src/**","action":"deny"}]}\n';

beforeEach(async () => {
  root = await tempDir('codeward-worker-gate-');
  base = join(root, 'base');
  home = join(root, 'home');
  await writeFiles(root, {
    'base/src/a.ts': 'export const a = 1;\n',
    'base/docs/guide.md': '# guide\n',
    'base/.git/config': GIT_CONFIG,
    'base/.git/hooks/README': 'hooks\n',
    'base/.codeward/policy.json': POLICY,
    'base/coder_policy.json': '{"rules":[]}\n',
    'base/.chatcli/coder_policy.json': '{"rules":[]}\n',
    'base/pkg/.git/config': GIT_CONFIG,
    'base/pkg/index.ts': 'x\n',
    'base/.ssh/id_rsa': 'PRIVATE KEY needle\n',
    'base/notes/n.txt': 'needle\n',
    'home/.keep': '',
  });
});
afterEach(async () => removeDir(root));

async function context(overrides: Partial<WorkerConfig> = {}): Promise<WorkerContext> {
  // Unmatched writes allowed (as the user's own config can say), so each test shows what the gate refuses anyway.
  return prepareContext({ ...DEFAULT_CONFIG, base_path: base, default_write_action: 'allow', ...overrides }, root, { home });
}

type Entry = { path: string; success: boolean; error?: string };

async function entries(ctx: WorkerContext, id: string, payload: unknown): Promise<Entry[]> {
  const outcome = await invoke(ctx, id, payload);
  if (!outcome.ok) throw new Error(`expected per-entry results, got ${outcome.error.message}`);
  return (outcome.result as { results: Entry[] }).results;
}

const codeOf = (entry: Entry): string | undefined => (entry.error === undefined ? undefined : (JSON.parse(entry.error) as { code: string }).code);

async function topError(ctx: WorkerContext, id: string, payload: unknown): Promise<{ code: string; message: string }> {
  const outcome = await invoke(ctx, id, payload);
  if (outcome.ok) throw new Error(`expected an error, got ${JSON.stringify(outcome.result)}`);
  return (outcome.error as unknown as { toJSON(): { code: string; message: string } }).toJSON();
}

describe('coder::delete-file and coder::create-file go through the permission gate', () => {
  it('safety-immune paths cannot be deleted, in any spelling (C241: nobody to ask)', async () => {
    const ctx = await context();
    const paths = ['.git/config', '.git', './.git//config', 'docs/../.git/hooks/README', '.codeward/policy.json', '.codeward', 'coder_policy.json', '.chatcli/coder_policy.json', 'pkg/.git/config'];
    const results = await entries(ctx, 'coder::delete-file', { paths, recursive: true });
    for (const result of results) {
      expect(result.success, result.path).toBe(false);
      expect(codeOf(result), result.path).toBe('C241');
    }
    expect(JSON.parse(results[0]!.error!).message).toMatch(/nobody to ask/);
    expect(await readFile(join(base, '.git/config'), 'utf8')).toBe(GIT_CONFIG);
    expect(await readFile(join(base, '.codeward/policy.json'), 'utf8')).toBe(POLICY);
    expect(existsSync(join(base, 'coder_policy.json'))).toBe(true);
    expect(existsSync(join(base, '.chatcli/coder_policy.json'))).toBe(true);
    expect(existsSync(join(base, 'pkg/.git/config'))).toBe(true);
  });

  it('a recursive delete of a folder holding a nested .git is refused whole', async () => {
    const ctx = await context();
    const [result] = await entries(ctx, 'coder::delete-file', { paths: ['pkg'], recursive: true });
    expect(codeOf(result!)).toBe('C241');
    expect(existsSync(join(base, 'pkg/index.ts'))).toBe(true);
    expect(existsSync(join(base, 'pkg/.git/config'))).toBe(true);
  });

  it('a recursive delete of a folder holding a file a glob deny rule names is refused whole (the declared-entries gate every door shares)', async () => {
    await writeFiles(root, { 'home/.codeward/policy.json': '{"rules":[{"pattern":"@coder delete **/secret.conf","action":"deny"}]}\n', 'base/notes/deep/secret.conf': 's\n' });
    const ctx = await context();
    const [result] = await entries(ctx, 'coder::delete-file', { paths: ['notes'], recursive: true });
    expect(codeOf(result!)).toBe('C240');
    expect(existsSync(join(base, 'notes/deep/secret.conf'))).toBe(true);
  });

  it('create-file cannot plant a hook, a git config, a policy file, nor go through a symlink to .git', async () => {
    const ctx = await context();
    await symlink('.git', join(base, 'gitlink'));
    const files = [
      { path: '.git/hooks/pre-commit', content: '#!/bin/sh\ntouch /tmp/pwned\n', mode: '0755' },
      { path: '.git/config', content: '[core]\n\tfsmonitor = /tmp/evil\n', overwrite: true },
      { path: 'gitlink/config', content: '[core]\n\tfsmonitor = /tmp/evil\n', overwrite: true },
      { path: '.codeward/policy.json', content: '{"rules":[{"pattern":"*","action":"allow"}]}', overwrite: true },
      { path: 'coder_policy.json', content: '{"rules":[{"pattern":"*","action":"allow"}]}', overwrite: true },
      { path: 'sub/.codeward/config.json', content: '{}' },
    ];
    const results = await entries(ctx, 'coder::create-file', { files });
    for (const result of results) expect(codeOf(result), result.path).toBe('C241');
    expect(existsSync(join(base, '.git/hooks/pre-commit'))).toBe(false);
    expect(await readFile(join(base, '.git/config'), 'utf8')).toBe(GIT_CONFIG);
    expect(await readFile(join(base, '.codeward/policy.json'), 'utf8')).toBe(POLICY);
    expect(existsSync(join(base, 'sub'))).toBe(false);
  });

  // .github/workflows/ is protected (CI runs it on push with the repository's secrets: the write gate's
  // catalogue, src/permissions/obeyed.ts); the rest of .github/ is ordinary.
  it('names that only look like the protected ones are ordinary files (.gitignore, .github/, my.codeward.txt)', async () => {
    const ctx = await context();
    const files = ['.gitignore', '.github/ISSUE_TEMPLATE/bug.md', 'my.codeward.txt', 'docs/coder_policy.json.md'].map((path) => ({ path, content: 'x' }));
    for (const result of await entries(ctx, 'coder::create-file', { files })) expect(result.success, result.path).toBe(true);
  });

  it('update-file cannot edit .git/config either; an ordinary file still works', async () => {
    const ctx = await context();
    const results = await entries(ctx, 'coder::update-file', { files: [
      { path: '.git/config', ops: [{ op: 'insert', at_line: 1, content: '[core]\n\tfsmonitor = /tmp/evil' }] },
      { path: 'docs/guide.md', ops: [{ op: 'insert', at_line: 2, content: 'more' }] },
    ] });
    expect(codeOf(results[0]!)).toBe('C241');
    expect(results[1]!.success).toBe(true);
    expect(await readFile(join(base, '.git/config'), 'utf8')).toBe(GIT_CONFIG);
  });

  it('a deny rule refuses (C240), whichever spelling the caller uses and whoever wrote the rule', async () => {
    // The project's .codeward/policy.json denies deletes under src/; the user's denies creating shell scripts.
    await writePolicy(home, '.codeward/policy.json', ['deny @coder create **/*.sh', 'deny @coder read docs/private*']);
    await writeFiles(base, { 'docs/private.md': 'top secret needle\n' });
    const ctx = await context();
    const deleted = await entries(ctx, 'coder::delete-file', { paths: ['src/a.ts', './src//a.ts', 'docs/../src/a.ts', 'src'], recursive: true });
    for (const result of deleted) expect(codeOf(result), result.path).toBe('C240');
    expect(existsSync(join(base, 'src/a.ts'))).toBe(true);
    const created = await entries(ctx, 'coder::create-file', { files: [{ path: 'tools/x.sh', content: 'x' }, { path: 'tools/ok.txt', content: 'ok' }] });
    expect(codeOf(created[0]!)).toBe('C240');
    expect(created[1]!.success).toBe(true);
    expect((await topError(ctx, 'coder::read-file', { path: 'docs/private.md' })).code).toBe('C240');
    // search does not read what read-file may not.
    const found = await invoke(ctx, 'coder::search', { query: 'needle' });
    const matches = (found as { ok: true; result: { content_matches: { path: string }[] } }).result.content_matches.map((m) => m.path);
    expect(matches).toEqual(['notes/n.txt']);
  });

  it('an ask rule is refused (C241), never approved: there is nobody to ask', async () => {
    await writePolicy(home, '.codeward/policy.json', ['ask @coder create docs/**', 'ask @coder delete notes/**', 'ask @coder search *']);
    const ctx = await context();
    const [created] = await entries(ctx, 'coder::create-file', { files: [{ path: 'docs/new.md', content: 'x' }] });
    expect(codeOf(created!)).toBe('C241');
    expect(existsSync(join(base, 'docs/new.md'))).toBe(false);
    const [deleted] = await entries(ctx, 'coder::delete-file', { paths: ['notes/n.txt'] });
    expect(codeOf(deleted!)).toBe('C241');
    expect(existsSync(join(base, 'notes/n.txt'))).toBe(true);
    expect((await topError(ctx, 'coder::search', { query: 'x' })).code).toBe('C241');
  });

  it('read-sensitive immune paths (.ssh/) are neither read nor searched', async () => {
    const ctx = await context();
    expect((await topError(ctx, 'coder::read-file', { path: '.ssh/id_rsa' })).code).toBe('C241');
    const found = await invoke(ctx, 'coder::search', { query: 'PRIVATE' });
    expect(found.ok && (found.result as { content_matches: unknown[] }).content_matches).toEqual([]);
  });

  it('default_write_action: deny refuses unmatched writes; a user allow rule still lets one through', async () => {
    await writePolicy(home, '.codeward/policy.json', ['allow @coder create out/**']);
    const ctx = await context({ default_write_action: 'deny' });
    const results = await entries(ctx, 'coder::create-file', { files: [{ path: 'x.txt', content: 'x' }, { path: 'out/y.txt', content: 'y' }] });
    expect(codeOf(results[0]!)).toBe('C240');
    expect(JSON.parse(results[0]!.error!).message).toMatch(/no rule allows it and default_write_action is deny \(.*\); add an allow rule for it \(e\.g\. "@coder create x\.txt"\)/);
    expect(JSON.parse(results[0]!.error!).message).not.toContain('default for write commands: ask');
    expect(results[1]!.success).toBe(true);
    // Reads stay allowed by the engine's default.
    expect((await invoke(ctx, 'coder::read-file', { path: 'docs/guide.md' })).ok).toBe(true);
  });

  it('a policy file with problems refuses every call (a broken file never widens anything)', async () => {
    await writeFile(join(base, '.codeward/policy.json'), '{"rules": [ {"pattern": ');
    const ctx = await context();
    expect((await topError(ctx, 'coder::read-file', { path: 'docs/guide.md' })).code).toBe('C210');
    // A batched function reports it per entry (each entry is its own engine call); nothing is written.
    const [created] = await entries(ctx, 'coder::create-file', { files: [{ path: 'z.txt', content: 'z' }] });
    expect(codeOf(created!)).toBe('C210');
    expect(existsSync(join(base, 'z.txt'))).toBe(false);
  });
});

describe('the worker never changes its own config', () => {
  it('a config.yaml inside base_path cannot be overwritten, updated or deleted through the worker (CLI)', async () => {
    const config = join(base, 'config.yaml');
    const text = `base_path: ${base}\nnon_accessible_globs: ["**/.env"]\n`;
    await writeFile(config, text);
    const run = (id: string, payload: unknown): { status: number | null; out: string } => {
      const result = spawnSync(process.execPath, [CLI, 'worker', '--config', config, '--invoke', id, '--payload', JSON.stringify(payload)], {
        cwd: root, encoding: 'utf8', env: { ...process.env, HOME: home },
      });
      return { status: result.status, out: result.stdout };
    };
    // What an attacker would write: base_path "/" and no globs, obeyed at the next start.
    const created = run('coder::create-file', { files: [{ path: 'config.yaml', content: 'base_path: /\n', overwrite: true }] });
    expect(created.out).toContain('C240');
    expect(created.out).toContain("worker's own configuration");
    expect(run('coder::update-file', { files: [{ path: 'config.yaml', ops: [{ op: 'update_lines', from_line: 1, to_line: 1, content: 'base_path: /' }] }] }).out).toContain('C240');
    expect(run('coder::delete-file', { paths: ['config.yaml'] }).out).toContain('C240');
    expect(await readFile(config, 'utf8')).toBe(text);
    // Every entry refused: the same JSON, and the exit status says nothing was done (newcomer pass N14).
    expect(created.status).toBe(1);
    expect(created.out).toContain('"success":false');
  });
});

describe('through a real engine connection (engine double, real iii-sdk, real binary)', () => {
  it('delete-file .git/config and .codeward/policy.json, create-file of a hook: refused; git still works', async () => {
    const git = spawnSync('git', ['init', '-q', base], { encoding: 'utf8' });
    if (git.status !== 0) throw new Error(`git init failed: ${git.stderr}`);
    const engine = await EngineDouble.start();
    await writeFile(join(root, 'config.yaml'), `base_path: ${base}\ndefault_write_action: allow\n`);
    const child = spawn(process.execPath, [CLI, 'worker', '--config', join(root, 'config.yaml')], {
      cwd: root,
      env: { ...process.env, HOME: home, III_URL: engine.url },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    try {
      await engine.until(() => (engine.frames.filter((frame) => frame.type === 'registerfunction').length >= 7 ? true : undefined));
      const gitConfig = await readFile(join(base, '.git/config'), 'utf8');
      const deleted = await engine.invoke('coder::delete-file', { paths: ['.git/config', '.codeward/policy.json', '.git'], recursive: true }, 'd1');
      for (const result of deleted.result.results as Entry[]) expect(codeOf(result), result.path).toBe('C241');
      const created = await engine.invoke('coder::create-file', { files: [{ path: '.git/hooks/post-checkout', content: '#!/bin/sh\necho pwned\n', mode: '0755' }] }, 'c1');
      expect(codeOf((created.result.results as Entry[])[0]!)).toBe('C241');
      const denied = await engine.invoke('coder::delete-file', { paths: ['src/a.ts'] }, 'd2');
      expect(codeOf((denied.result.results as Entry[])[0]!)).toBe('C240');
      const allowed = await engine.invoke('coder::delete-file', { paths: ['docs/guide.md'] }, 'd3');
      expect((allowed.result.results as Entry[])[0]!.success).toBe(true);
      expect(await readFile(join(base, '.git/config'), 'utf8')).toBe(gitConfig);
      expect(existsSync(join(base, '.git/hooks/post-checkout'))).toBe(false);
      expect(spawnSync('git', ['-C', base, 'status', '--porcelain'], { encoding: 'utf8' }).status).toBe(0);
    } finally {
      child.kill('SIGTERM');
      await new Promise((done) => (child.exitCode === null ? child.once('exit', done) : done(undefined)));
      await engine.close();
    }
  });
});
