import { chmod, writeFile } from 'node:fs/promises';
import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { CLI, removeDir, runCli, tempDir, writeFiles } from '../helpers/fixture.js';
import { stdioClient, textOf } from '../doors/mcp-helpers.js';

// A refusal tells the user of EACH door what that user can do (the real binary through every door), and
// no door ever suggests a rule that allows every shell line (`@coder exec` is a prefix rule).
let ws: string;
let state: string;
const clients: Client[] = [];

beforeEach(async () => {
  ws = await tempDir('codeward-advice-');
  state = await tempDir('codeward-advice-home-');
  await writeFiles(ws, { 'a.txt': 'a\n' });
});

afterEach(async () => {
  await Promise.all(clients.splice(0).map((client) => client.close().catch(() => undefined)));
  await removeDir(ws);
  await removeDir(state);
});

const env = () => ({ HOME: state, CODEWARD_STATE_DIR: join(state, '.state') });
const BLANKET = /"@coder exec"|--allow "@coder exec"[^ ]/;

describe('C241 advice per door', () => {
  it('CLI: the flags to pass', () => {
    const result = runCli(['-C', ws, 'write', '--file', 'x.txt', '--content', 'hi'], { env: env(), yes: false });
    expect(result.stderr).toContain('C241: @coder write x.txt needs approval (no rule allows it (default for write commands: ask)); run interactively, pass --yes, or add an allow rule: --allow "@coder write x.txt"');
  });

  it('a refused rm -r names the undoable delete instead, without guessing the paths', async () => {
    await writeFiles(ws, { 'src/x/a.txt': 'a\n' });
    const refused = runCli(['-C', ws, '--yes', 'exec', '--cmd', 'rm -rf src/x'], { env: env(), yes: false });
    expect(refused.stderr).toContain('C241');
    expect(refused.stderr).toContain(`to remove a folder so that undo can bring it back, use codeward delete --paths '["PATH"]' --recursive`);
    expect(existsSync(join(ws, 'src/x/a.txt'))).toBe(true);
  });

  it('CLI: the rule suggested for a shell line allows that line and nothing longer', async () => {
    const refused = runCli(['-C', ws, 'exec', '--cmd', 'touch made.txt'], { env: env(), yes: false });
    const rule = /--allow "([^"]+)"/.exec(refused.stderr)?.[1];
    expect(rule).toBe('@coder exec?touch made.txt');
    expect(runCli(['-C', ws, '--allow', rule!, 'exec', '--cmd', 'touch made.txt'], { env: env(), yes: false }).status).toBe(0);
    const longer = runCli(['-C', ws, '--allow', rule!, 'exec', '--cmd', 'touch made.txt extra.txt'], { env: env(), yes: false });
    expect(longer.stderr).toContain('C241');
    expect(existsSync(join(ws, 'extra.txt'))).toBe(false);
  });

  it('CLI: a suggested rule pasted into a shell runs nothing of the line and passes the exact rule ($(...), backticks, $VAR, ! and quotes in it)', () => {
    for (const line of ["touch 'x$(touch PWNED1)' c", 'touch "$(touch PWNED2)" `touch PWNED3` $HOME', "touch 'a\"b' !x 'it'\\''s'"]) {
      const refused = runCli(['-C', ws, 'exec', '--cmd', line], { env: env(), yes: false });
      const flags = /add an allow rule: (--allow .*)$/m.exec(refused.stderr)?.[1];
      expect(flags, refused.stderr).toBeDefined();
      // What the person's shell makes of the suggestion (bash, interactive-like: history expansion on).
      const shell = spawnSync('bash', ['-c', `set -H; printf '%s\\0' ${flags!}`], { cwd: ws, encoding: 'utf8', env: { ...process.env, ...env() } });
      const args = shell.stdout.split('\0').slice(0, -1);
      expect(args.filter((_, i) => i % 2 === 0).every((flag) => flag === '--allow')).toBe(true);
      expect(args[1]).toMatch(/^@coder exec\?touch /);
      const allowed = runCli(['-C', ws, '--json', ...args, 'policy', 'check', JSON.stringify({ cmd: 'exec', args: { cmd: line } })], { env: env(), yes: false });
      expect((allowed.json.data as { decision?: string }).decision, allowed.stdout).toBe('allow');
    }
    for (const name of ['PWNED1', 'PWNED2', 'PWNED3']) expect(existsSync(join(ws, name))).toBe(false);
  });

  it('MCP without elicitation: what to put in the client config, not CLI flags to "pass"', async () => {
    const client = await stdioClient(ws, state);
    clients.push(client);
    const result = await client.callTool({ name: 'write', arguments: { file: 'x.txt', content: 'hi' } });
    const text = textOf(result);
    expect(text).toContain('C241');
    expect(text).toContain('add "--yes", or "--allow", "@coder write x.txt", to the codeward server\'s "args" in your MCP client\'s config, or use a client that supports elicitation');
    expect(text).not.toContain('run interactively');
    expect(existsSync(join(ws, 'x.txt'))).toBe(false);
    const immune = textOf(await client.callTool({ name: 'write', arguments: { file: '.git/hooks/pre-commit', content: 'x' } }));
    expect(immune).toMatch(/safety-immune.*use an MCP client that supports elicitation/);
  });

  it('ChatCLI plugin: the exact line or command as a policy rule, never "@coder exec"; none when no rule can', async () => {
    const plugin = join(state, 'coder');
    await writeFile(plugin, `#!/bin/sh\nCODEWARD_CHATCLI_PLUGIN=1 exec "${process.execPath}" "${CLI}" --yes "$@"\n`);
    await chmod(plugin, 0o755);
    const run = (argv: string[]) => spawnSync(plugin, argv, { cwd: ws, env: { ...process.env, ...env() }, encoding: 'utf8', stdio: ['ignore', 'pipe', 'pipe'] }).stderr;
    const redirect = run(['exec', '--cmd', 'ls > out.txt']);
    expect(redirect).toMatch(/^error C241: /m);
    expect(redirect).toContain('No allow rule can approve this shell line');
    expect(redirect).not.toMatch(BLANKET);
    const chained = run(['exec', '--cmd', 'ls && touch pwned.txt']);
    expect(chained).toMatch(/"pattern": "@coder exec\S* ?touch pwned\.txt", "action": "allow"/);
    expect(chained).not.toMatch(BLANKET);
    const immune = run(['exec', '--cmd', 'ls && rm -r ../x']);
    expect(immune).toContain('It is safety-immune, so no allow rule approves it');
    expect(immune).not.toMatch(BLANKET);
    // Without the wrapper's --yes (nobody to ask): the plugin user's fix is a policy rule, not a flag.
    const plain = spawnSync(process.execPath, [CLI, 'write', '--file', 'x.txt', '--content', 'hi'], { cwd: ws, env: { ...process.env, ...env(), CODEWARD_CHATCLI_PLUGIN: '1' }, encoding: 'utf8' }).stderr;
    expect(plain).toContain('allow it in codeward\'s own policy, e.g. ~/.codeward/policy.json: {"rules": [{"pattern": "@coder write x.txt", "action": "allow"}]}');
    expect(existsSync(join(ws, 'pwned.txt')) || existsSync(join(ws, 'out.txt')) || existsSync(join(ws, 'x.txt'))).toBe(false);
  });
});

describe('C242 text and behaviour agree', () => {
  it('says --allow-unsafe lifts only the danger check, and indeed the gate still decides', () => {
    const blocked = runCli(['-C', ws, 'exec', '--cmd', 'rm -rf ~'], { env: env(), yes: true });
    expect(blocked.stderr).toMatch(/C242: .*only a person can lift this check, by starting codeward with --allow-unsafe .* the permission gate still decides it/);
    expect(blocked.stderr).not.toContain('to run it anyway');
    const lifted = runCli(['-C', ws, '--allow-unsafe', 'exec', '--cmd', 'rm -rf ~'], { env: env(), yes: true });
    expect(lifted.stderr).toMatch(/C241: .*safety-immune/);
  });
});
