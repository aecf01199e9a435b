import { readFile, writeFile, mkdir } from 'node:fs/promises';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { removeDir, runCli, tempDir, writeFiles } from '../helpers/fixture.js';

// The permission gate through the real binary, non-interactive (no TTY): flags, policy files, explain.
let root: string;
let home: string;
beforeEach(async () => {
  root = await tempDir();
  home = await tempDir('codeward-home-');
  await writeFiles(root, { 'a.txt': 'old\n', 'src/app.ts': 'export {};\n' });
});
afterEach(async () => {
  await removeDir(root);
  await removeDir(home);
});

const cli = (args: string[], yes = false) => runCli(args, { cwd: root, env: { CODEWARD_STATE_DIR: home, HOME: home }, yes });

describe('the gate at the CLI', () => {
  it('an ask without a terminal or --yes is C241 naming a rule to add, and nothing is written', async () => {
    const result = cli(['--json', 'write', '--file', 'a.txt', '--content', 'new']);
    expect(result.status).toBe(1);
    expect(result.json.error?.code).toBe('C241');
    expect(result.json.error?.message).toContain('--allow "@coder write a.txt"');
    expect(await readFile(join(root, 'a.txt'), 'utf8')).toBe('old\n');
  });

  it('--yes approves, --allow approves without --yes, --deny refuses with C240 even with --yes', async () => {
    expect(cli(['--json', 'write', '--file', 'a.txt', '--content', 'one'], true).status).toBe(0);
    expect(cli(['--json', '--allow', '@coder write *.txt', 'write', '--file', 'a.txt', '--content', 'two']).status).toBe(0);
    const denied = cli(['--json', '--yes', '--deny', '@coder write a.txt', 'write', '--file', 'a.txt', '--content', 'three']);
    expect(denied.json.error?.code).toBe('C240');
    expect(denied.json.error?.message).toContain('@coder write a.txt');
    expect(await readFile(join(root, 'a.txt'), 'utf8')).toBe('two');
  });

  it('a project policy file allows once trusted, and the CLI flags outrank it', async () => {
    await mkdir(join(root, '.codeward'), { recursive: true });
    await writeFile(join(root, '.codeward/policy.json'), JSON.stringify({ rules: [{ pattern: '@coder write src/**', action: 'allow' }] }));
    expect(cli(['--json', 'write', '--file', 'src/app.ts', '--content', 'x']).json.error?.code).toBe('C241');
    expect(cli(['trust']).status).toBe(0);
    expect(cli(['--json', 'write', '--file', 'src/app.ts', '--content', 'x']).status).toBe(0);
    expect(cli(['--json', '--deny', '@coder write src/**', 'write', '--file', 'src/app.ts', '--content', 'y']).json.error?.code).toBe('C240');
  });

  it('a safety-immune command is not approved by --yes', () => {
    const result = cli(['--json', '--yes', 'exec', '--cmd', 'git push --force origin main']);
    expect(result.json.error?.code).toBe('C241');
    expect(result.json.error?.message).toMatch(/safety-immune|immune/);
  });

  it('read-only commands need no approval; a read-only shell line is allowed by the allowlist', () => {
    expect(cli(['--json', 'read', '--file', 'a.txt']).status).toBe(0);
    expect(cli(['--json', 'exec', '--cmd', 'ls -la && git --version']).status).toBe(0);
    expect(cli(['--json', 'exec', '--cmd', 'ls > listing.txt']).json.error?.code).toBe('C241');
  });

  it('a catastrophic command is C242 before any permission question, --allow-unsafe lifts only that', () => {
    const blocked = cli(['--json', '--yes', '--allow', '@coder exec *', 'exec', '--cmd', 'rm -rf ~/']);
    expect(blocked.json.error?.code).toBe('C242');
    const lifted = cli(['--json', '--allow-unsafe', 'exec', '--cmd', 'echo rm -rf / > /dev/null; rm -rf ~/nothing-here-$RANDOM']);
    expect(lifted.json.error?.code).toBe('C241'); // still immune (rm -rf): a person must approve
  });

  it('an invalid policy file is reported with file and rule, never ignored', async () => {
    await mkdir(join(root, '.codeward'), { recursive: true });
    await writeFile(join(root, '.codeward/policy.json'), JSON.stringify({ rules: [{ pattern: '@coder write *', action: 'Allow' }] }));
    const result = cli(['--json', '--yes', 'write', '--file', 'a.txt', '--content', 'x']);
    expect(result.json.error?.code).toBe('C210');
    expect(result.json.error?.message).toMatch(/policy\.json.*rules\[0\]/);
  });
});

