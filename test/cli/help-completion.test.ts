import { spawnSync } from 'node:child_process';
import { readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Registry } from '../../src/engine/registry.js';
import { builtinCommands } from '../../src/commands/index.js';
import { removeDir, REPO_ROOT, runCli, tempDir } from '../helpers/fixture.js';

// Issue 19: help of every entry point, --version anywhere, "did you mean", and `codeward completion`,
// through the real binary.

const registry = new Registry(builtinCommands);
const { version } = JSON.parse(await readFile(join(REPO_ROOT, 'package.json'), 'utf8')) as { version: string };

let root: string;
beforeAll(async () => {
  root = await tempDir('cw-help-');
  await writeFile(join(root, 'a.txt'), 'x\n');
});
afterAll(async () => {
  await removeDir(root);
});

const cw = (args: readonly string[]) => runCli(['-C', root, ...args], { yes: false });
const general = cw(['--help']).stdout;

describe('every entry point has its own help', () => {
  it.each([
    [['policy', '--help'], /^codeward policy list \| check '<call>' \| forget[^]*\n {2}forget \[N/],
    [['policy', 'check', '--help'], /^codeward policy list \| check/],
    [['help', 'policy'], /^codeward policy list \| check/],
    [['doctor', '--help'], /^codeward doctor — /],
    [['mcp', '--help'], /^codeward mcp \[--http PORT/],
    [['mcp', '--http', '--help'], /--http PORT {11}serve over HTTP on 127\.0\.0\.1/],
    [['trust', '-h'], /^codeward trust \[--revoke \| --list\]/],
    [['completion', '--help'], /^codeward completion bash\|zsh\|fish/],
    [['read', '--help'], /^codeward read \[FILE\] \[flags\]/],
  ])('%j', (args, expected) => {
    const result = cw(args);
    expect(result.status).toBe(0);
    expect(result.stdout).toMatch(expected);
    expect(result.stdout).not.toBe(general);
  });
});

// Newcomer pass 45: the general help listed every entry point but `completion`.
it('the general help names every entry point, completion too', () => {
  for (const entry of ['agent', 'policy', 'doctor', 'trust', 'mcp', 'serve', 'worker', 'completion']) expect(general).toContain(`codeward ${entry} `);
});

describe('-V and --version work before and after any command', () => {
  it.each([[['--version']], [['-V']], [['read', '--version']], [['tree', '-V']], [['policy', 'list', '--version']], [['agent', '--version']], [['worker', '--version']], [['mcp', '-V']]])('%j', (args) => {
    const result = cw(args);
    expect([result.status, result.stdout, result.stderr]).toEqual([0, `${version}\n`, '']);
  });

  it('not as the value of a flag that takes one: search --term --version searches for the text', () => {
    const result = cw(['--json', 'search', '--term', '--version']);
    expect(result.json).toMatchObject({ ok: true, cmd: 'search' });
  });
});

describe('did you mean', () => {
  it.each([
    [['read', '--fil', 'a.txt'], 'unknown flag --fil for read (did you mean --file?)'],
    [['read', '--file', 'a.txt', '--haed', '1'], 'unknown flag --haed for read (did you mean --head?)'],
    [['raed', '--file', 'a.txt'], 'unknown command "raed" (did you mean read?)'],
    [['docter'], 'unknown command "docter" (did you mean doctor?)'],
    [['git-dif'], 'unknown command "git-dif" (did you mean git-diff?)'],
    [['--jsn', 'read', 'a.txt'], 'unknown option --jsn (did you mean --json?)'],
  ])('%j', (args, message) => {
    const result = cw(args);
    expect(result.status).toBe(2);
    expect(result.stderr).toContain(`error C210: ${message}`);
  });

  it('nothing close, no guess; a JSON call is told the same', () => {
    const far = cw(['frobnicate']);
    expect(far.status).toBe(2);
    expect(far.stderr).toMatch(/^error C210: unknown command "frobnicate"; valid commands: read, /);
    const json = cw(['--json', '{"cmd":"serach","args":{"term":"x"}}']);
    expect(json.json.error!.message).toContain('unknown command "serach" (did you mean search?)');
  });
});

function bashComplete(script: string, words: readonly string[]): string[] {
  // COMP_WORDS as bash fills it for the line typed so far; the last word is the one being completed.
  const array = words.map((word) => `'${word.replace(/'/g, `'\\''`)}'`).join(' ');
  const program = `${script}\nCOMP_WORDS=(${array}); COMP_CWORD=${words.length - 1}; _codeward; printf '%s\\n' "\${COMPREPLY[@]}"`;
  const result = spawnSync('bash', ['--norc', '--noprofile', '-c', program], { cwd: root, encoding: 'utf8' });
  expect(result.stderr).toBe('');
  return result.stdout.split('\n').filter(Boolean);
}

describe('codeward completion bash|zsh|fish', () => {
  const bash = cw(['completion', 'bash']);

  it('bash: a valid script naming every command and every flag of the registry', () => {
    expect(bash.status).toBe(0);
    const check = spawnSync('bash', ['-n'], { input: bash.stdout, encoding: 'utf8' });
    expect([check.status, check.stderr]).toEqual([0, '']);
    for (const command of registry.commands) {
      expect(bash.stdout).toMatch(new RegExp(`\\b${command.name}\\) words="`));
      for (const flag of registry.flags(command)) expect(bash.stdout).toContain(`--${flag.cli}`);
    }
    expect(bash.stdout).toContain('complete -o default -F _codeward codeward');
  });

  it('bash: completes commands, flags, choices and files as a shell would', () => {
    const script = bash.stdout;
    expect(bashComplete(script, ['codeward', 'rea'])).toEqual(['read']);
    expect(bashComplete(script, ['codeward', 'git-'])).toEqual(['git-status', 'git-diff', 'git-log', 'git-changed', 'git-branch']);
    expect(bashComplete(script, ['codeward', '-C', '/tmp', '--json', 'tr'])).toEqual(['tree', 'trust']);
    expect(bashComplete(script, ['codeward', 'read', '--he'])).toEqual(['--head', '--help']);
    expect(bashComplete(script, ['codeward', 'read', '--encoding', ''])).toEqual(['text', 'base64']);
    expect(bashComplete(script, ['codeward', '--sandbox', 'w'])).toEqual(['workspace-write']);
    expect(bashComplete(script, ['codeward', 'read', '--file', 'a.'])).toEqual(['a.txt']);
    expect(bashComplete(script, ['codeward', 'completion', ''])).toEqual(expect.arrayContaining(['bash', 'zsh', 'fish']));
    expect(bashComplete(script, ['codeward', 'policy', 'ch'])).toEqual(['check']);
  });

  it('zsh and fish: every command and flag, in their own syntax', () => {
    const zsh = cw(['completion', 'zsh']);
    const fish = cw(['completion', 'fish']);
    expect([zsh.status, fish.status]).toEqual([0, 0]);
    expect(zsh.stdout.startsWith('#compdef codeward\n')).toBe(true);
    for (const line of fish.stdout.trim().split('\n').slice(1)) expect(line).toMatch(/^complete -c codeward /);
    for (const command of registry.commands) {
      expect(zsh.stdout).toContain(`      ${command.name}) _arguments`);
      expect(fish.stdout).toContain(`-a ${command.name} -d `);
      for (const flag of registry.flags(command)) {
        expect(zsh.stdout).toContain(`'--${flag.cli}[`);
        expect(fish.stdout).toMatch(new RegExp(`__fish_seen_subcommand_from ${command.name}" -l ${flag.cli} `));
      }
    }
    // Quotes in descriptions cannot end the quoted word early (every ' is closed and reopened).
    for (const text of [zsh.stdout, fish.stdout]) for (const line of text.split('\n')) expect(line.replace(/'\\''/g, '').split("'").length % 2).toBe(1);
  });

  it('an unknown or missing shell is a usage error', () => {
    for (const args of [['completion'], ['completion', 'powershell']]) {
      const result = cw(args);
      expect(result.status).toBe(2);
      expect(result.stderr).toMatch(/^error C210: codeward completion needs the shell: bash, zsh, fish/);
    }
  });
});
