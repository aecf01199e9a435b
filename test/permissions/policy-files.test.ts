import { mkdir, readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, test } from 'vitest';
import { loadPolicy } from '../../src/permissions/policy-load.js';
import { answersFileFor } from '../../src/permissions/policy-trust.js';
import { explain, rule, sandbox, trustWorkspace, writePolicy, type Sandbox } from './helpers.js';

let box: Sandbox;
beforeEach(async () => {
  box = await sandbox();
});
afterEach(async () => {
  await box.cleanup();
});

async function writeRaw(dir: string, name: string, text: string): Promise<string> {
  const file = join(dir, name);
  await mkdir(join(file, '..'), { recursive: true });
  await writeFile(file, text);
  return file;
}

const load = (strict = true) => loadPolicy({ workspaceRoot: box.root, home: box.home, strict });

describe('invalid policy files', () => {
  test('bad JSON: C210 naming the file', async () => {
    const file = await writeRaw(box.root, '.codeward/policy.json', '{"rules": [');
    await expect(load()).rejects.toMatchObject({ code: 'C210', message: expect.stringContaining(`${file}: not valid JSON`) });
  });

  test('bad action: names the file, the rule index and the value', async () => {
    const file = await writeRaw(box.root, '.codeward/policy.json', JSON.stringify({ rules: [{ pattern: '@coder read', action: 'allow' }, { pattern: '@coder exec *', action: 'Allow' }] }));
    await expect(load()).rejects.toMatchObject({ message: expect.stringContaining(`${file}: rules[1]: "action" must be "allow", "ask" or "deny", got "Allow" (write "allow")`) });
  });

  test('missing pattern, empty pattern, too long, not @coder', async () => {
    const file = await writeRaw(
      box.home,
      '.codeward/policy.json',
      JSON.stringify({ rules: [{ action: 'deny' }, { pattern: '  ', action: 'deny' }, { pattern: `@coder exec ${'x'.repeat(600)}`, action: 'ask' }, { pattern: 'exec npm *', action: 'allow' }] }),
    );
    const error = await load().catch((e: Error) => e);
    expect(error).toMatchObject({ code: 'C210' });
    const message = (error as Error).message;
    expect(message).toContain(`${file}: rules[0]: "pattern" is missing`);
    expect(message).toContain(`${file}: rules[1]: "pattern" is empty`);
    expect(message).toContain(`${file}: rules[2]: "pattern" is too long`);
    expect(message).toContain(`${file}: rules[3]: "pattern" "exec npm *" must start with "@coder "`);
  });

  test('wrong shapes and unknown keys', async () => {
    const file = await writeRaw(box.root, 'coder_policy.json', JSON.stringify({ rule: [], merge: 'no' }));
    const message = ((await load().catch((e: Error) => e)) as Error).message;
    expect(message).toContain(`${file}: unknown key "rule"`);
    expect(message).toContain(`${file}: "merge" must be true or false, got "no"`);
    expect(message).toContain(`${file}: "rules" must be an array`);
    const other = await writeRaw(box.root, '.chatcli/coder_policy.json', JSON.stringify({ rules: ['@coder read', { pattern: '@coder read', action: 'allow', extra: 1 }] }));
    const second = ((await load().catch((e: Error) => e)) as Error).message;
    expect(second).toContain(`${other}: rules[0]: must be an object`);
    expect(second).toContain(`${other}: rules[1]: unknown key "extra"`);
  });

  test('a folder where the file should be is reported', async () => {
    await mkdir(join(box.root, '.codeward', 'policy.json'), { recursive: true });
    await expect(load()).rejects.toMatchObject({ message: expect.stringContaining('is a directory') });
  });

  test('non-strict loading never widens: allows become asks, an unreadable file asks for everything', async () => {
    await writePolicy(box.home, '.codeward/policy.json', ['allow @coder exec *']);
    await writeRaw(box.root, '.codeward/policy.json', JSON.stringify({ rules: [{ pattern: '@coder write *', action: 'allow' }, { pattern: '@coder read x', action: 'deny' }, { pattern: '@coder y', action: 'maybe' }] }));
    await trustWorkspace(box);
    const policy = await load(false);
    expect(policy.problems).toHaveLength(1);
    expect((await explain(policy, '@coder write a')).decision).toBe('ask');
    expect((await explain(policy, '@coder read x')).decision).toBe('deny');
    expect(policy.list().find((r) => r.pattern === '@coder write *')).toMatchObject({ action: 'ask', note: expect.stringContaining('downgraded') });
    await writeRaw(box.root, '.codeward/policy.json', 'garbage');
    const broken = await load(false);
    expect((await explain(broken, '@coder read a')).decision).toBe('ask');
    expect((await explain(broken, '@coder exec ls')).decision).toBe('ask');
  });

  test('bad --allow/--deny patterns are C210 naming the flag', async () => {
    await expect(loadPolicy({ workspaceRoot: box.root, home: box.home, cliRules: { allow: ['npm *'] } })).rejects.toMatchObject({ code: 'C210', message: expect.stringContaining('--allow "npm *"') });
    await expect(loadPolicy({ workspaceRoot: box.root, home: box.home, cliRules: { deny: [''] } })).rejects.toMatchObject({ message: expect.stringContaining('--deny "": "pattern" is empty') });
  });
});