describe('codeward policy', () => {
  it('check explains the decision, the rule and its source', () => {
    const text = cli(['--allow', '@coder exec npm *', 'policy', 'check', '@coder exec npm test']);
    expect(text.status).toBe(0);
    expect(text.stdout).toMatch(/^allow: @coder exec npm test/);
    const json = JSON.parse(cli(['--json', 'policy', 'check', '@coder exec git push --force']).stdout) as Record<string, unknown>;
    expect(json).toMatchObject({ ok: true, cmd: 'policy check', warnings: [] });
    expect(json.data).toMatchObject({ decision: 'ask', source: 'immune', judged: '@coder exec git push --force' });
    const envelope = JSON.parse(cli(['--json', '--deny', '@coder exec rm *', 'policy', 'check', '{"cmd":"exec","args":{"cmd":"ls && rm x"}}']).stdout).data as Record<string, unknown>;
    expect(envelope).toMatchObject({ decision: 'deny', source: 'cli' });
  });

  it('list shows the effective rules with their sources', async () => {
    await mkdir(join(root, '.codeward'), { recursive: true });
    await writeFile(join(root, '.codeward/policy.json'), JSON.stringify({ rules: [{ pattern: '@coder exec make *', action: 'allow' }] }));
    expect(cli(['trust']).status).toBe(0);
    const result = cli(['--deny', '@coder exec rm *', 'policy', 'list']);
    expect(result.status).toBe(0);
    const lines = result.stdout.split('\n');
    const deny = lines.findIndex((line) => line.includes('@coder exec rm *'));
    const make = lines.findIndex((line) => line.includes('@coder exec make *'));
    expect(deny).toBeGreaterThanOrEqual(0);
    expect(make).toBeGreaterThan(deny);
    expect(lines[deny]).toMatch(/^deny .*\(cli/);
    expect(lines[make]).toMatch(/^allow .*\(project/);
  });
});

// Issue 21 point 6: `policy check` answers what the gate does with the same call, in every form the
// engine recovers. Each case runs both through the real binary: the check's decision and the real run's
// outcome must agree (deny ↔ C240, ask ↔ C241 without a terminal, allow ↔ ran, danger ↔ C242).
describe('policy check agrees with a real run of the same call', () => {
  const OUTCOME: Record<string, string> = { deny: 'C240', ask: 'C241', allow: 'ok' };
  const cases: [string, string[], string[]][] = [
    ['argv words', ['--deny', '@coder read'], ['read', '--file', 'a.txt']],
    ['a bare JSON array', ['--deny', '@coder read'], ['["read","--file","a.txt"]']],
    ['HTML-escaped JSON', ['--deny', '@coder read'], ['{&quot;cmd&quot;:&quot;read&quot;,&quot;args&quot;:{&quot;file&quot;:&quot;a.txt&quot;}}']],
    ['JSON with bad escapes', ['--deny', '@coder exec cat *'], ['{"cmd":"exec","args":{"cmd":"cat a.txt \\| head -1"}}']],
    ['a tool-call object', ['--deny', '@coder read'], ['{"name":"read","input":{"file":"a.txt"}}']],
    ['an exec given as argv', [], ['exec', '--cmd', "sed 's/old/new/g' a.txt"]],
    ['an abbreviated sort output', [], ['exec', '--cmd', 'sort --outp=b.txt a.txt']],
    ['an abbreviated immune push', ['--allow', '@coder exec git *'], ['exec', '--cmd', 'git push --force-w origin main']],
    ['a catastrophic line', ['--allow', '@coder exec *'], ['exec', '--cmd', 'rm -rf ~/']],
  ];
  it.each(cases)('%s', (_name, flags, call) => {
    const check = cli(['--json', ...flags, 'policy', 'check', ...call]);
    expect(check.status, check.stdout + check.stderr).toBe(0);
    const answer = JSON.parse(check.stdout).data as { decision: string; code?: string };
    const run = cli(['--json', ...flags, ...call]);
    const outcome = run.json.ok ? 'ok' : run.json.error?.code;
    expect(outcome).toBe(answer.code ?? OUTCOME[answer.decision]);
  });

  // Under --yes the outcome field says what the run does: asks run, immune asks and denials do not.
  it.each([
    ['an ordinary ask', ['exec', '--cmd', 'sort --outp=b.txt a.txt'], 'run (--yes)', 'ok'],
    ['an immune ask', ['exec', '--cmd', 'git reset --har'], 'ask a person (C241 without a terminal)', 'C241'],
    ['a denial', ['--deny', '@coder read', 'read', '--file', 'a.txt'], 'C240', 'C240'],
  ])('with --yes: %s', (_name, call, expected, code) => {
    const flags = call[0] === '--deny' ? call.slice(0, 2) : [];
    const rest = call[0] === '--deny' ? call.slice(2) : call;
    const answer = JSON.parse(cli(['--json', '--yes', ...flags, 'policy', 'check', ...rest]).stdout).data as { outcome: string };
    expect(answer.outcome).toBe(expected);
    const run = cli(['--json', ...flags, ...rest], true);
    expect(run.json.ok ? 'ok' : run.json.error?.code).toBe(code);
  });

  it('the forms that used to disagree are denied by the check', () => {
    for (const call of [['read', '--file', 'a.txt'], ['["read","--file","a.txt"]'], ['{&quot;cmd&quot;:&quot;read&quot;,&quot;args&quot;:{&quot;file&quot;:&quot;a.txt&quot;}}']]) {
      const check = JSON.parse(cli(['--json', '--deny', '@coder read', 'policy', 'check', ...call]).stdout).data as { decision: string };
      expect(check.decision).toBe('deny');
    }
  });
});

