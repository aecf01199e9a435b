import { spawnSync } from 'node:child_process';
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { CLI, removeDir, runCli, tempDir, writeFiles, REPO_ROOT } from '../helpers/fixture.js';

let root: string;
beforeEach(async () => {
  root = await tempDir();
  await writeFiles(root, { 'README.md': '# title\none\ntwo\nthree\nfour\nfive\nsix\n', 'src/app.ts': 'export const a = 1;\n' });
});
afterEach(async () => removeDir(root));

describe('the acceptance commands of a newcomer', () => {
  it('tree lists the workspace', () => {
    const result = runCli(['tree'], { cwd: root });
    expect(result.status).toBe(0);
    expect(result.stdout).toContain('README.md');
    expect(result.stdout).toMatch(/src\/\n\s+app\.ts/);
  });

  it('read --head 5 prints five numbered lines', () => {
    const result = runCli(['read', '--file', 'README.md', '--head', '5'], { cwd: root });
    expect(result.status).toBe(0);
    expect(result.stdout).toBe('1 | # title\n2 | one\n3 | two\n4 | three\n5 | four\n');
  });

  it('accepts the JSON call format', () => {
    const result = runCli(['{"cmd":"read","args":{"file":"README.md"}}'], { cwd: root });
    expect(result.status).toBe(0);
    expect(result.stdout).toContain('7 | six');
  });

  it('--json --yes write prints one envelope and writes the file', async () => {
    const result = runCli(['--json', '--yes', 'write', '--file', 'x.txt', '--content', 'hi'], { cwd: root });
    expect(result.status).toBe(0);
    expect(result.stdout.trim().split('\n')).toHaveLength(1);
    expect(result.json).toEqual({ ok: true, cmd: 'write', data: expect.objectContaining({ bytes: 2, backup: null }), warnings: [] });
    expect(await readFile(join(root, 'x.txt'), 'utf8')).toBe('hi');
  });

  it('exec sees its command exit at once (V8 does not hold the main thread to recompile the shell parser)', () => {
    // Before the bin kept tree-sitter's WebAssembly in Liftoff code, `true` took ~450-570 ms from spawn
    // to exit here: the main thread waited for TurboFan to recompile the parser's hot functions.
    const result = runCli(['--json', '--yes', 'exec', '--cmd', 'true'], { cwd: root });
    expect(result.status).toBe(0);
    expect(result.json.data.exitCode).toBe(0);
    expect(result.json.data.durationMs).toBeLessThan(2_000); // bench/cold-start.mjs measures it; this catches a stall only
  });

  it.each([[['agent', '--help']], [['agent', '-h']], [['--help', 'agent']]])('%j prints the agent help without starting it', (args) => {
    const result = runCli(args, { cwd: root });
    expect(result.status).toBe(0);
    expect(result.stdout).toMatch(/^codeward agent — coder mode/);
    expect(result.stdout).toContain('--approval-mode ask|auto-edit|yolo');
  });

  it('a reader that closes the pipe early ends the CLI quietly (status 141, no stack trace)', async () => {
    await writeFiles(root, { 'big.txt': `${'y'.repeat(100)}\n`.repeat(3000) });
    // `head` exits after 100 bytes with most of the output unread: the CLI's next write meets EPIPE.
    const script = `"$0" "$1" read --file big.txt 2>stderr.txt | head -c 100 >/dev/null; echo "\${PIPESTATUS[0]}"`;
    const result = spawnSync('bash', ['-c', script, process.execPath, CLI], { cwd: root, encoding: 'utf8' });
    expect(result.stdout.trim()).toBe('141');
    expect(await readFile(join(root, 'stderr.txt'), 'utf8')).toBe('');
  });

  it('codeward - reads the JSON call from stdin, past the 128 KiB limit of one argument', async () => {
    const content = `${'z'.repeat(99)}\n`.repeat(3000); // 300 KB
    const call = JSON.stringify({ cmd: 'write', args: { file: 'big.txt', content } });
    const result = spawnSync(process.execPath, [CLI, '--json', '--yes', '-'], { cwd: root, input: call, encoding: 'utf8' });
    expect(result.status).toBe(0);
    expect(JSON.parse(result.stdout)).toMatchObject({ ok: true, cmd: 'write', data: { bytes: 300_000 } });
    expect(await readFile(join(root, 'big.txt'), 'utf8')).toBe(content);
    const empty = spawnSync(process.execPath, [CLI, '--json', '-'], { cwd: root, input: '', encoding: 'utf8' });
    expect(empty.status).toBe(2);
    expect(JSON.parse(empty.stdout).error).toMatchObject({ code: 'C210', message: expect.stringContaining('stdin held nothing') });
  });

  // npx reads the whole node_modules tree here (vitest's node_modules/.vite-temp makes npm's hidden lockfile
  // look out of date): 14-19 s of wall at load 12, 36 s in a CI at load 14, so this test gets its own time limit.
  it('npx codeward resolves the package bin', { timeout: 180_000 }, () => {
    const result = spawnSync('npx', ['--no-install', 'codeward', '--version'], { cwd: REPO_ROOT, encoding: 'utf8' });
    expect(result.status, result.stderr).toBe(0);
    expect(result.stdout.trim()).toMatch(/^\d+\.\d+\.\d+$/);
  });

  it('the built bin runs by its own path, as npm bin links and an npx cache made by an earlier build run it', () => {
    // npx keeps its install of this folder between builds and does not set the mode again: the build must.
    const result = spawnSync(join(REPO_ROOT, 'dist/bin/codeward.js'), ['--version'], { encoding: 'utf8' });
    expect({ status: result.status, error: result.error?.message }).toEqual({ status: 0, error: undefined });
    expect(result.stdout.trim()).toMatch(/^\d+\.\d+\.\d+$/);
  });

  it('runs from the repository with the README as input', () => {
    const result = runCli(['read', '--file', 'README.md', '--head', '1'], { cwd: REPO_ROOT });
    expect(result.stdout).toBe('1 | # codeward\n');
  });
});

