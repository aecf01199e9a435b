import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { removeDir, runCli, tempDir, writeFiles } from '../helpers/fixture.js';

// Issue 28 item 2, through the real binary: `policy check` is the engine's pipeline in dry run (args →
// jail → shell check → gate), so its answer is the real call's outcome in every form, and it still
// answers for a path that does not exist yet or a call missing a flag (saying what it assumed). The
// second half ports the spirit of ChatCLI's policy tests: normalisation, boundary matching, bypasses.
let root: string;
let home: string;
beforeEach(async () => {
  root = await tempDir();
  home = await tempDir('codeward-home-');
  await writeFiles(root, { 'a.txt': 'old\n', '.env': 'SECRET=1\n' });
});
afterEach(async () => {
  await removeDir(root);
  await removeDir(home);
});

const cli = (args: string[]) => runCli(args, { cwd: root, env: { CODEWARD_STATE_DIR: home, HOME: home }, yes: false });
interface Answer { decision: string; code?: string; source: string; reason: string; assumed?: string[]; judged: string }
const check = (flags: string[], call: string): Answer => {
  const result = cli(['--json', ...flags, 'policy', 'check', call]);
  expect(result.status, result.stdout + result.stderr).toBe(0);
  const envelope = JSON.parse(result.stdout) as { ok: boolean; cmd: string; data: Answer };
  expect(envelope).toMatchObject({ ok: true, cmd: 'policy check' });
  return envelope.data;
};
const OUTCOME: Record<string, string> = { deny: 'C240', ask: 'C241', allow: 'ok' };

describe('the check names the refusal the real call gives', () => {
  it.each([
    ['an unquoted catastrophic line', [], '@coder exec rm -rf /', ['exec', '--cmd', 'rm -rf /'], 'C242'],
    ['a secret named by a shell line', [], '@coder exec cat .env', ['exec', '--cmd', 'cat .env'], 'C211'],
    ['the same as JSON', [], '{"cmd":"exec","args":{"cmd":"cat .env"}}', ['exec', '--cmd', 'cat .env'], 'C211'],
    ['a secret read', [], '@coder read --file .env', ['read', '--file', '.env'], 'C211'],
    ['a path outside the workspace', [], '@coder write --file ../outside.txt --content x', ['write', '--file', '../outside.txt', '--content', 'x'], 'C215'],
    ['a protected system file', [], '@coder read --file /etc/passwd', ['read', '--file', '/etc/passwd'], 'C211'],
    ['a program that waits for a terminal', ['--allow', '@coder exec *'], '@coder exec vim a.txt', ['exec', '--cmd', 'vim a.txt'], 'C210'],
    ['an ask', [], '@coder exec npm test', ['exec', '--cmd', 'npm test'], undefined],
  ])('%s', (_name, flags, call, real, code) => {
    const answer = check(flags, call);
    const run = cli(['--json', ...flags, ...real]);
    const outcome = run.json.ok ? 'ok' : run.json.error?.code;
    expect(answer.code ?? OUTCOME[answer.decision]).toBe(outcome);
    if (code) expect(outcome).toBe(code);
    if (code) expect(answer.reason).toBe(run.json.error?.message);
  });

  // Red team R6-13: a batched call whose every entry escapes crashed the check (C216 internal error); the
  // real call fails that entry with C215.
  it('a delete of a path outside the workspace answers the entry\'s C215, like the real call', () => {
    const answer = check([], '{"cmd":"delete","args":{"paths":["/etc/x"]}}');
    expect(answer).toMatchObject({ decision: 'deny', code: 'C215', source: 'jail' });
    const run = cli(['--json', '--yes', 'delete', '--paths', '/etc/x']);
    expect((run.json.data as { results: { error?: { code: string } }[] }).results[0]!.error?.code).toBe('C215');
  });

  it('a protected system file is said to be one, never "no such file"', () => {
    const answer = check([], '@coder read --file /etc/passwd');
    expect(answer).toMatchObject({ decision: 'deny', code: 'C211', source: 'jail', judged: '@coder read /etc/passwd' });
    expect(answer.reason).toContain('/etc/passwd: a protected system path');
    expect(answer.reason).not.toContain('no such file');
    expect(cli(['exec', '--cmd', 'cat /etc/passwd']).stderr).toContain('/etc/passwd: a protected system path');
  });
});

