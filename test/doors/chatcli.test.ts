// The ChatCLI plugin door against chatcli-behaviour.md §8 (plugin protocol) and §1.1-1.2 (metadata, schema,
// argv flattening), through the real binary.
import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { chmod, readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { CLI, removeDir, runCli, tempDir, writeFiles } from '../helpers/fixture.js';
import { Registry } from '../../src/engine/registry.js';
import { builtinCommands } from '../../src/commands/index.js';
import { VERSION } from '../../src/version.js';

const registry = new Registry(builtinCommands);

// ChatCLI's buildArgvFromJSONMap (§1.2): keys sorted; true → bare flag, false/null → omitted; a string or a
// number → `--k v`; an array → the flag once per element (objects as JSON); an object → `--k <json>`.
function buildArgvFromJSONMap(call: { cmd: string; args: Record<string, unknown> }): string[] {
  const argv = [call.cmd];
  const args = { ...call.args };
  if ('command' in args && !('cmd' in args)) {
    args['cmd'] = args['command'];
    delete args['command'];
  }
  const text = (value: unknown): string => (typeof value === 'object' && value !== null ? JSON.stringify(value) : String(value));
  for (const key of Object.keys(args).sort()) {
    const value = args[key];
    if (value === null || value === undefined || value === false) continue;
    if (value === true) argv.push(`--${key}`);
    else if (Array.isArray(value)) for (const item of value) argv.push(`--${key}`, text(item));
    else argv.push(`--${key}`, text(value));
  }
  return argv;
}

let root: string;
let state: string;
let bin: string;
beforeEach(async () => {
  root = await tempDir('codeward-chatcli-');
  state = await tempDir('codeward-chatcli-state-');
  bin = await tempDir('codeward-chatcli-plugins-');
  await writeFiles(root, { 'main.go': 'package main\n\nfunc main() {\n\tprintln("hi")\n}\n', 'util.go': 'package main\n\nfunc util() int { return 1 }\n' });
});
afterEach(async () => {
  await removeDir(root);
  await removeDir(state);
  await removeDir(bin);
});

// The wrapper docs/chatcli-plugin.md installs as ~/.chatcli/plugins/coder.
async function installWrapper(): Promise<string> {
  const path = join(bin, 'coder');
  await writeFile(path, `#!/bin/sh\nCODEWARD_CHATCLI_PLUGIN=1 exec "${process.execPath}" "${CLI}" --yes "$@"\n`);
  await chmod(path, 0o755);
  return path;
}

// How ChatCLI runs a plugin (§8.7): exec <bin> <argv...>, cwd inherited, no stdin (so no TTY).
function runPlugin(plugin: string, argv: readonly string[]): { status: number; stdout: string; stderr: string } {
  const result = spawnSync(plugin, argv, { cwd: root, env: { ...process.env, CODEWARD_STATE_DIR: state }, encoding: 'utf8', stdio: ['ignore', 'pipe', 'pipe'] });
  return { status: result.status ?? -1, stdout: result.stdout, stderr: result.stderr };
}

function cli(argv: readonly string[], env: Record<string, string> = {}) {
  return runCli(argv, { cwd: root, env: { CODEWARD_STATE_DIR: state, ...env } });
}

describe('--metadata (§8.4)', () => {
  it('prints the JSON {name, description, usage, version} with name @coder and every command in usage', () => {
    const result = runCli(['--metadata'], { cwd: root, yes: false, env: { CODEWARD_STATE_DIR: state } });
    expect(result.status).toBe(0);
    expect(result.stderr).toBe('');
    const metadata = JSON.parse(result.stdout) as Record<string, string>;
    expect(Object.keys(metadata).sort()).toEqual(['description', 'name', 'usage', 'version']);
    expect(metadata['name']).toBe('@coder');
    expect(metadata['version']).toBe(VERSION);
    expect(metadata['description']).not.toBe('');
    expect(metadata['usage']).toBe(`@coder <${registry.names().join('|')}> [flags]`);
    for (const name of ['read', 'write', 'patch', 'multipatch', 'tree', 'search', 'exec', 'test', 'git-status', 'git-diff', 'git-log', 'git-changed', 'git-branch', 'rollback', 'clean']) {
      expect(metadata['usage']).toContain(name);
    }
  });

  it('answers through the installed wrapper (global options around it are fine)', async () => {
    const result = runPlugin(await installWrapper(), ['--metadata']);
    expect(result.status).toBe(0);
    expect(JSON.parse(result.stdout)).toMatchObject({ name: '@coder', version: VERSION });
  });
});

describe('--schema (§8.5, §1.1)', () => {
  interface Flag { name: string; type: string; description: string; default?: string; required?: boolean }
  interface Schema { name: string; description: string; args_format: string; subcommands: { name: string; description: string; flags: Flag[]; examples?: string[] }[] }

  function schema(): Schema {
    const result = runCli(['--schema'], { cwd: root, yes: false, env: { CODEWARD_STATE_DIR: state } });
    expect(result.status).toBe(0);
    return JSON.parse(result.stdout) as Schema;
  }

  it('has ChatCLI’s shape and every registry command with its flags', () => {
    const answer = schema();
    expect(Object.keys(answer).sort()).toEqual(['args_format', 'description', 'name', 'subcommands']);
    expect(answer.name).toBe('@coder');
    expect(answer.args_format).toContain('{"cmd":"read","args":{"file":"main.go"}}');
    expect(answer.subcommands.map((sub) => sub.name)).toEqual(registry.names());
    for (const sub of answer.subcommands) {
      const command = registry.get(sub.name);
      expect(sub.description).toBe(command.summary);
      expect(sub.flags.map((flag) => flag.name)).toEqual(registry.flags(command).map((flag) => `--${flag.cli}`));
      for (const flag of sub.flags) {
        expect(Object.keys(flag).every((key) => ['name', 'type', 'description', 'default', 'required'].includes(key))).toBe(true);
        expect(['string', 'int', 'float', 'bool']).toContain(flag.type);
        if ('default' in flag) expect(typeof flag.default).toBe('string');
        if ('required' in flag) expect(flag.required).toBe(true);
      }
      if (sub.examples) for (const example of sub.examples) expect(example.startsWith(`${sub.name} `) || example === sub.name).toBe(true);
    }
  });

  it('types and marks flags like ChatCLI’s own schema', () => {
    const answer = schema();
    const flags = (sub: string) => Object.fromEntries(answer.subcommands.find((entry) => entry.name === sub)!.flags.map((flag) => [flag.name, flag]));
    const read = flags('read');
    expect(read['--file']).toMatchObject({ type: 'string', required: true });
    expect(read['--start']).toMatchObject({ type: 'int' });
    expect(read['--start']).not.toHaveProperty('required');
    expect(read['--max-bytes']).toMatchObject({ type: 'int', default: '200000' });
    expect(read['--encoding']).toMatchObject({ type: 'string', default: 'text' });
    expect(flags('write')['--append']).toEqual(expect.objectContaining({ type: 'bool' }));
    expect(flags('write')['--append']).not.toHaveProperty('default');
    expect(flags('write')['--content']).toMatchObject({ required: true });
    expect(flags('multipatch')['--edits']).toMatchObject({ type: 'string', required: true });
    expect(flags('exec')['--cmd']).toMatchObject({ type: 'string', required: true });
    expect(flags('exec')['--timeout']).toMatchObject({ type: 'int', default: '600' });
    expect(flags('search')['--term']).toMatchObject({ required: true });
    expect(flags('rollback')['--file']).toMatchObject({ required: true });
    expect(flags('git-diff')['--name-only']).toMatchObject({ type: 'bool' });
  });

  it('--schema as a flag value is not the schema question', () => {
    const result = cli(['search', '--term', '--schema']);
    // A search (nothing here holds the word) exits 1 for no matches (rg's convention, issue 28), never 2.
    expect(result.status).toBe(1);
    expect(result.stdout).not.toContain('"subcommands"');
  });
});

describe('flattened argv calls (§1.2 examples, §8.7)', () => {
  it('read: {"cmd":"read","args":{"file":"main.go"}} → ["read","--file","main.go"]', () => {
    const argv = buildArgvFromJSONMap({ cmd: 'read', args: { file: 'main.go' } });
    expect(argv).toEqual(['read', '--file', 'main.go']);
    const result = cli(argv);
    expect(result.status).toBe(0);
    expect(result.stdout).toContain('1 | package main');
    expect(result.stderr).toBe('');
  });

  it('read with numbers and a snake_case key, sorted as ChatCLI sorts them', () => {
    const argv = buildArgvFromJSONMap({ cmd: 'read', args: { file: 'main.go', start: 3, end: 4 } });
    expect(argv).toEqual(['read', '--end', '4', '--file', 'main.go', '--start', '3']);
    const result = cli(argv);
    expect(result.status).toBe(0);
    expect(result.stdout).toBe('3 | func main() {\n4 | \tprintln("hi")\n');
  });

  it('write: ["write","--encoding","base64","--file","main.go","--content",...]', async () => {
    const content = Buffer.from('package main\n\n// rewritten\n').toString('base64');
    const argv = buildArgvFromJSONMap({ cmd: 'write', args: { file: 'main.go', encoding: 'base64', content } });
    expect(argv).toEqual(['write', '--content', content, '--encoding', 'base64', '--file', 'main.go']);
    const result = cli(argv);
    expect(result.status).toBe(0);
    expect(await readFile(join(root, 'main.go'), 'utf8')).toBe('package main\n\n// rewritten\n');
    // No .bak beside the file: the previous version is in the checkpoint store, and undo works through this door.
    expect(cli(['undo']).status).toBe(0);
    expect(await readFile(join(root, 'main.go'), 'utf8')).toContain('println("hi")');
  });

  it('write --append as a bare boolean, and false omitted', async () => {
    const appended = buildArgvFromJSONMap({ cmd: 'write', args: { file: 'notes.txt', content: 'a\n', append: false } });
    expect(appended).not.toContain('--append');
    expect(cli(appended).status).toBe(0);
    const argv = buildArgvFromJSONMap({ cmd: 'write', args: { file: 'notes.txt', content: 'b\n', append: true } });
    expect(argv).toEqual(['write', '--append', '--content', 'b\n', '--file', 'notes.txt']);
    expect(cli(argv).status).toBe(0);
    expect(await readFile(join(root, 'notes.txt'), 'utf8')).toBe('a\nb\n');
  });

  it('exec: {"cmd":"exec","args":{"command":"mkdir -p testeapi"}} → ["exec","--cmd","mkdir -p testeapi"]', () => {
    const argv = buildArgvFromJSONMap({ cmd: 'exec', args: { command: 'mkdir -p testeapi' } });
    expect(argv).toEqual(['exec', '--cmd', 'mkdir -p testeapi']);
    const result = cli(argv);
    expect(result.status).toBe(0);
    const listing = cli(['tree', '--include-hidden']);
    expect(listing.stdout).toContain('testeapi');
  });

  it('exec output goes to stdout; a non-zero exit is C253 on stderr with the process\'s own exit status', () => {
    const ok = cli(['exec', '--cmd', 'echo hello-from-plugin']);
    expect(ok.status).toBe(0);
    expect(ok.stdout).toContain('hello-from-plugin');
    const failed = cli(['exec', '--cmd', 'echo partial; exit 3']);
    // Issue 28: exec passes the child's exit status through (it was always 1).
    expect(failed.status).toBe(3);
    expect(failed.stdout).toContain('partial');
    expect(failed.stderr).toMatch(/^error C253: /m);
  });

  it('patch search/replace', async () => {
    const argv = buildArgvFromJSONMap({ cmd: 'patch', args: { file: 'main.go', search: 'println("hi")', replace: 'println("bye")' } });
    expect(argv).toEqual(['patch', '--file', 'main.go', '--replace', 'println("bye")', '--search', 'println("hi")']);
    const result = cli(argv);
    expect(result.status).toBe(0);
    expect(await readFile(join(root, 'main.go'), 'utf8')).toContain('println("bye")');
  });

  it('multipatch with --edits as one JSON string (what ChatCLI requires)', async () => {
    const edits = JSON.stringify([
      { file: 'main.go', search: 'println("hi")', replace: 'println(util())' },
      { file: 'util.go', search: 'return 1', replace: 'return 2' },
    ]);
    const argv = buildArgvFromJSONMap({ cmd: 'multipatch', args: { edits } });
    expect(argv).toEqual(['multipatch', '--edits', edits]);
    const result = cli(argv);
    expect(result.status).toBe(0);
    expect(await readFile(join(root, 'main.go'), 'utf8')).toContain('println(util())');
    expect(await readFile(join(root, 'util.go'), 'utf8')).toContain('return 2');
  });

  it('multipatch with a real JSON array: ChatCLI repeats --edits once per element; the plugin joins them', async () => {
    const argv = buildArgvFromJSONMap({
      cmd: 'multipatch',
      args: { edits: [{ file: 'main.go', search: 'println("hi")', replace: 'println(0)' }, { file: 'util.go', search: 'return 1', replace: 'return 3' }] },
    });
    expect(argv.filter((token) => token === '--edits')).toHaveLength(2);
    const result = runPlugin(await installWrapper(), argv);
    expect(result.stderr).toBe('');
    expect(result.status).toBe(0);
    expect(await readFile(join(root, 'main.go'), 'utf8')).toContain('println(0)');
    expect(await readFile(join(root, 'util.go'), 'utf8')).toContain('return 3');
  });

  it('a one-element array arrives as one --edits <object> and works without the wrapper too', async () => {
    const argv = buildArgvFromJSONMap({ cmd: 'multipatch', args: { edits: [{ file: 'util.go', search: 'return 1', replace: 'return 4' }] } });
    expect(argv).toEqual(['multipatch', '--edits', '{"file":"util.go","search":"return 1","replace":"return 4"}']);
    expect(cli(argv).status).toBe(0);
    expect(await readFile(join(root, 'util.go'), 'utf8')).toContain('return 4');
  });

  it('delete --paths repeated per element (plain strings) is joined too', async () => {
    await writeFiles(root, { 'a.tmp': 'a', 'b.tmp': 'b' });
    const argv = buildArgvFromJSONMap({ cmd: 'delete', args: { paths: ['a.tmp', 'b.tmp'] } });
    expect(argv).toEqual(['delete', '--paths', 'a.tmp', '--paths', 'b.tmp']);
    const result = runPlugin(await installWrapper(), argv);
    expect(result.status).toBe(0);
    expect(existsSync(join(root, 'a.tmp'))).toBe(false);
    expect(existsSync(join(root, 'b.tmp'))).toBe(false);
  });

  it('tree with a bare boolean and a number', () => {
    const argv = buildArgvFromJSONMap({ cmd: 'tree', args: { include_hidden: true, max_depth: 1 } });
    expect(argv).toEqual(['tree', '--include_hidden', '--max_depth', '1']);
    const result = cli(argv);
    expect(result.status).toBe(0);
    expect(result.stdout).toContain('main.go');
    expect(result.stdout).toContain('util.go');
  });

  it('git-status in a repository, and C251 outside one', () => {
    const outside = cli(['git-status']);
    expect(outside.status).toBe(1);
    expect(outside.stderr).toMatch(/^error C251: /m);
    expect(spawnSync('git', ['init', '-q'], { cwd: root }).status).toBe(0);
    const result = cli(buildArgvFromJSONMap({ cmd: 'git-status', args: {} }));
    expect(result.status).toBe(0);
    expect(result.stdout).toContain('main.go');
  });

  it('a JSON envelope that reaches the plugin as one argv element still runs', () => {
    const result = cli(['{"cmd":"read","args":{"file":"util.go"}}']);
    expect(result.status).toBe(0);
    expect(result.stdout).toContain('func util()');
  });
});

describe('output conventions and permissions (§8.8)', () => {
  it('errors go to stderr as "error C2xx: ..." with a non-zero exit and nothing on stdout', async () => {
    const plugin = await installWrapper();
    const missing = runPlugin(plugin, ['read', '--file', 'nope.go']);
    expect(missing.status).toBe(1);
    expect(missing.stdout).toBe('');
    expect(missing.stderr).toBe('error C211: nope.go: no such file or directory, or not accessible\n');
    const unknownFlag = runPlugin(plugin, ['read', '--file', 'main.go', '--bogus', 'x']);
    expect(unknownFlag.status).toBe(2);
    expect(unknownFlag.stderr).toMatch(/^error C210: /);
    const unknownCommand = runPlugin(plugin, ['frobnicate', '--file', 'main.go']);
    expect(unknownCommand.status).toBe(2);
    expect(unknownCommand.stderr).toMatch(/^error C210: .*unknown command/);
    const escape = runPlugin(plugin, ['read', '--file', '../../etc/passwd']);
    expect(escape.status).toBe(1);
    expect(escape.stderr).toMatch(/^error C21[15]: /);
  });

  // Issue 28 F12: a plugin call's errors name the plugin's own call (`@coder write --help`), not a
  // `codeward` binary the model never calls; a person's command and the CLI door keep their words.
  it('errors speak the caller\'s words: (see: @coder write --help); a person\'s command stays codeward; the CLI door unchanged', async () => {
    const plugin = await installWrapper();
    const missing = runPlugin(plugin, ['write', '--file', 'x.txt']);
    expect(missing.status).toBe(2);
    expect(missing.stderr).toBe('error C210: write: missing required flag --content (see: @coder write --help)\n');
    const json = runPlugin(plugin, ['{"cmd":"write","args":{"file":"x.txt"}}']);
    expect(json.stderr).toContain('(see: @coder write --help)');
    const person = runPlugin(plugin, ['agent', '-p', 'hi']);
    expect(person.stderr).toContain('codeward agent is not available to a plugin call');
    expect(cli(['write', '--file', 'x.txt']).stderr).toContain('(see: codeward write --help)');
  });

  it('without --yes a changing call has no one to ask (no TTY): C241, nothing written', async () => {
    const result = runCli(['write', '--file', 'x.txt', '--content', 'x'], { cwd: root, yes: false, env: { CODEWARD_STATE_DIR: state } });
    expect(result.status).toBe(1);
    expect(result.stderr).toMatch(/^error C241: /m);
    const listing = cli(['tree']);
    expect(listing.stdout).not.toContain('x.txt');
  });

  it('the wrapper passes --yes, but the danger classifier still blocks (C242)', async () => {
    const result = runPlugin(await installWrapper(), ['exec', '--cmd', 'rm -rf /']);
    expect(result.status).toBe(1);
    expect(result.stderr).toMatch(/^error C242: /m);
  });

  it('without the wrapper a repeated JSON flag stays a C210 (the CLI door is unchanged)', () => {
    const result = cli(['multipatch', '--edits', '[]', '--edits', '[]']);
    expect(result.status).toBe(2);
    expect(result.stderr).toMatch(/given more than once/);
  });
});

describe('joinRepeatedJsonFlags (pure)', () => {
  it('joins objects, arrays and plain strings of one JSON flag at its first place, leaving the rest alone', async () => {
    const { joinRepeatedJsonFlags } = await import('../../src/doors/chatcli/plugin.js');
    expect(joinRepeatedJsonFlags(['--yes', 'multipatch', '--edits', '{"file":"a"}', '--edits', '[{"file":"b"},{"file":"c"}]'], registry)).toEqual([
      '--yes',
      'multipatch',
      '--edits',
      '[{"file":"a"},{"file":"b"},{"file":"c"}]',
    ]);
    expect(joinRepeatedJsonFlags(['delete', '--paths', 'a', '--recursive', '--paths', 'b'], registry)).toEqual(['delete', '--paths', '["a","b"]', '--recursive']);
    const untouched = ['patch', '--file', 'x', '--search', '--edits', '--replace', '--edits'];
    expect(joinRepeatedJsonFlags(untouched, registry)).toBe(untouched);
    const single = ['multipatch', '--edits', '[]'];
    expect(joinRepeatedJsonFlags(single, registry)).toBe(single);
    const unknown = ['frobnicate', '--edits', '1', '--edits', '2'];
    expect(joinRepeatedJsonFlags(unknown, registry)).toBe(unknown);
  });

  it('infoRequest only answers the bare question', async () => {
    const { infoRequest } = await import('../../src/doors/chatcli/plugin.js');
    expect(infoRequest(['--metadata'])).toBe('metadata');
    expect(infoRequest(['--yes', '-C', '/tmp', '--schema'])).toBe('schema');
    expect(infoRequest(['--metadata', '--schema'])).toBeUndefined();
    expect(infoRequest(['read', '--file', '--metadata'])).toBeUndefined();
  });
});
