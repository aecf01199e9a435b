import { mkdir, readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, test } from 'vitest';
import { builtinCommands } from '../../src/commands/index.js';
import { delegateCommand } from '../../src/commands/delegate.js';
import type { AnyCommand } from '../../src/engine/command.js';
import { describeFlags, toKebab, type FlagInfo } from '../../src/engine/flags.js';
import { Registry } from '../../src/engine/registry.js';
import { validateArgs } from '../../src/engine/validate.js';
import { createEngine } from '../../src/setup.js';
import { DenialTracker } from '../../src/permissions/denials.js';
import { describeCall } from '../../src/permissions/describe.js';
import { authorizeJudged } from '../../src/permissions/gate.js';
import { questionText } from '../../src/permissions/question.js';
import type { ApprovalReply, ApprovalRequest, Judged } from '../../src/permissions/types.js';
import { fakeCommand, openWorkspace, parser, policyWith, prepared, sandbox, type Sandbox } from './helpers.js';

// Invariant 8 from the attacker's side: a model picks the argument that decides the effect (a wider clean
// pattern, a recursive delete, another run folder, more undo steps) and hopes the person is asked about, or
// has already said "always" to, the harmless default call.

const commands: readonly AnyCommand[] = [...builtinCommands, delegateCommand];
const registry = new Registry(commands);

let box: Sandbox;
beforeEach(async () => {
  box = await sandbox();
  await mkdir(join(box.root, 'sub'), { recursive: true });
  await writeFile(join(box.root, 'sub', 'a.txt'), 'a\n');
});
afterEach(async () => {
  await box.cleanup();
});

// A value other than the default, of the flag's own kind.
function otherValue(info: FlagInfo): unknown {
  if (info.kind === 'boolean') return info.default !== true;
  if (info.kind === 'integer' || info.kind === 'number') return (typeof info.default === 'number' ? info.default : 1) + 4;
  if (info.choices) return info.choices.find((choice) => choice !== info.default);
  if (info.kind === 'json') return ['write'];
  if (info.name === 'to') return 'renamed';
  return info.name === 'dir' ? 'sub' : `x${String(info.default ?? '')}.other`;
}

// A minimal valid call of each command that declares effect flags.
const BASE: Record<string, Record<string, unknown>> = {
  delete: { paths: ['sub'] },
  move: { from: 'sub/a.txt', to: 'sub/b.txt' },
  exec: { cmd: 'touch x' },
  test: { cmd: 'touch x' },
  undo: {},
  redo: {},
  restore: { to: 1 },
  clean: {},
  delegate: { description: 'd', prompt: 'p' },
  'rename-symbol': { file: 'sub/a.txt', symbol: 'greet', to: 'hello' },
};

async function judge(command: AnyCommand, args: Record<string, unknown>): Promise<Judged[]> {
  const workspace = await openWorkspace(box.root);
  const valid = validateArgs(command, args);
  return describeCall(await prepared(workspace, command, valid, command.touches(valid as never)));
}

// What the gate asks for each judged part, answering no (nothing runs).
async function questions(judged: readonly Judged[]): Promise<ApprovalRequest[]> {
  const asked: ApprovalRequest[] = [];
  const approver = async (request: ApprovalRequest): Promise<ApprovalReply> => {
    asked.push(request);
    return 'no';
  };
  await authorizeJudged(judged, { policy: await policyWith(box), denials: new DenialTracker(), approver, yes: false, parser }).catch(() => undefined);
  return asked;
}

