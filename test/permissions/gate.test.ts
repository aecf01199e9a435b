import { access, readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, test } from 'vitest';
import { createEngine } from '../../src/setup.js';
import type { Workspace } from '../../src/workspace/workspace.js';
import { DenialTracker } from '../../src/permissions/denials.js';
import { describeCall } from '../../src/permissions/describe.js';
import { permissionGate } from '../../src/permissions/gate.js';
import type { ApprovalAnswer, ApprovalRequest } from '../../src/permissions/types.js';
import { fakeCommand, openWorkspace, parser, policyWith, prepared, sandbox, writePolicy, type Sandbox } from './helpers.js';
import { answersFileFor } from '../../src/permissions/policy-trust.js';

const write = fakeCommand('write', 'write');
const multipatch = fakeCommand('multipatch', 'write');
const create = fakeCommand('create', 'write', { batch: true });
const exec = fakeCommand('exec', 'exec', { shell: true });
const test_ = fakeCommand('test', 'exec', { shell: true });
const search = fakeCommand('search', 'read');
const tree = fakeCommand('tree', 'read');

let box: Sandbox;
let workspace: Workspace;
beforeEach(async () => {
  box = await sandbox();
  workspace = await openWorkspace(box.root);
});
afterEach(async () => {
  await box.cleanup();
});

// An approver that answers from a script and records what it was asked.
function scripted(...answers: ApprovalAnswer[]): { approver: (r: ApprovalRequest) => Promise<ApprovalAnswer>; asked: ApprovalRequest[] } {
  const asked: ApprovalRequest[] = [];
  return {
    asked,
    approver: async (request) => {
      asked.push(request);
      const answer = answers.shift();
      if (!answer) throw new Error(`unexpected question: ${request.judged}`);
      return answer;
    },
  };
}

const writeCall = (path: string) => prepared(workspace, write, { file: path }, [{ path, access: 'write' }]);
const execCall = (cmd: string) => prepared(workspace, exec, { cmd }, [{ path: '.', access: 'list' }]);

describe('describeCall', () => {
  test('one description per touch, shell lines, test without --cmd, search terms, listings', async () => {
    const edits = await prepared(workspace, multipatch, {}, [{ path: 'a.ts', access: 'write' }, { path: './src/b.ts', access: 'write' }, { path: 'c.ts', access: 'write' }]);
    expect(describeCall(edits).map((j) => j.call)).toEqual(['@coder multipatch a.ts', '@coder multipatch src/b.ts', '@coder multipatch c.ts']);
    expect(describeCall(edits)[1]!.aliases).toBeUndefined();
    expect(describeCall(await execCall('npm test'))).toEqual([expect.objectContaining({ call: '@coder exec npm test', kind: 'shell', tool: '@coder exec' })]);
    expect(describeCall(await prepared(workspace, test_, {}, [{ path: '.', access: 'list' }]))).toEqual([expect.objectContaining({ call: '@coder test .', kind: 'path' })]);
    expect(describeCall(await prepared(workspace, search, { term: 'TODO' }, [{ path: '.', access: 'list' }]))[0]!.call).toBe('@coder search TODO');
    expect(describeCall(await prepared(workspace, tree, {}, [{ path: '.', access: 'list' }]))[0]!.call).toBe('@coder tree');
    const batch = await prepared(workspace, create, {}, [{ path: 'ok.txt', access: 'write' }, { path: '../outside.txt', access: 'write' }]);
    expect(describeCall(batch).map((j) => j.call)).toEqual(['@coder create ok.txt']);
  });
});

