import { readFile, writeFile, mkdir } from 'node:fs/promises';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, test } from 'vitest';
import { builtinCommands } from '../../src/commands/index.js';
import type { Access } from '../../src/workspace/types.js';
import { createEngine } from '../../src/setup.js';
import { decide } from '../../src/permissions/decide.js';
import { DenialTracker } from '../../src/permissions/denials.js';
import { pathJudged } from '../../src/permissions/describe.js';
import { EDIT_COMMANDS, scopesFor } from '../../src/permissions/scopes.js';
import type { ApprovalRequest, Judged } from '../../src/permissions/types.js';
import { parser, policyWith, sandbox, type Sandbox } from './helpers.js';

// Red team R16-2: an "always" covers at most what the question showed. One "always" on a rename-symbol saved
// `allow @coder rename-symbol .` from --dir's default (the folder searched), and every later rename of any
// symbol ran unasked; "always" on `test` saved `allow @coder test .`, which allowed `test --dir sub`, another
// project's runner and script.

let box: Sandbox;
beforeEach(async () => {
  box = await sandbox();
});
afterEach(async () => {
  await box.cleanup();
});

// What the built-in default asks for the judged call, and the rules its bare "always" saves.
async function alwaysRules(judged: Judged): Promise<readonly string[]> {
  const decision = await decide(judged, { policy: await policyWith(box), denials: new DenialTracker() }, parser);
  expect(decision.decision, judged.call).toBe('ask');
  return scopesFor(judged, decision)[0]?.rules ?? [];
}

async function decisionWith(rules: readonly string[], judged: Judged): Promise<string> {
  return (await decide(judged, { policy: await policyWith(box, rules.map((each) => `allow ${each}`)), denials: new DenialTracker() }, parser)).decision;
}

describe('property: for every command, the "always" of a call on one path does not allow it on another', () => {
  const acting = builtinCommands.filter((command) => command.effect !== 'read' && command.effect !== 'vcs');
  const accesses: readonly Access[] = ['list', 'read', 'write', 'delete'];
  const cases = acting.flatMap((command) => accesses.map((access) => [command.name, command.effect, access] as const));

  test.each(cases)('%s (%s, a path it accesses as %s)', async (name, effect, access) => {
    const approved = pathJudged(name, effect, 'sub', access);
    const rules = await alwaysRules(approved);
    expect(rules.length, approved.call).toBeGreaterThan(0);
    // The approved call itself is allowed by what was saved.
    expect(await decisionWith(rules, approved)).toBe('allow');
    // Another folder or file beside it, or (a folder it looks in, or a command that is not a file edit) one
    // below it: a different effect subject, asked again.
    expect(await decisionWith(rules, pathJudged(name, effect, 'subother', access))).toBe('ask');
    expect(await decisionWith(rules, pathJudged(name, effect, 'other', access))).toBe('ask');
    // A file edit's path is a file (nothing below it; the edit scopes' "this file" rules keep the path form).
    if (!EDIT_COMMANDS.includes(name)) expect(await decisionWith(rules, pathJudged(name, effect, 'sub/inner', access))).toBe('ask');
  });
});

describe('the calls of the red team row, through a real engine', () => {
  async function alwaysThen(name: string, first: Record<string, unknown>, second: Record<string, unknown>): Promise<ApprovalRequest[]> {
    const asked: ApprovalRequest[] = [];
    const engine = await createEngine({ workspace: box.root, env: { HOME: box.home }, permissions: { home: box.home, approver: async (request) => (asked.push(request), asked.length === 1 ? 'always' : 'no') } });
    try {
      expect((await engine.run({ cmd: name, args: first })).ok).toBe(true);
      await engine.run({ cmd: name, args: second });
    } finally {
      await engine.close();
    }
    return asked;
  }

  test('"always" on one rename does not allow a rename of another symbol in another file', async () => {
    await writeFile(join(box.root, 'util.js'), 'export function helper() {\n  return 1;\n}\n');
    await writeFile(join(box.root, 'o.js'), 'export function other() {\n  return 1;\n}\n');
    await writeFile(join(box.root, 'c.js'), "import { helper } from './util.js';\nimport { other } from './o.js';\nhelper();\nother();\n");
    const asked = await alwaysThen('rename-symbol', { file: 'util.js', symbol: 'helper', to: 'h2' }, { file: 'o.js', symbol: 'other', to: 'o2' });
    expect(asked).toHaveLength(2);
    expect(asked[0]!.saves ?? [asked[0]!.suggestion]).not.toContain('@coder rename-symbol .');
    expect(asked[1]!.judged).toContain('--symbol other');
    expect(await readFile(join(box.root, 'o.js'), 'utf8')).toContain('function other()');
    expect(await readFile(join(box.root, 'c.js'), 'utf8')).toContain('other();');
  });

  test('"always" on a rename does not allow the same rename searched in another folder', async () => {
    await mkdir(join(box.root, 'prod'));
    await writeFile(join(box.root, 'util.js'), 'export function helper() {\n  return 1;\n}\nexport function helper2() {\n  return 2;\n}\n');
    await writeFile(join(box.root, 'prod', 'b.js'), "import { helper2 } from '../util.js';\nhelper2();\n");
    const asked = await alwaysThen('rename-symbol', { file: 'util.js', symbol: 'helper', to: 'h2' }, { file: 'util.js', symbol: 'helper2', to: 'h3', dir: 'prod' });
    expect(asked).toHaveLength(2);
    expect(await readFile(join(box.root, 'prod', 'b.js'), 'utf8')).toContain('helper2();');
  });

  test('"always" on test in the root does not allow test --dir sub (another runner, another script)', async () => {
    const rules = await alwaysRules(pathJudged('test', 'exec', '.', 'list'));
    expect(await decisionWith(rules, pathJudged('test', 'exec', '.', 'list'))).toBe('allow');
    expect(await decisionWith(rules, pathJudged('test', 'exec', 'sub', 'list'))).toBe('ask');
  });
});