describe('every effect flag a command declares is in the question and in the "always" rule', () => {
  const declared = commands.flatMap((command) => command.effectArgs.map((flag) => [command.name, flag] as const));

  test('the commands that decide more than their subject declare it', () => {
    expect(declared).toEqual(expect.arrayContaining([['delete', 'recursive'], ['exec', 'dir'], ['exec', 'timeout'], ['exec', 'stage'], ['test', 'timeout'], ['test', 'stage'], ['clean', 'pattern'], ['undo', 'steps'], ['undo', 'force'], ['undo', 'allSessions'], ['undo', 'turn'], ['redo', 'steps'], ['redo', 'allSessions'], ['redo', 'turn'], ['restore', 'to']]));
  });

  test.each(declared)('%s --%s', async (name, flag) => {
    const command = registry.get(name);
    const base = BASE[name];
    expect(base, `a minimal call of ${name} for this test`).toBeDefined();
    const info = describeFlags(command).find((each) => each.name === flag)!;
    const changed = { ...base, [flag]: otherValue(info) };
    const [plain] = await judge(command, base!);
    const [qualified] = await judge(command, changed);
    expect(qualified!.call).not.toBe(plain!.call);
    // A boolean turned off is shown as typed: `--no-stage`, `--no-read-only`.
    const named = `--${changed[flag] === false ? 'no-' : ''}${toKebab(flag)}`;
    expect(qualified!.call).toContain(named);
    const [askedPlain] = await questions([plain!]);
    const [askedQualified] = await questions([qualified!]);
    expect(askedQualified, `${qualified!.call} must ask`).toBeDefined();
    expect(askedQualified!.judged).toContain(named);
    // The question every door renders (permissions/question.ts) names it too.
    expect(questionText(askedQualified!).join('\n')).toContain(named);
    const rules = (request: ApprovalRequest | undefined): string[] => [request?.suggestion ?? '', ...(request?.scopes ?? []).flatMap((scope) => scope.rules)].filter(Boolean);
    // The rules a person can save for the qualified call name the flag, and none of the default call's does.
    expect(rules(askedQualified).every((rule) => rule.includes(named))).toBe(true);
    if (askedPlain) expect(rules(askedPlain).some((rule) => rules(askedQualified).includes(rule))).toBe(false);
  });
});

