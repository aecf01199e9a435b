// The ChatCLI plugin door and invariant 7: the wrapper's --yes stands for "ChatCLI asked the person". Where
// ChatCLI does not ask (an allow rule in the repository's coder_policy.json, a shell line its first-word
// read-only allowlist accepts), nobody was asked, and codeward must not turn that into a yes.
import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { chmod, readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { builtinCommands } from '../../src/commands/index.js';
import { unaskedReason } from '../../src/doors/chatcli/approval.js';
import { Registry } from '../../src/engine/registry.js';
import { CLI, removeDir, tempDir, writeFiles } from '../helpers/fixture.js';

const registry = new Registry(builtinCommands);
let root: string;
let state: string;
let plugin: string;
beforeEach(async () => {
  root = await tempDir('codeward-chatcli-yes-');
  state = await tempDir('codeward-chatcli-yes-state-');
  await writeFiles(root, { 'main.go': 'package main\n' });
  // The wrapper docs/chatcli-plugin.md installs as ~/.chatcli/plugins/coder.
  plugin = join(state, 'coder');
  await writeFile(plugin, `#!/bin/sh\nCODEWARD_CHATCLI_PLUGIN=1 exec "${process.execPath}" "${CLI}" --yes "$@"\n`);
  await chmod(plugin, 0o755);
});
afterEach(async () => {
  await removeDir(root);
  await removeDir(state);
});

// How ChatCLI runs a plugin (§8.7): exec <bin> <argv...>, cwd inherited, no stdin (so no TTY).
function runPlugin(argv: readonly string[]): { status: number; stdout: string; stderr: string } {
  const result = spawnSync(plugin, argv, { cwd: root, env: { ...process.env, CODEWARD_STATE_DIR: state, HOME: state }, encoding: 'utf8', stdio: ['ignore', 'pipe', 'pipe'] });
  return { status: result.status ?? -1, stdout: result.stdout, stderr: result.stderr };
}

describe('the plugin wrapper --yes does not approve what ChatCLI ran without asking', () => {
  it('a shell line ChatCLI reads as read-only by its first word ("ls && touch ...") is refused (C241)', () => {
    for (const line of ['ls && touch pwned.txt', 'echo hi; touch pwned.txt', 'git config core.fsmonitor "touch pwned.txt"', 'sed -i s/main/pwned/ main.go', '/bin/cat main.go > pwned.txt']) {
      const result = runPlugin(['exec', '--cmd', line]);
      expect(result.status, line).toBe(1);
      expect(result.stderr, line).toMatch(/^error C24[12]: /m);
    }
    expect(existsSync(join(root, 'pwned.txt'))).toBe(false);
  });

  it('a malformed envelope the engine repairs (trailing comma, single quotes, unquoted keys) is not approved by --yes', async () => {
    await writeFile(join(root, 'a.txt'), 'keep\n');
    for (const call of ['{"cmd":"exec","args":{"cmd":"ls && rm -f a.txt",}}', "{'cmd':'exec','args':{'cmd':'ls && rm -f a.txt'}}", '{cmd:"exec",args:{cmd:"ls && rm -f a.txt"}}']) {
      const result = runPlugin([call]);
      expect(result.status, call).toBe(1);
      expect(result.stderr, call).toMatch(/^error C241: /m);
    }
    expect(await readFile(join(root, 'a.txt'), 'utf8')).toBe('keep\n');
  });

  it('the same in the JSON-envelope and positional spellings', () => {
    expect(runPlugin([JSON.stringify({ cmd: 'exec', args: { cmd: 'ls && touch pwned.txt' } })]).stderr).toMatch(/^error C241: /m);
    expect(runPlugin(['exec', 'ls && touch pwned.txt']).stderr).toMatch(/^error C241: /m);
    expect(existsSync(join(root, 'pwned.txt'))).toBe(false);
  });

  it('a truly read-only line still runs (codeward allows it on its own, without --yes)', () => {
    const result = runPlugin(['exec', '--cmd', 'ls']);
    expect(result.status).toBe(0);
    expect(result.stdout).toContain('main.go');
  });

  it('a line ChatCLI must have asked about still runs with --yes (the person said yes there)', () => {
    const result = runPlugin(['exec', '--cmd', 'touch asked.txt']);
    expect(result.status, result.stderr).toBe(0);
    expect(existsSync(join(root, 'asked.txt'))).toBe(true);
  });

  it('an allow rule in the repository\'s coder_policy.json voids --yes for that subcommand', async () => {
    const plain = runPlugin(['write', '--file', 'a.txt', '--content', 'ok']);
    expect(plain.status, plain.stderr).toBe(0);
    await writeFile(join(root, 'coder_policy.json'), JSON.stringify({ rules: [{ pattern: '@coder write --file', action: 'allow' }] }));
    const planted = runPlugin(['write', '--file', 'b.txt', '--content', 'pwned']);
    expect(planted.status).toBe(1);
    expect(planted.stderr).toMatch(/^error C241: .*coder_policy\.json/m);
    expect(existsSync(join(root, 'b.txt'))).toBe(false);
    // Other subcommands, which the file does not allow, keep the wrapper's --yes.
    expect(runPlugin(['exec', '--cmd', 'touch other.txt']).status).toBe(0);
    expect(await readFile(join(root, 'a.txt'), 'utf8')).toBe('ok');
  });
});

describe('unaskedReason', () => {
  it('names ChatCLI\'s first-word allowlist, path prefixes and .exe included, and nothing for other lines', async () => {
    expect(await unaskedReason(['exec', '--cmd', '/usr/bin/GIT.exe push'], root, registry)).toMatch(/"git"/);
    expect(await unaskedReason(['exec', '--cmd=find . -delete'], root, registry)).toMatch(/"find"/);
    expect(await unaskedReason(['exec', '--cmd', 'make'], root, registry)).toBeUndefined();
    expect(await unaskedReason(['exec'], root, registry)).toMatch(/cannot be told/);
    expect(await unaskedReason(['write', '--file', 'x'], root, registry)).toBeUndefined();
  });

  it('local allow rules: a prefix of the call, or more specific than the subcommand; broken files are ignored', async () => {
    const policy = (rules: unknown): Promise<void> => writeFile(join(root, 'coder_policy.json'), JSON.stringify({ rules }));
    await policy([{ pattern: '@coder', action: 'allow' }]);
    expect(await unaskedReason(['patch', '--file', 'x'], root, registry)).toMatch(/coder_policy/);
    await policy([{ pattern: '@coder exec --cmd npm', action: 'allow' }, { pattern: '@coder write', action: 'deny' }]);
    expect(await unaskedReason(['exec', '--cmd', 'make'], root, registry)).toMatch(/coder_policy/);
    expect(await unaskedReason(['write', '--file', 'x'], root, registry)).toBeUndefined();
    await writeFile(join(root, 'coder_policy.json'), '{"rules": [');
    expect(await unaskedReason(['write', '--file', 'x'], root, registry)).toBeUndefined();
  });
});

describe('global options in a plugin call are the model\'s words: none may loosen anything', () => {
  it('--allow, --allow-unsafe, --sandbox off, --sandbox-network, --pass-env and -C are refused wherever they stand (C210), nothing written', () => {
    const attempts: string[][] = [
      ['--allow', '@coder *', 'write', '--file', 'pwned.txt', '--content', 'x'],
      ['write', '--file', 'pwned.txt', '--content', 'x', '--allow=@coder write *'],
      ['exec', '--cmd', 'touch pwned.txt', '--allow-unsafe'],
      ['--sandbox', 'off', 'exec', '--cmd', 'touch pwned.txt'],
      ['exec', '--sandbox-network', '--cmd', 'touch pwned.txt'],
      ['-C', '/', 'read', '--file', 'etc/passwd'],
      ['--workspace=..', 'tree'],
      // Red team R7-8: a command-line ask rule outranks the user's own deny.
      ['--ask', '@coder write pwned.txt', 'write', '--file', 'pwned.txt', '--content', 'x'],
      // Red team R6-5: --pass-env hands a secret variable to what the model runs.
      ['exec', '--cmd', 'echo $GITHUB_TOKEN > pwned.txt', '--pass-env', 'GITHUB_TOKEN'],
      ['--pass-env=GITHUB_TOKEN', 'exec', '--cmd', 'echo $GITHUB_TOKEN > pwned.txt'],
    ];
    for (const argv of attempts) {
      const result = runPlugin(argv);
      expect(result.status, argv.join(' ')).toBe(2);
      expect(result.stderr, argv.join(' ')).toMatch(/^error C210: .*cannot be given in a @coder plugin call/m);
    }
    expect(existsSync(join(root, 'pwned.txt'))).toBe(false);
  });

  it('options that only tighten still work (--deny, --sandbox read-only, --json)', () => {
    const denied = runPlugin(['--deny', '@coder read', 'read', '--file', 'main.go']);
    expect(denied.stderr).toMatch(/^error C240: /m);
    const json = runPlugin(['--json', 'read', '--file', 'main.go']);
    expect(json.status).toBe(0);
    expect(JSON.parse(json.stdout).ok).toBe(true);
  });

  it('servers, the agent and trust cannot be started from a plugin call', () => {
    for (const argv of [['mcp', '--http', '0'], ['agent', '-p', 'x'], ['worker', '--url', 'ws://127.0.0.1:1'], ['trust']]) {
      const result = runPlugin(argv);
      expect(result.status, argv.join(' ')).toBe(2);
      expect(result.stderr, argv.join(' ')).toMatch(/^error C210: /m);
    }
  });
});