describe('the check answers for calls the real one could not run yet', () => {
  it('a file that does not exist yet is judged as that file, and the assumption is said', () => {
    const read = check(['--deny', '@coder read main.go'], '@coder read --file main.go');
    expect(read).toMatchObject({ decision: 'deny', source: 'cli', judged: '@coder read main.go' });
    expect(read.assumed).toEqual([expect.stringContaining('main.go does not exist now: judged as if it did (run now, read would fail with C211')]);
    expect(check([], '@coder read --file main.go').decision).toBe('allow');
    // A command that changes the file as it is says the same (newcomer pass 2, N7): the real call is C211.
    const patch = check([], '@coder patch --file nothere.js --search a --replace b');
    expect(patch.assumed).toEqual([expect.stringContaining('nothere.js does not exist now: judged as if it did (run now, patch would fail with C211')]);
    expect(cli(['--yes', 'patch', '--file', 'nothere.js', '--search', 'a', '--replace', 'b']).stderr).toContain('C211');
    const update = check([], `@coder update --files '[{"path":"gone.md","ops":[{"op":"replace","pattern":"a","replacement":"b"}]}]'`);
    expect(update.assumed).toEqual([expect.stringContaining('gone.md does not exist now')]);
    expect(check([], '@coder write --file new.txt --content x').assumed ?? []).toEqual([]);
  });

  it('a required flag left out is judged without it and named', () => {
    const write = check([], '@coder write --file x');
    expect(write).toMatchObject({ decision: 'ask', judged: '@coder write x' });
    expect(write.assumed).toEqual(['--content not given: judged without it (the real call needs it: C210)']);
    expect(check(['--deny', '@coder write x'], '{"cmd":"write","args":{"file":"x"}}').decision).toBe('deny');
  });

  it('a path after a command that takes only flags is its --file (newcomer pass: @coder patch index.js), judged like the real call', async () => {
    await writeFiles(root, { 'index.js': 'x\n', '.env': 'K=v\n' });
    const patch = check(['--deny', '@coder patch index.js'], '@coder patch index.js');
    expect(patch).toMatchObject({ decision: 'deny', source: 'cli', judged: '@coder patch index.js' });
    expect(patch.assumed).toEqual([expect.stringContaining('judged with the flags given (the real call needs more flags, C210: pass --search and --replace')]);
    expect(check([], '@coder patch index.js').decision).toBe('ask');
    // The real refusal of the same path, not a guess from the words: a secret is C211, an outside path C215.
    expect(check([], '@coder patch .env')).toMatchObject({ decision: 'deny', code: 'C211', source: 'jail' });
    expect(check([], 'patch ../x.js')).toMatchObject({ decision: 'deny', code: 'C215', source: 'jail' });
    expect(check([], '@coder patch index.js --search x')).toMatchObject({ decision: 'ask', judged: '@coder patch index.js' });
  });
});

// ChatCLI's policy tests, in spirit: one decision whatever the spelling, patterns that stop at a word
// boundary, and no spelling of a denied command that slips past the rule.
describe('normalisation: every spelling of one call gets one decision', () => {
  it.each([
    '@coder read --file a.txt',
    'read --file=a.txt',
    '{"cmd":"read","args":{"file":"a.txt"}}',
    '{"cmd":"read","args":{"path":"a.txt"}}',
    '{"command":"read","args":{"file":"./a.txt"}}',
    '{&quot;cmd&quot;:&quot;read&quot;,&quot;args&quot;:{&quot;file&quot;:&quot;a.txt&quot;}}',
    '["read","--file","a.txt"]',
  ])('%s', (call) => {
    expect(check(['--deny', '@coder read a.txt'], call)).toMatchObject({ decision: 'deny', source: 'cli' });
  });
});

describe('boundary matching', () => {
  it.each([
    ['@coder exec rm', '@coder exec rm -r x', 'deny'],
    ['@coder exec rm', '@coder exec rmdir x', 'ask'],
    ['@coder exec git status', '@coder exec git status --short', 'deny'],
    ['@coder exec git status', '@coder exec git statusx', 'ask'],
    ['@coder read a.txt', '@coder read --file a.txt.bak', 'allow'],
  ])('deny %s, check %s → %s', (rule, call, decision) => {
    expect(check(['--deny', rule], call).decision).toBe(decision);
  });
});

describe('bypass prevention: a denied command is denied however it is spelled', () => {
  it.each([
    'ls && rm x',
    'ls; /bin/rm x',
    'bash -c "rm x"',
    'echo $(rm x)',
    'FOO=1 rm x',
    "'rm' x",
    'r\\m x',
    'command rm x',
    'xargs rm < a.txt',
  ])('%s', (line) => {
    const answer = check(['--deny', '@coder exec rm *'], `@coder exec ${line}`);
    expect(answer.decision, answer.reason).toBe('deny');
    const run = cli(['--json', '--deny', '@coder exec rm *', 'exec', '--cmd', line]);
    expect(run.json.error?.code).toBe(answer.code ?? 'C240');
  });
});
