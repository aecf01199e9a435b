import { mkdir, symlink, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { DenialTracker } from '../../src/permissions/denials.js';
import { permissionGate } from '../../src/permissions/gate.js';
import { explain, fakeCommand, openWorkspace, parser, policyWith, prepared, sandbox, writePolicy, type Sandbox } from './helpers.js';

let box: Sandbox;
beforeAll(async () => {
  box = await sandbox();
});
afterAll(async () => {
  await box.cleanup();
});

async function decisionOf(cli: readonly string[], call: string): Promise<string> {
  const result = await explain(await policyWith(box, cli), call);
  return result.decision;
}

describe('chaining: every simple command is judged', () => {
  test.each([
    'npm test && rm x',
    'npm test; rm x',
    'npm test || rm x',
    'npm test | rm x',
    'npm test & rm x',
    'npm test\nrm x',
    '(npm test; rm x)',
    '{ npm test; rm x; }',
    'if npm test; then rm x; fi',
    'for f in a; do rm $f; done',
    'npm test && rm -rf x',
  ])('allow "@coder exec npm *" does not allow %j', async (line) => {
    expect(await decisionOf(['allow @coder exec npm *'], `@coder exec ${line}`)).not.toBe('allow');
  });

  test('a denied part denies the whole line, wherever it stands', async () => {
    for (const line of ['rm x && npm test', 'npm test && rm x', 'npm test | tee a | rm x', 'echo $(npm test; rm x)']) {
      expect(await decisionOf(['allow @coder exec *', 'deny @coder exec rm *'], `@coder exec ${line}`), line).toBe('deny');
    }
  });
});

describe('substitution', () => {
  test.each(['echo $(rm x)', 'echo `rm x`', 'cat <(rm x)', 'echo "$(rm x)"', 'x=$(rm x); echo $x'])('%j: the substituted command is judged', async (line) => {
    expect(await decisionOf(['allow @coder exec echo *', 'allow @coder exec cat *'], `@coder exec ${line}`)).toBe('ask');
    expect(await decisionOf(['allow @coder exec echo *', 'allow @coder exec cat *', 'deny @coder exec rm *'], `@coder exec ${line}`)).toBe('deny');
  });

  test('a command name from a substitution or variable is never allowed', async () => {
    for (const line of ['$(echo rm) x', '$CMD x', '`echo ls`']) {
      const result = await explain(await policyWith(box, ['allow @coder exec *']), `@coder exec ${line}`);
      expect(result.decision, line).toBe('ask');
      expect(result.immune, line).toBe('dynamic-command');
    }
  });
});

describe('redirection', () => {
  test.each(['cat a > b', 'echo x >> ~/.bashrc', 'ls &> out.txt', 'ls >| out', 'echo x > $OUT', 'ls 1> out 2>&1'])('%j is not auto-approved', async (line) => {
    expect(await decisionOf([], `@coder exec ${line}`)).toBe('ask');
    expect(await decisionOf(['allow @coder exec echo *', 'allow @coder exec cat *', 'allow @coder exec ls *'], `@coder exec ${line}`)).toBe('ask');
  });
  test.each(['ls 2>&1', 'ls > /dev/null', 'ls 2>/dev/null', 'grep x < input.txt', 'cat <<EOF\nhi\nEOF'])('%j is fine', async (line) => {
    expect(await decisionOf([], `@coder exec ${line}`)).toBe('allow');
  });
});

describe('wrappers', () => {
  test.each(['sudo rm x', 'env rm x', 'env FOO=1 rm x', 'timeout 5 rm x', 'nice -n 5 rm x', 'ls | xargs rm', "bash -c 'rm x'", "sh -c 'ls; rm x'", 'find . -exec rm {} \\;', 'nohup rm x', "su -c 'rm x' root"])('deny "@coder exec rm *" stops %j', async (line) => {
    expect(await decisionOf(['deny @coder exec rm *'], `@coder exec ${line}`)).toBe('deny');
  });
  test.each(['sudo ls', 'doas ls', 'env LD_PRELOAD=x.so ls', 'LD_PRELOAD=x.so ls', 'PATH=. ls', 'xargs sort', "bash -c 'ls'", 'find . -exec cat {} \\;'])('%j is not auto-approved as read-only', async (line) => {
    expect(await decisionOf([], `@coder exec ${line}`)).toBe('ask');
  });
  test('harmless wrappers keep a read-only command read-only', async () => {
    expect(await decisionOf([], '@coder exec timeout 5 ls')).toBe('allow');
    expect(await decisionOf([], '@coder exec time git status')).toBe('allow');
  });
  test('an allow rule for the inner command does not cover a wrapper that changes what runs', async () => {
    expect(await decisionOf(['allow @coder exec npm *'], '@coder exec env NODE_OPTIONS=--require=x npm test')).toBe('ask');
    expect(await decisionOf(['allow @coder exec npm *'], '@coder exec NODE_OPTIONS=--require=x npm test')).toBe('ask');
    expect(await decisionOf(['allow @coder exec npm *'], '@coder exec timeout 60 npm test')).toBe('allow');
  });
});

describe('quoting and paths', () => {
  test.each(["'git' push --force", 'g"it" push -f', '"git" push origin +main', '/usr/bin/git push -f', 'git -C . push --force'])('%j is immune even under allow "@coder exec *"', async (line) => {
    const result = await explain(await policyWith(box, ['allow @coder exec *']), `@coder exec ${line}`);
    expect(result.decision).toBe('ask');
    expect(result.immune).toBe('git-push-force');
  });
  test('deny rules see the base name; allow rules only the name as written', async () => {
    expect(await decisionOf(['deny @coder exec rm *'], '@coder exec /bin/rm x')).toBe('deny');
    expect(await decisionOf(['deny @coder exec rm *'], "@coder exec 'rm' x")).toBe('deny');
    expect(await decisionOf(['deny @coder exec rm *'], '@coder exec \\rm x')).toBe('deny');
    expect(await decisionOf(['allow @coder exec git *'], '@coder exec /tmp/evil/git status')).toBe('ask');
    expect(await decisionOf([], '@coder exec ./git status')).toBe('ask');
    expect(await decisionOf([], '@coder exec /usr/bin/git status')).toBe('allow');
  });
});

describe('carriage returns and odd characters', () => {
  test.each(['ls\rrm -rf x', 'git status\r&& rm x', 'ls\u2028rm x', 'echo ok\r\nrm x'])('%j: both readings are judged', async (line) => {
    expect(await decisionOf(['allow @coder exec ls *', 'allow @coder exec git *', 'allow @coder exec echo *'], `@coder exec ${line}`)).not.toBe('allow');
    expect(await decisionOf(['allow @coder exec *', 'deny @coder exec rm *'], `@coder exec ${line}`)).toBe('deny');
  });
});

describe('long chains', () => {
  test('a deny after 60 allowed commands still denies (no fallback past a count)', async () => {
    const line = `${Array.from({ length: 60 }, (_, i) => `echo ${i}`).join(' && ')} && rm x`;
    expect(await decisionOf(['allow @coder exec echo *', 'deny @coder exec rm *'], `@coder exec ${line}`)).toBe('deny');
    expect(await decisionOf(['allow @coder exec echo *'], `@coder exec ${line}`)).toBe('ask');
  });
  test('200 read-only commands are still allowed', async () => {
    const line = Array.from({ length: 200 }, (_, i) => `echo ${i}`).join('; ');
    expect(await decisionOf([], `@coder exec ${line}`)).toBe('allow');
  });
});

describe('symlinks against path rules (resolved path and raw input are both judged)', () => {
  const write = fakeCommand('write', 'write');
  let root: string;
  beforeAll(async () => {
    root = box.root;
    await mkdir(join(root, 'secrets'), { recursive: true });
    await mkdir(join(root, 'src'), { recursive: true });
    await writeFile(join(root, 'secrets', 'key.txt'), 'k');
    await symlink('secrets', join(root, 'link'));
    await symlink('../secrets', join(root, 'src', 'evil'));
    await symlink('secrets/key.txt', join(root, 'notes.txt'));
  });

  async function authorize(rules: readonly string[], path: string): Promise<unknown> {
    await writePolicy(root, '.codeward/policy.json', rules);
    const policy = await policyWith(box);
    const gate = permissionGate({ policy, denials: new DenialTracker(), yes: true, parser });
    const call = await prepared(await openWorkspace(root), write, { file: path, content: 'x' }, [{ path, access: 'write' }]);
    return gate.authorize(call);
  }

  test('deny "@coder write secrets/**" is not bypassed through a linked folder', async () => {
    await expect(authorize(['deny @coder write secrets/**'], 'link/x')).rejects.toMatchObject({ code: 'C240' });
    await expect(authorize(['deny @coder write secrets/**'], 'src/evil/key.txt')).rejects.toMatchObject({ code: 'C240' });
    await expect(authorize(['deny @coder write secrets/**'], 'notes.txt')).rejects.toMatchObject({ code: 'C240' });
    await expect(authorize(['deny @coder write secrets/**'], './link/x')).rejects.toMatchObject({ code: 'C240' });
  });
  test('a deny written against the link name holds too', async () => {
    await expect(authorize(['deny @coder write link/**'], 'link/x')).rejects.toMatchObject({ code: 'C240' });
    await expect(authorize(['deny @coder write notes.txt'], 'notes.txt')).rejects.toMatchObject({ code: 'C240' });
  });
  test('an allow on src/** does not allow writing where a link in src points', async () => {
    const result = await explain(await policyWith(box, ['allow @coder write src/**']), '@coder write src/a.ts');
    expect(result.decision).toBe('allow');
    await expect(authorize(['allow @coder write src/**', 'ask @coder write secrets/**'], 'src/evil/key.txt')).resolves.toBeUndefined();
    const policy = await policyWith(box, ['allow @coder write src/**']);
    const gate = permissionGate({ policy, denials: new DenialTracker(), yes: false, parser });
    const call = await prepared(await openWorkspace(root), write, {}, [{ path: 'src/evil/key.txt', access: 'write' }]);
    await expect(gate.authorize(call)).rejects.toMatchObject({ code: 'C241' });
  });
});