describe('list and files', () => {
  test('effective rules with their sources in precedence order; hidden user files are reported', async () => {
    const project = await writePolicy(box.root, '.codeward/policy.json', ['allow @coder exec npm *', 'deny @coder exec rm *'], false);
    const user = await writePolicy(box.home, '.codeward/policy.json', ['allow @coder write *', 'deny @coder exec curl *']);
    await trustWorkspace(box);
    const policy = await loadPolicy({ workspaceRoot: box.root, home: box.home, cliRules: { ask: ['@coder exec git push'], allow: ['@coder read'] } });
    const listed = policy.list();
    // One pool for the files: deny before allow, the user's first; merge:false hides only the user's allows.
    expect(listed.slice(0, 5)).toEqual([
      { pattern: '@coder exec git push', action: 'ask', source: 'cli' },
      { pattern: '@coder read', action: 'allow', source: 'cli' },
      { pattern: '@coder exec curl *', action: 'deny', source: 'user', file: user, index: 1 },
      { pattern: '@coder exec rm *', action: 'deny', source: 'project', file: project, index: 1 },
      { pattern: '@coder exec npm *', action: 'allow', source: 'project', file: project, index: 0 },
    ]);
    expect(listed.some((r) => r.source === 'user' && r.action === 'allow')).toBe(false);
    expect(listed.filter((r) => r.source === 'default').length).toBeGreaterThan(10);
    expect(policy.files).toEqual([
      expect.objectContaining({ file: project, source: 'project', merge: false, hidden: false }),
      expect.objectContaining({ file: user, source: 'user', hidden: true }),
    ]);
  });

  test('CLI rules as a list', async () => {
    const policy = await loadPolicy({ workspaceRoot: box.root, home: box.home, cliRules: [rule('deny @coder read')] });
    expect((await explain(policy, '@coder read a')).decision).toBe('deny');
  });

  test('saveAnswer creates the user-level answers file (not a project file), keeps other content, updates an identical pattern', async () => {
    const policy = await load();
    await policy.saveAnswer('@coder write src/a.ts', 'allow');
    const file = answersFileFor(box.home, box.root);
    expect(file.startsWith(join(box.home, '.codeward', 'workspaces'))).toBe(true);
    await expect(readFile(join(box.root, '.codeward', 'policy.json'), 'utf8')).rejects.toMatchObject({ code: 'ENOENT' });
    expect(JSON.parse(await readFile(file, 'utf8'))).toEqual({ rules: [{ pattern: '@coder write src/a.ts', action: 'allow' }] });
    expect((await explain(policy, '@coder write src/a.ts')).decision).toBe('allow');
    await writeFile(file, JSON.stringify({ rules: [{ pattern: '@coder write src/a.ts', action: 'allow', comment: 'mine' }], merge: false, comment: 'keep' }));
    const reloaded = await load();
    expect((await explain(reloaded, '@coder write src/a.ts')).source).toBe('user');
    await reloaded.saveAnswer('@coder write src/a.ts', 'deny');
    await reloaded.saveAnswer('@coder exec make', 'deny');
    expect(JSON.parse(await readFile(file, 'utf8'))).toEqual({
      rules: [{ pattern: '@coder write src/a.ts', action: 'deny', comment: 'mine' }, { pattern: '@coder exec make', action: 'deny' }],
      merge: false,
      comment: 'keep',
    });
    expect((await explain(reloaded, '@coder write src/a.ts')).decision).toBe('deny');
  });

  test('saveAnswer refuses to rewrite a file with problems', async () => {
    const policy = await load();
    const file = answersFileFor(box.home, box.root);
    await mkdir(join(file, '..'), { recursive: true });
    await writeFile(file, '{"rules": 3}');
    await expect(policy.saveAnswer('@coder read', 'allow')).rejects.toMatchObject({ code: 'C210', message: expect.stringContaining('"rules" must be an array') });
  });
});