describe('permissionGate', () => {
  test('once: runs, asks again next time, resets consecutive denials', async () => {
    const denials = new DenialTracker();
    denials.recordDenial('@coder write');
    const { approver, asked } = scripted('once', 'once');
    const gate = permissionGate({ policy: await policyWith(box), denials, approver, yes: false, parser });
    await gate.authorize(await writeCall('a.txt'));
    await gate.authorize(await writeCall('a.txt'));
    expect(asked).toHaveLength(2);
    expect(denials.consecutive('@coder write')).toBe(0);
    const request = asked[0]!;
    expect(JSON.parse(JSON.stringify(request))).toEqual(request);
    expect(request).toEqual({ judged: '@coder write a.txt', tool: '@coder write', reason: expect.any(String), source: 'default', immune: null, options: ['once', 'always', 'no', 'never'], suggestion: '@coder write a.txt', scopes: [expect.objectContaining({ label: 'this file (write a.txt)' }), expect.objectContaining({ session: 'edits' })], kind: 'path' });
  });

  test('always: writes the user-level answers file of the workspace (never a project file), the next call is allowed without asking', async () => {
    const { approver, asked } = scripted('always');
    const policy = await policyWith(box);
    const gate = permissionGate({ policy, denials: new DenialTracker(), approver, yes: false, parser });
    await gate.authorize(await writeCall('src/a.ts'));
    await gate.authorize(await writeCall('src/a.ts'));
    expect(asked).toHaveLength(1);
    await expect(readFile(join(box.root, '.codeward', 'policy.json'), 'utf8')).rejects.toMatchObject({ code: 'ENOENT' });
    const saved = JSON.parse(await readFile(answersFileFor(box.home, box.root), 'utf8'));
    expect(saved).toEqual({ rules: [{ pattern: '@coder write src/a.ts', action: 'allow' }] });
    // A fresh process (new policy from the files) does not ask either.
    const later = permissionGate({ policy: await policyWith(box), denials: new DenialTracker(), yes: false, parser });
    await expect(later.authorize(await writeCall('src/a.ts'))).resolves.toBeUndefined();
    await expect(later.authorize(await writeCall('src/b.ts'))).rejects.toMatchObject({ code: 'C241' });
  });

  test('no: C240 naming the call, a denial is recorded', async () => {
    const denials = new DenialTracker();
    const { approver } = scripted('no');
    const gate = permissionGate({ policy: await policyWith(box), denials, approver, yes: false, parser });
    await expect(gate.authorize(await writeCall('a.txt'))).rejects.toMatchObject({ code: 'C240', message: 'denied: @coder write a.txt — the user refused it' });
    expect(denials.consecutive('@coder write')).toBe(1);
  });

  test('never: saves a deny rule; the next call is denied without asking', async () => {
    const { approver, asked } = scripted('never');
    const gate = permissionGate({ policy: await policyWith(box), denials: new DenialTracker(), approver, yes: false, parser });
    await expect(gate.authorize(await writeCall('a.txt'))).rejects.toMatchObject({ code: 'C240', message: expect.stringContaining('rule "@coder write a.txt" (deny) saved to') });
    await expect(gate.authorize(await writeCall('a.txt'))).rejects.toMatchObject({ code: 'C240', message: expect.stringMatching(/denied by rule "@coder write a\.txt" \(deny\) from .*\.codeward\/workspaces\/.*\/policy\.json/) });
    expect(asked).toHaveLength(1);
  });

  test('exec: always (one asking command) saves the exact command, not a prefix; never is not offered (a refusal)', async () => {
    const { approver, asked } = scripted('always', 'never', 'no');
    const gate = permissionGate({ policy: await policyWith(box), denials: new DenialTracker(), approver, yes: false, parser });
    await gate.authorize(await execCall('npm test'));
    expect(asked[0]).toMatchObject({ options: ['once', 'always', 'no'], suggestion: '@coder exec?npm test', judged: '@coder exec npm test' });
    await gate.authorize(await execCall('npm test'));
    expect(asked).toHaveLength(1);
    await expect(gate.authorize(await execCall('npm test --watch'))).rejects.toMatchObject({ code: 'C240' });
    // Two commands that ask: each needs its own approval.
    await expect(gate.authorize(await execCall('make && npm run x'))).rejects.toMatchObject({ code: 'C240' });
    expect(asked[2]).toMatchObject({ options: ['once', 'no'], suggestion: null });
  });

  test('no approver: C241 names a suggested --allow rule that works', async () => {
    const gate = permissionGate({ policy: await policyWith(box), denials: new DenialTracker(), yes: false, parser });
    await expect(gate.authorize(await execCall('npm test && make'))).rejects.toMatchObject({
      code: 'C241',
      message: expect.stringContaining('run interactively, pass --yes, or add an allow rule: --allow "@coder exec?npm test" --allow "@coder exec?make"'),
    });
    // The exact form: it allows these commands, not longer ones (a literal rule is a prefix).
    const fixed = permissionGate({ policy: await policyWith(box, ['allow @coder exec?npm test', 'allow @coder exec?make']), denials: new DenialTracker(), yes: false, parser });
    await expect(fixed.authorize(await execCall('npm test && make'))).resolves.toBeUndefined();
    await expect(fixed.authorize(await execCall('make install'))).rejects.toMatchObject({ code: 'C241' });
    await expect(gate.authorize(await writeCall('a b.txt'))).rejects.toMatchObject({ message: expect.stringContaining('--allow "@coder write a b.txt"') });
  });

  test('--yes approves ordinary asks', async () => {
    const gate = permissionGate({ policy: await policyWith(box), denials: new DenialTracker(), yes: true, parser });
    await expect(gate.authorize(await execCall('npm test'))).resolves.toBeUndefined();
    await expect(gate.authorize(await writeCall('a.txt'))).resolves.toBeUndefined();
  });

  test('any deny refuses the call before anyone is asked; the message names rule and file', async () => {
    const file = await writePolicy(box.root, '.codeward/policy.json', ['deny @coder multipatch vendor/**']);
    const { approver, asked } = scripted('once', 'once');
    const gate = permissionGate({ policy: await policyWith(box), denials: new DenialTracker(), approver, yes: false, parser });
    const call = await prepared(workspace, multipatch, {}, [{ path: 'a.ts', access: 'write' }, { path: 'vendor/x.ts', access: 'write' }]);
    await expect(gate.authorize(call)).rejects.toMatchObject({ code: 'C240', message: `denied: @coder multipatch vendor/x.ts — denied by rule "@coder multipatch vendor/**" (deny) from ${file}` });
    expect(asked).toHaveLength(0);
  });

  test('a shell deny names the part', async () => {
    const gate = permissionGate({ policy: await policyWith(box, ['deny @coder exec rm *']), denials: new DenialTracker(), yes: true, parser });
    await expect(gate.authorize(await execCall('ls && rm -rf x'))).rejects.toMatchObject({ message: 'denied: @coder exec ls && rm -rf x (`rm -rf x`) — denied by rule "@coder exec rm *" (deny) from --deny' });
  });

  // Issue 26: one question per call (it used to ask once per file, so a "yes" to the first file was
  // given without seeing the second).
  test('a multi-file call is asked once, naming every file; "no" refuses the whole call', async () => {
    const { approver, asked } = scripted('no');
    const gate = permissionGate({ policy: await policyWith(box), denials: new DenialTracker(), approver, yes: false, parser });
    const call = await prepared(workspace, multipatch, {}, [{ path: 'a.ts', access: 'write' }, { path: 'b.ts', access: 'write' }]);
    await expect(gate.authorize(call)).rejects.toMatchObject({ code: 'C240', message: expect.stringContaining('b.ts') });
    expect(asked.map((r) => r.judged)).toEqual(['@coder multipatch a.ts b.ts']);
    // Each file's asked-command rule only (red team R30-5: never a whole-file write of either).
    expect(asked[0]!.scopes![0]!.rules).toEqual(['@coder multipatch a.ts', '@coder multipatch b.ts']);
    expect(asked[0]!.scopes!.map((scope) => scope.label)).toEqual(['these 2 files (multipatch a.ts, b.ts)', 'all edits in this workspace, this session']);
    expect(asked[0]!.options).toEqual(['once', 'always', 'no', 'never']);
  });

  test('a compound line asks about the part that needs approval', async () => {
    const { approver, asked } = scripted('once');
    const gate = permissionGate({ policy: await policyWith(box), denials: new DenialTracker(), approver, yes: false, parser });
    await gate.authorize(await execCall('ls && npm test'));
    expect(asked[0]!.judged).toBe('@coder exec ls && npm test (npm test)');
  });
});

describe('wired into a real engine', () => {
  test('write is refused (C241) without approval and nothing is written; --yes lets it through', async () => {
    const engineWith = async (yes: boolean) =>
      createEngine({ workspace: box.root, hooks: permissionGate({ policy: await policyWith(box), denials: new DenialTracker(), yes, parser }) });
    const refused = await (await engineWith(false)).run({ cmd: 'write', args: { file: 'a.txt', content: 'hi' } });
    expect(refused).toMatchObject({ ok: false, error: { code: 'C241', message: expect.stringContaining('--allow "@coder write a.txt"') } });
    await expect(access(join(box.root, 'a.txt'))).rejects.toThrow();
    expect((await (await engineWith(false)).run({ cmd: 'tree', args: {} })).ok).toBe(true);
    expect(await (await engineWith(true)).run({ cmd: 'write', args: { file: 'a.txt', content: 'hi' } })).toMatchObject({ ok: true });
    expect(await readFile(join(box.root, 'a.txt'), 'utf8')).toBe('hi');
  });
});
