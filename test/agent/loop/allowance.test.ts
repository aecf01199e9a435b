import { access, readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { WRITING_COMMANDS } from '../../../src/agent/agents/roster.js';
import type { ToolCallTag } from '../../../src/agent/contract/types.js';
import type { AgentEvent } from '../../../src/agent/events.js';
import { executeBatch, type CommandAllowance } from '../../../src/agent/loop/execute.js';
import { TaskTracker } from '../../../src/agent/tasks/tracker.js';
import type { Engine } from '../../../src/engine/engine.js';
import { engineFor, removeDir, tempDir, writeFiles } from '../../helpers/fixture.js';

const FILE_AGENT: CommandAllowance = { agent: 'file', commands: new Set(['read']), readOnly: true, writing: WRITING_COMMANDS };

function tag(cmd: string, args: Record<string, unknown>, index = 0): ToolCallTag {
  return { name: '@coder', args: JSON.stringify({ cmd, args }), raw: '', index };
}

let root: string;
let engine: Engine;
let events: AgentEvent[];

beforeEach(async () => {
  root = await tempDir();
  await writeFiles(root, { 'a.txt': 'alpha\n' });
  engine = await engineFor(root);
  events = [];
});

afterEach(async () => {
  await engine.close();
  await removeDir(root);
});

function run(tags: ToolCallTag[], allowance?: CommandAllowance) {
  return executeBatch(tags, {
    engine,
    tracker: new TaskTracker(),
    turn: 1,
    signal: new AbortController().signal,
    emit: (event) => events.push(event),
    env: { HOME: root },
    diffs: false,
    ...(allowance ? { allowance } : {}),
  });
}

const exists = (path: string): Promise<boolean> => access(join(root, path)).then(() => true, () => false);

describe('a dispatched agent\'s allowance', () => {
  it('refuses a write by a read-only agent with C240, and the file is not created', async () => {
    const [outcome] = await run([tag('write', { file: 'new.txt', content: 'x' })], FILE_AGENT);
    expect(outcome).toMatchObject({ id: 't1-1', tool: '@coder', cmd: 'write', ok: false, code: 'C240', output: '' });
    expect(outcome!.message).toBe('agent "file" is read-only and may not run write; allowed: read');
    expect(await exists('new.txt')).toBe(false);
    // The refusal is reported like any other failed call.
    expect(events.find((event) => event.type === 'tool_result')).toMatchObject({ ok: false, code: 'C240' });
  });

  it('refuses a writing command even when the read-only agent lists it', async () => {
    const [outcome] = await run([tag('write', { file: 'new.txt', content: 'x' })], { ...FILE_AGENT, commands: new Set(['read', 'write']) });
    expect(outcome!.code).toBe('C240');
    expect(outcome!.message).toContain('read-only');
    expect(await exists('new.txt')).toBe(false);
  });

  it('runs an allowed read', async () => {
    const [outcome] = await run([tag('read', { file: 'a.txt' })], FILE_AGENT);
    expect(outcome!.ok).toBe(true);
    expect(outcome!.output).toContain('alpha');
  });

  it('refuses a command not on the list, by its canonical name even when called by an alias', async () => {
    const outcomes = await run([tag('tree', {}), tag('ls', {}, 1)], FILE_AGENT);
    for (const outcome of outcomes) {
      expect(outcome).toMatchObject({ ok: false, code: 'C240', cmd: 'tree' });
      expect(outcome.message).toContain('agent "file" may not run tree; allowed: read');
    }
  });

  it('refuses a writer that is not read-only only for commands off its list', async () => {
    const coder: CommandAllowance = { agent: 'coder', commands: new Set(['read', 'write']), readOnly: false, writing: WRITING_COMMANDS };
    const [wrote, deleted] = await run([tag('write', { file: 'b.txt', content: 'beta\n' }), tag('delete', { file: 'a.txt' }, 1)], coder);
    expect(wrote!.ok).toBe(true);
    expect(await readFile(join(root, 'b.txt'), 'utf8')).toBe('beta\n');
    expect(deleted).toMatchObject({ ok: false, code: 'C240' });
    expect(deleted!.message).toBe('agent "coder" may not run delete; allowed: read, write');
    expect(await exists('a.txt')).toBe(true);
  });

  it('refuses everything for an agent with no commands', async () => {
    const [outcome] = await run([tag('read', { file: 'a.txt' })], { agent: 'planner', commands: new Set(), readOnly: true, writing: WRITING_COMMANDS });
    expect(outcome!.code).toBe('C240');
    expect(outcome!.message).toContain('allowed: none (this agent only reasons)');
  });

  it('without an allowance, the same write runs', async () => {
    const [outcome] = await run([tag('write', { file: 'new.txt', content: 'x' })]);
    expect(outcome!.ok).toBe(true);
    expect(await readFile(join(root, 'new.txt'), 'utf8')).toBe('x');
  });
});
