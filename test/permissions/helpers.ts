import { mkdir, writeFile } from 'node:fs/promises';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { dirname, join } from 'node:path';
import type { AnyCommand, Effect, Touch } from '../../src/engine/command.js';
import type { JailedTouch, PreparedCall } from '../../src/engine/engine.js';
import { ShellParser } from '../../src/shell/parse.js';
import { Workspace } from '../../src/workspace/workspace.js';
import { DenialTracker } from '../../src/permissions/denials.js';
import { explainCall, type Explanation } from '../../src/permissions/explain.js';
import { loadPolicy, readProjectSettings } from '../../src/permissions/policy-load.js';
import { saveTrust } from '../../src/permissions/policy-trust.js';
import type { Policy } from '../../src/permissions/policy.js';
import type { Action, Rule } from '../../src/permissions/types.js';
import { removeDir, tempDir } from '../helpers/fixture.js';

// One parser for every permissions test file (the grammar loads once per worker).
export const parser = new ShellParser();

export interface Sandbox {
  readonly root: string;
  readonly home: string;
  cleanup(): Promise<void>;
}

export async function sandbox(): Promise<Sandbox> {
  const base = await tempDir('codeward-perm-');
  const root = join(base, 'project');
  const home = join(base, 'home');
  await mkdir(root, { recursive: true });
  await mkdir(home, { recursive: true });
  return { root, home, cleanup: () => removeDir(base) };
}

// 'deny @coder exec rm *' → { action: 'deny', pattern: '@coder exec rm *' }.
export function rule(text: string): Rule {
  const space = text.indexOf(' ');
  return { action: text.slice(0, space) as Action, pattern: text.slice(space + 1) };
}

export async function writePolicy(dir: string, name: string, rules: readonly string[], merge?: boolean): Promise<string> {
  const file = join(dir, name);
  await mkdir(dirname(file), { recursive: true });
  const body: Record<string, unknown> = { rules: rules.map(rule) };
  if (merge !== undefined) body['merge'] = merge;
  await writeFile(file, JSON.stringify(body, null, 2));
  return file;
}

// `codeward trust` for the box's workspace as its files are now (project allow rules then apply).
export async function trustWorkspace(box: Pick<Sandbox, 'root' | 'home'>): Promise<void> {
  await saveTrust((await readProjectSettings(box.root, box.home)).snapshot, box.home);
}

export async function explain(policy: Policy, call: string, denials = new DenialTracker()): Promise<Explanation> {
  return explainCall(policy, denials, call, { parser });
}

export async function policyWith(box: Sandbox, cli: readonly string[] = []): Promise<Policy> {
  return loadPolicy({ workspaceRoot: box.root, home: box.home, cliRules: cli.map(rule) });
}

// A command definition with only what the permission layer reads.
export function fakeCommand(name: string, effect: Effect, options: { shell?: boolean; batch?: boolean } = {}): AnyCommand {
  return {
    name,
    summary: name,
    flags: undefined as never,
    examples: [],
    effect,
    effectArgs: [],
    annotations: { readOnly: effect === 'read', destructive: effect === 'destructive', idempotent: false },
    ...(options.batch ? { batch: true } : {}),
    touches: () => [],
    ...(options.shell ? { shell: (args: Record<string, unknown>) => (typeof args['cmd'] === 'string' ? { command: args['cmd'], dir: '.' } : undefined) } : {}),
    run: async () => undefined,
    format: () => '',
  } as unknown as AnyCommand;
}

// A prepared call whose touches went through a real workspace jail.
export async function prepared(workspace: Workspace, command: AnyCommand, args: Record<string, unknown>, touches: readonly Touch[]): Promise<PreparedCall> {
  const jailed: JailedTouch[] = [];
  for (const touch of touches) {
    try {
      jailed.push({ touch, resolved: await workspace.resolve(touch.path, touch.access) });
    } catch (error) {
      jailed.push({ touch, error: error as never });
    }
  }
  return { command, args, touches: jailed };
}

export async function openWorkspace(root: string): Promise<Workspace> {
  return Workspace.open(root, { nonAccessibleGlobs: [] });
}

// The rules a decision table runs under unless it names others: `git push` denied, every other exec allowed.
export const DENY_PUSH: readonly string[] = ['deny @coder exec git push*', 'allow @coder exec *'];

export type ExecDecide = (line: string, rules: readonly string[]) => Promise<Explanation>;

// One sandbox for a test file (made before its tests, laid out by `setup`, removed after) and the decision on
// `@coder exec LINE` under `rules` there. Call at the file's top level.
export function execDecider(setup?: (box: Sandbox) => Promise<void>): ExecDecide {
  let box: Sandbox | undefined;
  beforeAll(async () => {
    box = await sandbox();
    await setup?.(box);
  });
  afterAll(async () => box?.cleanup());
  return async (line, rules) => explain(await policyWith(box!, rules), `@coder exec ${line}`);
}

// What a row of a decision table expects: that decision, or 'not allow' (denied or asked).
export type Expected = 'allow' | 'ask' | 'deny' | 'not allow';

// A decision table: one test a line, named by `title` (`%s`: the line), in which `@coder exec LINE` under `rules`
// is decided as `expected`.
export function decideRows(decide: ExecDecide, expected: Expected, title: string, lines: readonly string[], rules: readonly string[] = DENY_PUSH, timeout?: number): void {
  it.each(lines)(title, async (line) => {
    const { decision } = await decide(line, rules);
    if (expected === 'not allow') expect(decision).not.toBe('allow');
    else expect(decision).toBe(expected);
  }, timeout);
}