describe('envelope and exit codes', () => {
  it('a failure is exit 1 with the error on stderr', () => {
    const result = runCli(['read', '--file', 'missing.txt'], { cwd: root });
    expect(result.status).toBe(1);
    expect(result.stdout).toBe('');
    expect(result.stderr).toBe('error C211: missing.txt: no such file or directory, or not accessible\n');
  });

  it('a failure with --json is an envelope on stdout', () => {
    const result = runCli(['--json', 'read', '--file', '../outside.txt'], { cwd: root });
    expect(result.status).toBe(1);
    expect(result.json).toMatchObject({ ok: false, cmd: 'read', error: { code: 'C215' } });
    expect(result.json.warnings).toEqual([]);
  });

  it.each([
    [['frobnicate'], /unknown command "frobnicate"; valid commands: read, write, patch, multipatch, update, create, delete, move, list, tree/],
    [['read', '--file', 'README.md', '--bogus', '1'], /unknown flag --bogus for read; valid flags: --file/],
    [['read'], /missing required flag --file/],
    [['read', '--file', 'README.md', '--head', 'abc'], /--head expects a whole number/],
    [['read', '--file', 'README.md', '--encoding', 'utf16'], /--encoding must be one of text, base64/],
    [['-C'], /-C needs a value/],
    [['--bogus', 'read', '--file', 'README.md'], /^unknown option --bogus; the global options are -C, --workspace, --json/],
    [['read', '--file', 'README.md', '--head', '-3'], /--head must be at least 1/],
    [['read', '--file', ''], /--file must not be empty/],
    [['{"cmd":"read","args":{"file":'], /./],
  ])('usage error %j exits 2 with C210', (args, message) => {
    const result = runCli(['--json', ...args], { cwd: root });
    expect(result.status).toBe(2);
    expect(result.json.ok).toBe(false);
    expect(result.json.error?.code).toBe('C210');
    expect(result.json.error?.message).toMatch(message);
  });

  it('an error found while running (start past the end) is exit 1, not 2', () => {
    const result = runCli(['--json', 'read', '--file', 'README.md', '--start', '50'], { cwd: root });
    expect(result.status).toBe(1);
    expect(result.json.error).toEqual({ code: 'C210', message: '--start 50 is past the end of README.md, which has 7 lines' });
  });

  it('-C names the workspace and a missing one is C211', () => {
    expect(runCli(['-C', root, 'read', '--file', 'src/app.ts']).stdout).toBe('1 | export const a = 1;\n');
    const missing = runCli(['--json', '-C', join(root, 'nope'), 'tree']);
    expect(missing.status).toBe(1);
    expect(missing.json.error?.code).toBe('C211');
  });

  it('global options are accepted after the command too', () => {
    const result = runCli(['read', '--file', 'src/app.ts', '--json', '--workspace', root]);
    expect(result.json).toMatchObject({ ok: true, data: { content: 'export const a = 1;\n', totalLines: 1 } });
  });

  it('warnings go to stderr in text mode and into the envelope with --json', () => {
    const text = runCli(['write', '--file', 'q.ts', '--content', 'const s = “x”;'], { cwd: root });
    expect(text.status).toBe(0);
    expect(text.stderr).toMatch(/^warning: q\.ts: 2 typographic quotes .* written as given/m);
    const json = runCli(['--json', 'write', '--file', 'q2.ts', '--content', 'const s = ‘x’;'], { cwd: root });
    expect(json.json.warnings).toEqual([expect.stringMatching(/^q2\.ts: 2 typographic quotes .* written as given/)]);
  });
});

describe('help', () => {
  it('lists every command', () => {
    const result = runCli(['--help']);
    expect(result.status).toBe(0);
    for (const name of ['read', 'write', 'tree', 'rollback', 'clean']) expect(result.stdout).toContain(`  ${name} `);
  });

  it('documents one command from its definition', () => {
    const result = runCli(['read', '--help']);
    expect(result.status).toBe(0);
    expect(result.stdout).toContain('--max-bytes N');
    expect(result.stdout).toContain('default 200000');
    expect(result.stdout).toContain('codeward read --file');
  });

  it('prints the package version', async () => {
    const pkg = JSON.parse(await readFile(join(REPO_ROOT, 'package.json'), 'utf8')) as { version: string };
    expect(runCli(['--version']).stdout).toBe(`${pkg.version}\n`);
    expect(runCli(['exec', '--version']).stdout).toBe(`${pkg.version}\n`);
  });

  it('a --version after a command\'s operand is that operand\'s, not codeward\'s (exec node --version)', () => {
    const result = runCli(['exec', 'node', '--version']);
    expect(result.status).toBe(2);
    expect(result.stdout).toBe('');
    expect(result.stderr).toContain('--version');
  });

  it('an unquoted command line\'s options name the fix (exec ls -la: quote it)', () => {
    const result = runCli(['exec', 'ls', '-la']);
    expect(result.status).toBe(2);
    expect(result.stderr).toContain("quote it (codeward exec --cmd 'ls -la')");
    expect(runCli(['read', 'a.txt', '--bogus']).stderr).not.toContain('quote it');
  });
});