describe('an "always" covers no more than the question showed', () => {
  // Says always once, then reports whether the second call was asked again.
  async function alwaysThen(first: Record<string, unknown>, second: Record<string, unknown>, name: string): Promise<{ asked: ApprovalRequest[] }> {
    const engine = await createEngine({ workspace: box.root, permissions: { home: box.home, approver: async (request) => (asked.push(request), asked.length === 1 ? 'always' : 'no') } });
    const asked: ApprovalRequest[] = [];
    try {
      await engine.run({ cmd: name, args: first });
      await engine.run({ cmd: name, args: second });
    } finally {
      await engine.close();
    }
    return { asked };
  }

  test("clean --pattern '*.tmp' . does not allow clean --pattern '*.sqlite' .", async () => {
    await writeFile(join(box.root, 'data.sqlite'), 'db');
    const { asked } = await alwaysThen({ pattern: '*.tmp' }, { pattern: '*.sqlite' }, 'clean');
    expect(asked.map((request) => request.judged)).toEqual(["@coder clean --pattern '*.tmp' .", "@coder clean --pattern '*.sqlite' ."]);
    expect(await readFile(join(box.root, 'data.sqlite'), 'utf8')).toBe('db');
  });

  test('the default clean . does not allow a clean with another pattern', async () => {
    await writeFile(join(box.root, 'data.sqlite'), 'db');
    const { asked } = await alwaysThen({}, { pattern: '*.sqlite' }, 'clean');
    expect(asked.map((request) => request.judged)).toEqual(['@coder clean .', "@coder clean --pattern '*.sqlite' ."]);
    expect(await readFile(join(box.root, 'data.sqlite'), 'utf8')).toBe('db');
  });

  test('delete x does not allow delete --recursive x', async () => {
    await mkdir(join(box.root, 'sub', 'deep'), { recursive: true });
    await writeFile(join(box.root, 'sub', 'deep', 'work.txt'), 'w');
    const { asked } = await alwaysThen({ paths: ['sub/a.txt'] }, { paths: ['sub'], recursive: true }, 'delete');
    expect(asked.map((request) => request.judged)).toEqual(['@coder delete sub/a.txt', '@coder delete --recursive sub']);
    expect(await readFile(join(box.root, 'sub', 'deep', 'work.txt'), 'utf8')).toBe('w');
  });

  test('exec of a line at the root does not allow the same line in another folder', async () => {
    const { asked } = await alwaysThen({ cmd: 'touch made' }, { cmd: 'touch made', dir: 'sub' }, 'exec');
    expect(asked.map((request) => request.judged)).toEqual(['@coder exec touch made', '@coder exec --dir sub touch made']);
  });

  // H6: --stage and --timeout decide the effect too (staged writes are judged and undoable, in-place ones
  // are not; a longer timeout runs longer): an always for one form covers no other.
  test('exec --stage does not allow the same line unstaged, nor with another timeout', async () => {
    const staged = await alwaysThen({ cmd: 'touch made', stage: true }, { cmd: 'touch made', stage: false }, 'exec');
    expect(staged.asked.map((request) => request.judged)).toEqual(['@coder exec --stage touch made', '@coder exec --no-stage touch made']);
    const timed = await alwaysThen({ cmd: 'touch made', timeout: 5 }, { cmd: 'touch made', timeout: 3600 }, 'exec');
    expect(timed.asked.map((request) => request.judged)).toEqual(['@coder exec --timeout 5 touch made', '@coder exec --timeout 3600 touch made']);
    const test = await alwaysThen({ cmd: 'touch made', stage: true }, { cmd: 'touch made' }, 'test');
    expect(test.asked.map((request) => request.judged)).toEqual(['@coder test --stage touch made', '@coder test touch made']);
  });

  test('undo does not allow undo --steps 5 --force, and an always for --steps 5 does not allow --steps 5 --force', async () => {
    expect((await alwaysThen({}, { steps: 5, force: true }, 'undo')).asked.map((request) => request.judged)).toEqual(['@coder undo .', '@coder undo --steps 5 --force .']);
    expect((await alwaysThen({ steps: 5 }, { steps: 5, force: true }, 'undo')).asked).toHaveLength(2);
  });

  test('the saved rule still allows the very call it was shown for', async () => {
    const { asked } = await alwaysThen({ pattern: '*.tmp' }, { pattern: '*.tmp' }, 'clean');
    expect(asked).toHaveLength(1);
  });

  test('deny and ask rules for the path still see a call with effect flags', async () => {
    const policy = await policyWith(box, ['deny @coder delete sub']);
    const [judged] = await judge(registry.get('delete'), { paths: ['sub'], recursive: true });
    await expect(authorizeJudged([judged!], { policy, denials: new DenialTracker(), yes: true, parser })).rejects.toMatchObject({ code: 'C240' });
    const allowPath = await policyWith(box, ['allow @coder delete sub', 'allow @coder * sub']);
    await expect(authorizeJudged([judged!], { policy: allowPath, denials: new DenialTracker(), yes: false, parser })).rejects.toMatchObject({ code: 'C241' });
  });
});

test('a command that writes and declares no effect flags fails at the gate instead of asking a partial question', async () => {
  const undeclared = { ...fakeCommand('mystery', 'write'), effectArgs: undefined } as unknown as AnyCommand;
  const workspace = await openWorkspace(box.root);
  const call = await prepared(workspace, undeclared, {}, [{ path: 'a.txt', access: 'write' }]);
  expect(() => describeCall(call)).toThrow(/declares no effectArgs/);
  // A reading command without the declaration is still described (it never asks by default).
  const reader = { ...fakeCommand('peek', 'read'), effectArgs: undefined } as unknown as AnyCommand;
  expect(describeCall(await prepared(workspace, reader, {}, [{ path: 'sub/a.txt', access: 'read' }]))[0]!.call).toBe('@coder peek sub/a.txt');
});
