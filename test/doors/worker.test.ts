import { spawnSync } from 'node:child_process';
import { existsSync, writeFileSync } from 'node:fs';
import { chmod, lstat, mkdir, readFile, readdir, stat, symlink, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { DEFAULT_CONFIG, parseConfig, prepareContext, type WorkerConfig, type WorkerContext } from '../../src/doors/worker/config.js';
import { invoke } from '../../src/doors/worker/functions.js';
import { CLI, removeDir, tempDir, writeFiles } from '../helpers/fixture.js';

// Every behaviour of docs iii-worker.md §1-4, in-process through the door's invoke function and, at least
// once per function, through the real binary's `codeward worker --invoke`.

let root: string;
let base: string;
let outside: string;
beforeEach(async () => {
  root = await tempDir('codeward-worker-');
  base = join(root, 'base');
  outside = join(root, 'outside');
  await writeFiles(root, {
    'base/a.txt': 'alpha\nbeta\ngamma\n',
    'base/src/main.rs': 'fn main() {\n    // TODO: x\n}\n',
    'base/docs/TODO.md': '# todo\n',
    'base/.env': 'KEY=1\n',
    'base/secrets/k.txt': 'secret\n',
    'base/keys/id.pem': 'pem\n',
    'outside/escape.txt': 'outside\n',
    'outside/dir/file.txt': 'outside file\n',
  });
});
afterEach(async () => removeDir(root));

const SHIPPED_GLOBS = ['**/.env', '**/.env.!(example|sample|template|dist)', '**/*.pem', '**/*.key', '**/secrets/**'];

async function context(overrides: Partial<WorkerConfig> = {}): Promise<WorkerContext> {
  // These tests are about the file functions: writes are allowed as the user's own config can allow them.
  return prepareContext({ ...DEFAULT_CONFIG, base_path: base, non_accessible_globs: SHIPPED_GLOBS, default_write_action: 'allow', ...overrides }, root);
}

async function ok(ctx: WorkerContext, id: string, payload: unknown): Promise<any> {
  const outcome = await invoke(ctx, id, payload);
  if (!outcome.ok) throw new Error(`expected success, got ${outcome.error.message}`);
  return outcome.result;
}

async function fails(ctx: WorkerContext, id: string, payload: unknown): Promise<{ code: string; message: string }> {
  const outcome = await invoke(ctx, id, payload);
  if (outcome.ok) throw new Error(`expected an error, got ${JSON.stringify(outcome.result)}`);
  return 'code' in outcome.error ? (outcome.error as any).toJSON() : { code: 'payload', message: outcome.error.message };
}

const errorOf = (text: string): { code: string; message: string } => JSON.parse(text);

async function writeConfig(text: string): Promise<string> {
  const path = join(root, 'config.yaml');
  await writeFile(path, text);
  return path;
}

const CONFIG = (): string => `base_path: ${base}\nnon_accessible_globs: ${JSON.stringify(SHIPPED_GLOBS)}\ndefault_write_action: allow\n`;

function runInvoke(id: string, payload: unknown, options: { config?: string; cwd?: string; raw?: string } = {}): { status: number; stdout: string; stderr: string; json: any } {
  const args = [CLI, 'worker', ...(options.config === undefined ? [] : ['--config', options.config]), '--invoke', id, '--payload', options.raw ?? JSON.stringify(payload)];
  const result = spawnSync(process.execPath, args, { cwd: options.cwd ?? root, encoding: 'utf8' });
  let json: any;
  try {
    json = JSON.parse(result.stdout);
  } catch {
    json = undefined;
  }
  return { status: result.status ?? -1, stdout: result.stdout, stderr: result.stderr, json };
}

describe('§1 configuration', () => {
  it('"{}" and an empty file parse to exactly the defaults', () => {
    expect(parseConfig('{}', [])).toEqual({
      base_path: './', non_accessible_globs: ['**/.env', '**/.env.!(example|sample|template|dist)', '**/*.pem', '**/*.key', '**/secrets/**'], max_read_bytes: 10485760, max_write_bytes: 10485760, tree_default_depth: 4,
      tree_per_folder_limit: 50, list_default_page_size: 100, list_max_page_size: 1000, search_default_max_matches: 1000,
      search_default_max_line_bytes: 4096, default_write_action: 'ask', engine_trust: false,
    });
    expect(parseConfig('', [])).toEqual(DEFAULT_CONFIG);
  });

  it('every one of the 12 keys overrides its default; an unknown key is C210 with the key it was meant to be', () => {
    const warnings: string[] = [];
    const config = parseConfig([
      'base_path: /srv/x', 'non_accessible_globs: ["*.lock"]', 'max_read_bytes: 42', 'max_write_bytes: 43', 'tree_default_depth: 2',
      'tree_per_folder_limit: 3', 'list_default_page_size: 5', 'list_max_page_size: 7', 'search_default_max_matches: 11',
      'search_default_max_line_bytes: 19', 'default_write_action: deny', 'engine_trust: true',
    ].join('\n'), warnings);
    expect(config).toEqual({
      base_path: '/srv/x', non_accessible_globs: ['*.lock'], max_read_bytes: 42, max_write_bytes: 43, tree_default_depth: 2,
      tree_per_folder_limit: 3, list_default_page_size: 5, list_max_page_size: 7, search_default_max_matches: 11,
      search_default_max_line_bytes: 19, default_write_action: 'deny', engine_trust: true,
    });
    expect(warnings).toEqual([]);
    expect(() => parseConfig('max_read_byte: 5\n', [])).toThrow(/unknown key "max_read_byte" \(did you mean "max_read_bytes"\?\); valid keys: base_path, /);
    // A typo in the safety key must not fall back to the default (allow).
    expect(() => parseConfig('default_write_acton: deny\n', [])).toThrow(/unknown key "default_write_acton" \(did you mean "default_write_action"\?\)/);
    expect(() => parseConfig('colour: blue\n', [])).toThrow(/unknown key "colour"; valid keys/);
  });

  it('a value of the wrong type refuses the config', () => {
    expect(() => parseConfig('max_read_bytes: lots', [])).toThrow(/max_read_bytes/);
    expect(() => parseConfig('tree_default_depth: -1', [])).toThrow(/tree_default_depth/);
    expect(() => parseConfig('default_write_action: maybe', [])).toThrow(/default_write_action/);
  });

  it('the overrides take effect in the functions', async () => {
    const ctx = await context({
      max_read_bytes: 5, max_write_bytes: 4, tree_default_depth: 1, tree_per_folder_limit: 2, list_default_page_size: 2,
      list_max_page_size: 3, search_default_max_matches: 1, search_default_max_line_bytes: 3,
    });
    expect(await fails(ctx, 'coder::read-file', { path: 'a.txt' })).toEqual({ code: 'C213', message: 'a.txt is 17 bytes; max_read_bytes is 5' });
    expect((await ok(ctx, 'coder::create-file', { files: [{ path: 'n.txt', content: 'hello' }] })).results[0].error)
      .toBe('{"code":"C213","message":"5 bytes exceeds max_write_bytes 4"}');
    const tree = (await ok(ctx, 'coder::tree', {})).root;
    expect(tree.children).toHaveLength(2);
    expect(tree.truncated).toMatchObject({ reason: 'per_folder_limit', shown: 2 });
    const list = await ok(ctx, 'coder::list-folder', {});
    expect(list.page_size).toBe(2);
    expect((await ok(ctx, 'coder::list-folder', { page_size: 50 })).page_size).toBe(3);
    // Files over max_read_bytes (5) are skipped; lines are cut to 3 bytes, so w.txt's "a" is never seen.
    await writeFiles(base, { 'z.txt': 'a\na\n', 'w.txt': 'bbba' });
    const search = await ok(ctx, 'coder::search', { query: 'a', search_paths: false });
    expect(search.content_matches).toEqual([{ path: 'z.txt', line: 1, column: 1, text: 'a' }]);
    expect(search.truncated).toBe(true);
  });

  it('CLI: a missing ./config.yaml warns and runs on the defaults (base_path "./" = the working folder); a missing --config file is C210', () => {
    const result = runInvoke('coder::list-folder', {}, { cwd: base });
    expect(result.status).toBe(0);
    expect(result.stderr).toMatch(/warning: no config.yaml in .*: the worker serves that folder with its defaults/);
    expect(result.json).toMatchObject({ path: '.', page: 1, page_size: 100, has_more: false });
    const explicit = runInvoke('coder::create-file', { files: [{ path: 'made.txt', content: 'x' }] }, { config: join(root, 'none.yaml'), cwd: base });
    expect(explicit.status).toBe(1);
    expect(explicit.json.code).toBe('C210');
    expect(explicit.json.message).toMatch(/none\.yaml: No such file or directory \(os error 2\); the file given with --config must be readable/);
    expect(existsSync(join(base, 'made.txt'))).toBe(false);
    // codeward's secret globs by default (the original had none): .env is not readable through the worker either.
    expect(runInvoke('coder::read-file', { path: '.env' }, { cwd: base }).json).toEqual({ code: 'C211', message: 'path is non-accessible per config: .env' });
    // An explicit empty list is the operator's choice.
    const open = join(root, 'open.yaml');
    writeFileSync(open, 'non_accessible_globs: []\n');
    expect(runInvoke('coder::read-file', { path: '.env' }, { config: open, cwd: base }).json.content).toBe('KEY=1\n');
  });

  it('CLI: an unreachable base_path or a bad glob refuses to start (exit 1, C2xx)', async () => {
    const missing = runInvoke('coder::tree', {}, { config: await writeConfig(`base_path: ${join(root, 'nope')}\n`) });
    expect(missing.status).toBe(1);
    expect(missing.json.code).toBe('C216');
    const badGlob = runInvoke('coder::tree', {}, { config: await writeConfig(`base_path: ${base}\nnon_accessible_globs: ["a[b"]\n`) });
    expect(badGlob.status).toBe(1);
    expect(badGlob.json.code).toBe('C210');
    expect(badGlob.json.message).toContain('bad glob "a[b"');
  });

  it('CLI: an unknown key is C210 naming the file, --payload that is not JSON is C210', async () => {
    const typo = await writeConfig(`${CONFIG()}max_read_byte: 5\n`);
    const refused = runInvoke('coder::read-file', { path: 'a.txt' }, { config: typo });
    expect(refused.status).toBe(1);
    expect(refused.json.code).toBe('C210');
    expect(refused.json.message).toContain(`config ${typo}: unknown key "max_read_byte" (did you mean "max_read_bytes"?)`);
    const deny = await writeConfig(CONFIG().replace('default_write_action: allow', 'default_write_action: deny'));
    const denied = runInvoke('coder::create-file', { files: [{ path: 'made.txt', content: 'x' }] }, { config: deny });
    expect(JSON.parse(denied.json.results[0].error)).toMatchObject({ code: 'C240', message: expect.stringContaining(`no rule allows it and default_write_action is deny (${deny})`) });
    expect(denied.stdout).not.toContain('default for write commands: ask');
    const config = await writeConfig(CONFIG());
    const bad = runInvoke('coder::read-file', undefined, { config, raw: '{path:' });
    expect(bad.status).toBe(1);
    expect(bad.json.code).toBe('C210');
  });
});

describe('CLI surface', () => {
  it('--manifest lists the 7 functions with their schemas; --help prints the usage; unknown options are C210', () => {
    const manifest = spawnSync(process.execPath, [CLI, 'worker', '--manifest'], { encoding: 'utf8' });
    expect(manifest.status).toBe(0);
    const parsed = JSON.parse(manifest.stdout);
    expect(parsed.functions.map((fn: any) => fn.id)).toEqual([
      'coder::read-file', 'coder::search', 'coder::update-file', 'coder::create-file', 'coder::delete-file', 'coder::list-folder', 'coder::tree',
    ]);
    expect(parsed.functions[1].request_format.required).toEqual(['query']);
    const help = spawnSync(process.execPath, [CLI, 'worker', '--help'], { encoding: 'utf8' });
    expect(help.status).toBe(0);
    expect(help.stdout).toContain('--invoke <function-id>');
    const unknown = spawnSync(process.execPath, [CLI, 'worker', '--frobnicate'], { encoding: 'utf8' });
    expect(unknown.status).toBe(1);
    expect(unknown.stderr).toContain('error C210: unknown worker option');
    const missing = runInvoke('coder::nope', {}, {});
    expect(missing.status).toBe(1);
    expect(missing.json.code).toBe('C210');
  });
});

describe('§2 the path jail', () => {
  it('absolute → C210 with the exact message (CLI)', async () => {
    const result = runInvoke('coder::read-file', { path: '/etc/passwd' }, { config: await writeConfig(CONFIG()) });
    expect(result.status).toBe(1);
    expect(result.stdout).toBe('{"code":"C210","message":"path must be relative to base_path: /etc/passwd"}\n');
  });

  it('.. escapes → C215', async () => {
    const ctx = await context();
    expect(await fails(ctx, 'coder::read-file', { path: '../outside/escape.txt' })).toEqual({ code: 'C215', message: 'path escapes base_path: ../outside/escape.txt' });
    expect((await fails(ctx, 'coder::read-file', { path: 'src/../../x' })).code).toBe('C215');
    expect((await fails(ctx, 'coder::list-folder', { path: '..' })).code).toBe('C215');
  });

  it('symlinks out (file, dir, below a dir link, even to a missing file) → C215; inside is allowed', async () => {
    await symlink(join(outside, 'escape.txt'), join(base, 'out.txt'));
    await symlink(join(outside, 'dir'), join(base, 'outdir'));
    await symlink(join(base, 'a.txt'), join(base, 'in.txt'));
    const ctx = await context();
    expect((await fails(ctx, 'coder::read-file', { path: 'out.txt' })).code).toBe('C215');
    expect((await fails(ctx, 'coder::read-file', { path: 'outdir/file.txt' })).code).toBe('C215');
    expect((await ok(ctx, 'coder::create-file', { files: [{ path: 'outdir/new.txt', content: 'x' }] })).results[0].error).toContain('"C215"');
    await expect(stat(join(outside, 'dir/new.txt'))).rejects.toThrow();
    expect((await ok(ctx, 'coder::read-file', { path: 'in.txt' })).content).toBe('alpha\nbeta\ngamma\n');
  });

  it('a dangling symlink in the path → C215', async () => {
    await symlink(join(base, 'gone.txt'), join(base, 'dangling'));
    const ctx = await context();
    const error = await fails(ctx, 'coder::read-file', { path: 'dangling' });
    expect(error.code).toBe('C215');
    expect(error.message).toBe(`dangling: dangling symlink in path: ${join(base, 'dangling')}`);
    expect((await ok(ctx, 'coder::create-file', { files: [{ path: 'dangling/x', content: 'x' }] })).results[0].error).toContain('"C215"');
  });

  it('the missing/../escape/file bypass of the original is C215', async () => {
    await symlink(outside, join(base, 'escape'));
    const ctx = await context();
    expect((await fails(ctx, 'coder::read-file', { path: 'missing/../escape/escape.txt' })).code).toBe('C215');
    const created = await ok(ctx, 'coder::create-file', { files: [{ path: 'missing/../escape/pwned.txt', content: 'x' }] });
    expect(errorOf(created.results[0].error).code).toBe('C215');
    await expect(stat(join(outside, 'pwned.txt'))).rejects.toThrow();
  });

  // Red team of the jail: a hard link in base to an outside file is the outside inode itself (no symlink to
  // refuse). create-file overwrite and update-file replace the link (temp + rename), never write into the
  // outside inode; delete-file removes the link only; a FIFO is refused without hanging.
  it('a hard link to an outside file: writes replace the link, the outside file is unchanged', async () => {
    const { link } = await import('node:fs/promises');
    await link(join(outside, 'escape.txt'), join(base, 'hard.txt'));
    await link(join(outside, 'dir/file.txt'), join(base, 'hard2.txt'));
    await link(join(outside, 'dir/file.txt'), join(base, 'hard3.txt'));
    const ctx = await context();
    expect((await ok(ctx, 'coder::create-file', { files: [{ path: 'hard.txt', content: 'new\n', overwrite: true }] })).results[0].success).toBe(true);
    expect((await ok(ctx, 'coder::update-file', { files: [{ path: 'hard2.txt', ops: [{ op: 'insert', at_line: 1, content: 'x' }] }] })).results[0].success).toBe(true);
    expect((await ok(ctx, 'coder::delete-file', { paths: ['hard3.txt'] })).results[0].removed).toBe(true);
    expect(await readFile(join(base, 'hard.txt'), 'utf8')).toBe('new\n');
    expect(await readFile(join(base, 'hard2.txt'), 'utf8')).toBe('x\noutside file\n');
    expect(await readFile(join(outside, 'escape.txt'), 'utf8')).toBe('outside\n');
    expect(await readFile(join(outside, 'dir/file.txt'), 'utf8')).toBe('outside file\n');
    expect(spawnSync('mkfifo', [join(base, 'fifo')]).status).toBe(0);
    expect(await fails(ctx, 'coder::read-file', { path: 'fifo' })).toEqual({ code: 'C210', message: 'not a regular file: fifo' });
  });

  it('non-accessible → C211 with the exact message; the engine\'s glob semantics', async () => {
    await symlink(join(base, '.env'), join(base, 'alias'));
    await symlink(join(base, 'a.txt'), join(base, 'x.pem'));
    const ctx = await context();
    expect(await fails(ctx, 'coder::read-file', { path: '.env' })).toEqual({ code: 'C211', message: 'path is non-accessible per config: .env' });
    expect(await fails(ctx, 'coder::read-file', { path: 'secrets/k.txt' })).toEqual({ code: 'C211', message: 'path is non-accessible per config: secrets/k.txt' });
    expect((await fails(ctx, 'coder::read-file', { path: 'keys/id.pem' })).code).toBe('C211');
    // Resolved paths are matched: a link to .env is denied. Stricter than the original (the engine's jail
    // judges the name as well as the target): a link named x.pem to a.txt is refused too.
    expect((await fails(ctx, 'coder::read-file', { path: 'alias' })).code).toBe('C211');
    expect((await fails(ctx, 'coder::read-file', { path: 'x.pem' })).code).toBe('C211');
    // The engine's globs (as every door's): a folder that matches hides everything below it, and
    // `**/secrets/**` flags the folder itself (the original's globset did not).
    const star = await context({ non_accessible_globs: ['src*'] });
    expect((await fails(star, 'coder::read-file', { path: 'src/main.rs' })).code).toBe('C211');
    const listed = await ok(ctx, 'coder::list-folder', {});
    expect(listed.entries.find((e: any) => e.name === 'secrets').non_accessible).toBe(true);
  });

  it('a missing file is C211 with the OS text; "" behaves like "."', async () => {
    const ctx = await context();
    const error = await fails(ctx, 'coder::read-file', { path: 'nope.txt' });
    expect(error.code).toBe('C211');
    expect(error.message).toContain('No such file or directory (os error 2)');
    expect((await ok(ctx, 'coder::list-folder', { path: '' })).total).toBeGreaterThan(0);
  });
});

describe('§3 error wire shapes', () => {
  it('top-level errors print {"code","message"} in that key order and exit 1 (CLI)', async () => {
    const result = runInvoke('coder::update-file', { files: [] }, { config: await writeConfig(CONFIG()) });
    expect(result.status).toBe(1);
    expect(result.stdout).toBe('{"code":"C210","message":"`files` must not be empty"}\n');
  });

  it('per-entry errors are JSON strings, omitted on success', async () => {
    const ctx = await context();
    const result = await ok(ctx, 'coder::delete-file', { paths: ['a.txt', '.env'] });
    expect(result.results[0]).toEqual({ path: 'a.txt', success: true, removed: true });
    expect(typeof result.results[1].error).toBe('string');
    expect(result.results[1].error).toBe('{"code":"C211","message":"path is non-accessible per config: .env"}');
  });

  it('payloads that do not deserialize are not C2xx codes in-process; unknown fields are ignored', async () => {
    const ctx = await context();
    expect((await fails(ctx, 'coder::read-file', {})).message).toContain('missing field `path`');
    expect((await fails(ctx, 'coder::read-file', { path: 5 })).message).toBe('invalid payload for coder::read-file: path must be text, got 5');
    expect((await fails(ctx, 'coder::list-folder', { page: -1 })).message).toBe('invalid payload for coder::list-folder: page must be at least 0');
    expect((await fails(ctx, 'coder::update-file', { files: [{ path: 'a.txt', ops: [{ op: 'explode' }] }] })).code).toBe('payload');
    expect((await ok(ctx, 'coder::read-file', { path: 'a.txt', extra: true })).path).toBe('a.txt');
  });

  it('an unknown function id names the functions this worker registers', async () => {
    const message = (await fails(await context(), 'coder::nope', {})).message;
    expect(message).toMatch(/^function not found: coder::nope \(this worker registers coder::read-file, /);
    expect(message).toContain('coder::tree');
  });
});

describe('§4.1 coder::read-file', () => {
  it('returns path verbatim, content, is_utf8, size, mode, mtime (CLI)', async () => {
    await chmod(join(base, 'a.txt'), 0o640);
    const result = runInvoke('coder::read-file', { path: './a.txt' }, { config: await writeConfig(CONFIG()) });
    expect(result.status).toBe(0);
    const info = await stat(join(base, 'a.txt'));
    expect(result.json).toEqual({ path: './a.txt', content: 'alpha\nbeta\ngamma\n', is_utf8: true, size: 17, mode: 0o640, mtime: Math.floor(info.mtimeMs / 1000) });
    expect(Object.keys(result.json)).toEqual(['path', 'content', 'is_utf8', 'size', 'mode', 'mtime']);
  });

  it('invalid UTF-8 → U+FFFD and is_utf8 false; size is the byte count', async () => {
    await writeFile(join(base, 'bin.dat'), Buffer.from([0x61, 0xff, 0x62, 0xe2, 0x82]));
    const result = await ok(await context(), 'coder::read-file', { path: 'bin.dat' });
    expect(result).toMatchObject({ content: 'a\uFFFDb\uFFFD', is_utf8: false, size: 5 });
  });

  it('a folder is C210, over max_read_bytes is C213 before reading', async () => {
    const ctx = await context();
    expect(await fails(ctx, 'coder::read-file', { path: 'src' })).toEqual({ code: 'C210', message: 'not a regular file: src' });
    const small = await context({ max_read_bytes: 16 });
    expect(await fails(small, 'coder::read-file', { path: 'a.txt' })).toEqual({ code: 'C213', message: 'a.txt is 17 bytes; max_read_bytes is 16' });
    expect((await ok(await context({ max_read_bytes: 17 }), 'coder::read-file', { path: 'a.txt' })).size).toBe(17);
  });
});

describe('§4.2 coder::search', () => {
  it('content and path matches with defaults (CLI)', async () => {
    const result = runInvoke('coder::search', { query: 'TODO' }, { config: await writeConfig(CONFIG()) });
    expect(result.status).toBe(0);
    expect(result.json).toEqual({
      content_matches: [{ path: 'src/main.rs', line: 2, column: 8, text: '    // TODO: x' }],
      path_matches: [{ path: 'docs/TODO.md' }],
      truncated: false,
    });
  });

  it('column is 1 + the UTF-8 byte offset; ignore_case; regex; lines split with \\r stripped', async () => {
    await writeFiles(base, { 'u.txt': 'héllo wörld\r\nnext\n' });
    const ctx = await context();
    const literal = await ok(ctx, 'coder::search', { query: 'wörld', path: '.', search_paths: false });
    expect(literal.content_matches).toEqual([{ path: 'u.txt', line: 1, column: 8, text: 'héllo wörld' }]);
    const insensitive = await ok(ctx, 'coder::search', { query: 'WÖRLD', ignore_case: true, search_paths: false });
    expect(insensitive.content_matches[0].column).toBe(8);
    const regex = await ok(ctx, 'coder::search', { query: '^n\\w+t$', regex: true, search_paths: false });
    expect(regex.content_matches).toEqual([{ path: 'u.txt', line: 2, column: 1, text: 'next' }]);
    const paths = await ok(ctx, 'coder::search', { query: 'main\\.rs$', regex: true, search_content: false });
    expect(paths).toEqual({ content_matches: [], path_matches: [{ path: 'src/main.rs' }], truncated: false });
  });

  it('max_line_bytes cuts on a character boundary before matching', async () => {
    await writeFiles(base, { 'cut.txt': 'ééé tail\n' });
    const ctx = await context();
    // 'é' is 2 bytes: a cut at 3 bytes lands inside the second one and is floored to 2 bytes.
    const result = await ok(ctx, 'coder::search', { query: 'é', max_line_bytes: 3, search_paths: false, include_globs: ['cut.txt'] });
    expect(result.content_matches).toEqual([{ path: 'cut.txt', line: 1, column: 1, text: 'é' }]);
    const tail = await ok(ctx, 'coder::search', { query: 'tail', max_line_bytes: 6, search_paths: false });
    expect(tail.content_matches).toEqual([]);
  });

  it('include/exclude globs on base-relative paths, path scoping, non-accessible and binary files skipped', async () => {
    await writeFiles(base, { 'src/lib.rs': 'alpha\n', 'src/skip.rs': 'alpha\n', 'src/bin.dat': Buffer.from('alpha\0') });
    await writeFile(join(base, '.env'), 'alpha\n');
    const ctx = await context();
    const scoped = await ok(ctx, 'coder::search', { query: 'alpha', path: 'src', include_globs: ['src/*.rs'], exclude_globs: ['**/skip.rs'] });
    expect(scoped).toEqual({ content_matches: [{ path: 'src/lib.rs', line: 1, column: 1, text: 'alpha' }], path_matches: [], truncated: false });
    const all = await ok(ctx, 'coder::search', { query: 'alpha', search_paths: false });
    expect(all.content_matches.map((m: any) => m.path).sort()).toEqual(['a.txt', 'src/lib.rs', 'src/skip.rs']);
  });

  it('max_matches truncates; checks and errors', async () => {
    await writeFiles(base, { 'many.txt': 'x\nx\nx\n' });
    const ctx = await context();
    const result = await ok(ctx, 'coder::search', { query: 'x', max_matches: 2, search_paths: false, include_globs: ['many.txt'] });
    expect(result.content_matches).toHaveLength(2);
    expect(result.truncated).toBe(true);
    const exact = await ok(ctx, 'coder::search', { query: 'x', max_matches: 3, search_paths: false, include_globs: ['many.txt'] });
    expect(exact.truncated).toBe(false);
    expect(await fails(ctx, 'coder::search', { query: '' })).toEqual({ code: 'C210', message: 'query must not be empty' });
    expect(await fails(ctx, 'coder::search', { query: 'x', search_content: false, search_paths: false }))
      .toEqual({ code: 'C210', message: 'at least one of search_content / search_paths must be true' });
    expect(await fails(ctx, 'coder::search', { query: 'x', path: 'a.txt' })).toEqual({ code: 'C210', message: 'not a directory: a.txt' });
    expect((await fails(ctx, 'coder::search', { query: 'x', path: 'nope' })).code).toBe('C211');
    expect((await fails(ctx, 'coder::search', { query: '(', regex: true })).message).toMatch(/^bad regex "\("/);
    expect((await fails(ctx, 'coder::search', { query: 'x', include_globs: ['{a'] })).message).toMatch(/^bad glob "\{a"/);
    expect((await fails(ctx, 'coder::search', { query: 'x', path: '/tmp' })).code).toBe('C210');
  });
});

describe('§4.3 coder::update-file', () => {
  it('applies line ops bottom-up on original numbers, then replace (CLI)', async () => {
    await writeFiles(base, { 'f.txt': 'l1\nl2\nl3\nl4\nl5\n' });
    const payload = { files: [{ path: 'f.txt', ops: [
      { op: 'insert', at_line: 1, content: 'h1\nh2' },
      { op: 'remove', from_line: 2, to_line: 3 },
      { op: 'update_lines', from_line: 5, to_line: 5, content: 'L5' },
      { op: 'replace', pattern: 'l(\\d)', replacement: 'x$1' },
    ] }] };
    const result = runInvoke('coder::update-file', payload, { config: await writeConfig(CONFIG()) });
    expect(result.status).toBe(0);
    expect(result.json).toEqual({ results: [{ path: 'f.txt', success: true, applied: 4, new_line_count: 5 }] });
    expect(await readFile(join(base, 'f.txt'), 'utf8')).toBe('h1\nh2\nx1\nx4\nL5\n');
  });

  it('Rust replacement syntax: ${1}, $name, ${name}, $$; CRLF kept; empty content deletes', async () => {
    await writeFiles(base, { 'r.txt': 'key=val\r\nkeep\r\ndrop\r\n' });
    const ctx = await context();
    const result = await ok(ctx, 'coder::update-file', { files: [{ path: 'r.txt', ops: [
      { op: 'update_lines', from_line: 3, to_line: 3, content: '' },
      { op: 'replace', pattern: '(?P<k>\\w+)=(\\w+)', replacement: '${2}_$k:${k}$$' },
      { op: 'replace', pattern: 'KEEP', replacement: 'kept', ignore_case: true },
    ] }] });
    expect(result.results[0]).toEqual({ path: 'r.txt', success: true, applied: 3, new_line_count: 2 });
    expect(await readFile(join(base, 'r.txt'), 'utf8')).toBe('val_key:key$\r\nkept\r\n');
  });

  it('a reference to a missing group or a JS-only template is refused instead of corrupting the file', async () => {
    await writeFiles(base, { 't.txt': 'name\n' });
    const ctx = await context();
    const result = await ok(ctx, 'coder::update-file', { files: [{ path: 't.txt', ops: [{ op: 'replace', pattern: 'name', replacement: '${name}' }] }] });
    expect(errorOf(result.results[0].error).code).toBe('C210');
    expect(await readFile(join(base, 't.txt'), 'utf8')).toBe('name\n');
  });

  it('range, overlap and empty errors; files are independent; no temp files left', async () => {
    await writeFiles(base, { 'g.txt': 'a\nb\nc\n' });
    const ctx = await context();
    const result = await ok(ctx, 'coder::update-file', { files: [
      { path: 'g.txt', ops: [{ op: 'insert', at_line: 5, content: 'x' }] },
      { path: 'g.txt', ops: [{ op: 'remove', from_line: 2, to_line: 4 }] },
      { path: 'g.txt', ops: [{ op: 'remove', from_line: 1, to_line: 2 }, { op: 'insert', at_line: 2, content: 'x' }] },
      { path: 'g.txt', ops: [] },
      { path: 'g.txt', ops: [{ op: 'replace', pattern: '', replacement: 'x' }] },
      { path: 'nope.txt', ops: [{ op: 'insert', at_line: 1, content: 'x' }] },
      { path: 'g.txt', ops: [{ op: 'insert', at_line: 4, content: 'd' }, { op: 'remove', from_line: 1, to_line: 1 }] },
    ] });
    const errors = result.results.map((r: any) => (r.error === undefined ? undefined : errorOf(r.error)));
    // The codes of the original; the engine's messages (src/edit/line-ops.ts), which name the fix.
    expect(errors[0]).toEqual({ code: 'C210', message: 'op 1 (insert): at_line 5 is past the end of the file (3 lines); use 1..4, where 4 appends' });
    expect(errors[1]).toEqual({ code: 'C210', message: 'op 1 (remove): to_line 4 is past the end of the file (3 lines)' });
    expect(errors[2]).toMatchObject({ code: 'C210', message: expect.stringMatching(/^ops .* overlap/) });
    expect(errors[3]).toEqual({ code: 'C210', message: 'ops must not be empty' });
    expect(errors[4]).toEqual({ code: 'C210', message: 'op 1 (replace): pattern must not be empty' });
    expect(errors[5].code).toBe('C211');
    expect(result.results[0]).toMatchObject({ success: false, applied: 0, new_line_count: 0 });
    expect(result.results[6]).toEqual({ path: 'g.txt', success: true, applied: 2, new_line_count: 3 });
    expect(await readFile(join(base, 'g.txt'), 'utf8')).toBe('b\nc\nd\n');
    expect((await readdir(base)).filter((name) => name.includes('coder-tmp'))).toEqual([]);
  });

  it('max_write_bytes on the old and the new size; non-accessible; folders', async () => {
    const ctx = await context({ max_write_bytes: 18 });
    const result = await ok(ctx, 'coder::update-file', { files: [
      { path: 'a.txt', ops: [{ op: 'insert', at_line: 1, content: 'more' }] },
      { path: '.env', ops: [{ op: 'insert', at_line: 1, content: 'x' }] },
      { path: 'src', ops: [{ op: 'insert', at_line: 1, content: 'x' }] },
    ] });
    expect(errorOf(result.results[0].error)).toEqual({ code: 'C213', message: 'new file size 22 exceeds max_write_bytes 18' });
    expect(errorOf(result.results[1].error)).toEqual({ code: 'C211', message: 'path is non-accessible per config: .env' });
    expect(errorOf(result.results[2].error)).toEqual({ code: 'C210', message: 'not a regular file: src' });
    const tiny = await context({ max_write_bytes: 3 });
    const old = await ok(tiny, 'coder::update-file', { files: [{ path: 'a.txt', ops: [{ op: 'remove', from_line: 1, to_line: 1 }] }] });
    expect(errorOf(old.results[0].error)).toEqual({ code: 'C213', message: 'current file size 17 exceeds max_write_bytes 3' });
  });
});

describe('§4.4 coder::create-file', () => {
  it('creates with parents by default, mode 0644, bytes_written in UTF-8 (CLI)', async () => {
    const result = runInvoke('coder::create-file', { files: [{ path: 'deep/er/n.txt', content: 'héllo' }] }, { config: await writeConfig(CONFIG()) });
    expect(result.status).toBe(0);
    expect(result.json).toEqual({ results: [{ path: 'deep/er/n.txt', success: true, bytes_written: 6 }] });
    expect(await readFile(join(base, 'deep/er/n.txt'), 'utf8')).toBe('héllo');
    expect((await stat(join(base, 'deep/er/n.txt'))).mode & 0o777).toBe(0o644);
  });

  it('overwrite, C217, parents:false, mode, directory target, max_write_bytes', async () => {
    const ctx = await context({ max_write_bytes: 10 });
    const result = await ok(ctx, 'coder::create-file', { files: [
      { path: 'a.txt', content: 'new' },
      { path: 'a.txt', content: 'new', overwrite: true, mode: '0600' },
      { path: 'no/parent.txt', content: 'x', parents: false },
      { path: 'm.sh', content: 'x', mode: 'abc' },
      { path: 'src', content: 'x', overwrite: true },
      { path: 'big.txt', content: 'x'.repeat(11) },
      { path: 'x.key', content: 'x' },
    ] });
    const errors = result.results.map((r: any) => (r.error === undefined ? undefined : errorOf(r.error)));
    expect(errors[0]).toEqual({ code: 'C217', message: 'a.txt already exists; pass overwrite=true to replace' });
    expect(result.results[1]).toEqual({ path: 'a.txt', success: true, bytes_written: 3 });
    expect((await stat(join(base, 'a.txt'))).mode & 0o777).toBe(0o600);
    expect(errors[2].code).toBe('C211');
    expect(errors[3].code).toBe('C210');
    await expect(stat(join(base, 'm.sh'))).rejects.toThrow();
    expect(errors[4].code).toBe('C216');
    expect(errors[5]).toEqual({ code: 'C213', message: '11 bytes exceeds max_write_bytes 10' });
    expect(errors[6].code).toBe('C211');
    expect(await ok(ctx, 'coder::create-file', { files: [{ path: 'x.sh', content: '', mode: '755' }] })).toEqual({ results: [{ path: 'x.sh', success: true, bytes_written: 0 }] });
    expect((await stat(join(base, 'x.sh'))).mode & 0o777).toBe(0o755);
    expect(await fails(ctx, 'coder::create-file', { files: [] })).toEqual({ code: 'C210', message: '`files` must not be empty' });
  });
});

describe('§4.5 coder::delete-file', () => {
  it('removes, is idempotent, refuses the base (CLI)', async () => {
    const result = runInvoke('coder::delete-file', { paths: ['a.txt', 'a.txt', 'missing', '.', 'src/..'] }, { config: await writeConfig(CONFIG()) });
    expect(result.status).toBe(0);
    expect(result.json.results.slice(0, 3)).toEqual([
      { path: 'a.txt', success: true, removed: true },
      { path: 'a.txt', success: true, removed: false },
      { path: 'missing', success: true, removed: false },
    ]);
    expect(result.json.results[3]).toEqual({ path: '.', success: false, removed: false, error: '{"code":"C210","message":"refusing to delete base_path itself"}' });
    expect(errorOf(result.json.results[4].error).code).toBe('C210');
  });

  it('folders: empty rmdir, non-empty needs recursive, non-accessible subtree blocks', async () => {
    await mkdir(join(base, 'empty'));
    await writeFiles(base, { 'tree/x/y.txt': 'y', 'guarded/inner/.env': 'k' });
    const ctx = await context();
    const plain = await ok(ctx, 'coder::delete-file', { paths: ['empty', 'tree'] });
    expect(plain.results[0]).toEqual({ path: 'empty', success: true, removed: true });
    expect(errorOf(plain.results[1].error)).toEqual({ code: 'C216', message: 'Directory not empty (os error 39)' });
    const recursive = await ok(ctx, 'coder::delete-file', { paths: ['tree', 'guarded'], recursive: true });
    expect(recursive.results[0]).toEqual({ path: 'tree', success: true, removed: true });
    expect(errorOf(recursive.results[1].error)).toEqual({
      code: 'C211', message: `recursive delete blocked: ${join(base, 'guarded')} contains non-accessible ${join(base, 'guarded/inner/.env')}`,
    });
    expect(await readFile(join(base, 'guarded/inner/.env'), 'utf8')).toBe('k');
    expect(await fails(ctx, 'coder::delete-file', { paths: [] })).toEqual({ code: 'C210', message: '`paths` must not be empty' });
  });

  it('an in-base symlink: the link is removed, not its target', async () => {
    await symlink(join(base, 'a.txt'), join(base, 'link.txt'));
    const ctx = await context();
    expect(await ok(ctx, 'coder::delete-file', { paths: ['link.txt'] })).toEqual({ results: [{ path: 'link.txt', success: true, removed: true }] });
    await expect(lstat(join(base, 'link.txt'))).rejects.toThrow();
    expect(await readFile(join(base, 'a.txt'), 'utf8')).toBe('alpha\nbeta\ngamma\n');
    const escaped = await ok(ctx, 'coder::delete-file', { paths: ['../outside/escape.txt'] });
    expect(errorOf(escaped.results[0].error).code).toBe('C215');
  });
});

describe('§4.6 coder::list-folder', () => {
  it('sorted by name bytes, non_accessible always present, defaults (CLI)', async () => {
    await writeFiles(base, { 'B.txt': 'b' });
    const result = runInvoke('coder::list-folder', {}, { config: await writeConfig(CONFIG()) });
    expect(result.status).toBe(0);
    expect(result.json.entries.map((e: any) => e.name)).toEqual(['.env', 'B.txt', 'a.txt', 'docs', 'keys', 'secrets', 'src']);
    expect(result.json.entries[0]).toEqual({ name: '.env', kind: 'file', size: 6, mtime: expect.any(Number), non_accessible: true });
    expect(result.json.entries.every((e: any) => typeof e.non_accessible === 'boolean')).toBe(true);
    expect(result.json).toMatchObject({ path: '.', total: 7, page: 1, page_size: 100, has_more: false });
    expect(Object.keys(result.json)).toEqual(['path', 'entries', 'total', 'page', 'page_size', 'has_more']);
  });

  it('paging: slices, page 0 → 1, page_size 0 → 1, past the end, symlinks not followed; errors', async () => {
    await symlink(join(base, 'src'), join(base, 'srclink'));
    const ctx = await context();
    const second = await ok(ctx, 'coder::list-folder', { path: '.', page: 2, page_size: 3 });
    expect(second.entries.map((e: any) => e.name)).toEqual(['keys', 'secrets', 'src']);
    expect(second).toMatchObject({ total: 7, page: 2, page_size: 3, has_more: true });
    expect((await ok(ctx, 'coder::list-folder', { page: 0, page_size: 0 }))).toMatchObject({ page: 1, page_size: 1, has_more: true });
    expect(await ok(ctx, 'coder::list-folder', { page: 9 })).toMatchObject({ entries: [], has_more: false, total: 7 });
    const link = (await ok(ctx, 'coder::list-folder', { page_size: 10 })).entries.find((e: any) => e.name === 'srclink');
    expect(link.kind).toBe('symlink');
    expect(await fails(ctx, 'coder::list-folder', { path: 'a.txt' })).toEqual({ code: 'C210', message: 'not a directory: a.txt' });
    expect((await fails(ctx, 'coder::list-folder', { path: 'nope' })).code).toBe('C211');
    // A non-accessible folder can still be listed.
    expect((await ok(ctx, 'coder::list-folder', { path: 'secrets' })).entries[0]).toMatchObject({ name: 'k.txt', non_accessible: true });
  });
});

describe('§4.7 coder::tree', () => {
  it('nested nodes with base-relative paths, non_accessible only when true (CLI)', async () => {
    const result = runInvoke('coder::tree', { path: 'src' }, { config: await writeConfig(CONFIG()) });
    expect(result.status).toBe(0);
    expect(result.json).toEqual({ root: {
      name: 'src', path: 'src', kind: 'dir', size: expect.any(Number), mtime: expect.any(Number),
      children: [{ name: 'main.rs', path: 'src/main.rs', kind: 'file', size: 29, mtime: expect.any(Number) }],
    } });
    const whole = runInvoke('coder::tree', {}, { config: await writeConfig(CONFIG()) }).json.root;
    expect(whole).toMatchObject({ name: 'base', path: '', kind: 'dir' });
    expect(whole.children.find((n: any) => n.name === '.env').non_accessible).toBe(true);
    expect('non_accessible' in whole.children.find((n: any) => n.name === 'a.txt')).toBe(false);
    const secrets = whole.children.find((n: any) => n.name === 'secrets');
    expect(secrets.children[0]).toMatchObject({ name: 'k.txt', path: 'secrets/k.txt', non_accessible: true });
  });

  it('max_depth and per_folder_limit truncation objects; symlinked dirs are leaves', async () => {
    await writeFiles(base, { 'deep/a/b/c.txt': 'c' });
    await symlink(join(base, 'src'), join(base, 'srclink'));
    const ctx = await context();
    const zero = (await ok(ctx, 'coder::tree', { max_depth: 0 })).root;
    expect(zero.children).toBeUndefined();
    expect(zero.truncated).toEqual({ reason: 'max_depth', shown: 0, hint: 'raise max_depth or call coder::tree with this path as the new root' });
    const one = (await ok(ctx, 'coder::tree', { max_depth: 1 })).root;
    const deep = one.children.find((n: any) => n.name === 'deep');
    expect(deep.children).toBeUndefined();
    expect(deep.truncated.reason).toBe('max_depth');
    expect(one.children.find((n: any) => n.name === 'srclink')).toEqual({ name: 'srclink', path: 'srclink', kind: 'symlink', size: expect.any(Number), mtime: expect.any(Number) });
    const limited = (await ok(ctx, 'coder::tree', { per_folder_limit: 2 })).root;
    expect(limited.children.map((n: any) => n.name)).toEqual(['.env', 'a.txt']);
    expect(limited.truncated).toEqual({ reason: 'per_folder_limit', shown: 2, total: 8, hint: 'use coder::list-folder for paginated access to all entries' });
    expect(Object.keys(limited)).toEqual(['name', 'path', 'kind', 'size', 'mtime', 'children', 'truncated']);
    const defaults = (await ok(ctx, 'coder::tree', {})).root;
    const c = defaults.children.find((n: any) => n.name === 'deep').children[0].children[0].children[0];
    expect(c).toMatchObject({ name: 'c.txt', path: 'deep/a/b/c.txt' });
    expect((await ok(ctx, 'coder::tree', { per_folder_limit: 0 })).root.truncated).toMatchObject({ shown: 1 });
    expect(await fails(ctx, 'coder::tree', { path: 'a.txt' })).toEqual({ code: 'C210', message: 'not a directory: a.txt' });
    expect((await fails(ctx, 'coder::tree', { path: 'nope' })).code).toBe('C211');
    expect((await fails(ctx, 'coder::tree', { path: '/' })).code).toBe('C210');
  });
});
