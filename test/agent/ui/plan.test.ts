import { describe, expect, it } from 'vitest';
import { harnesses, planEvent } from './harness.js';

const open = harnesses();

const plan = planEvent;

describe('the plan view', () => {
  it('draws the plan with live statuses and again only when it changed', () => {
    const { tui, output } = open();
    tui.emit(plan(['completed', 'in_progress', 'failed', 'pending']));
    tui.emit({ type: 'tool_call', turn: 2, id: 't2-1', tool: '@coder', cmd: 'tree', args: 'tree' });
    tui.emit(plan(['completed', 'in_progress', 'failed', 'pending']));
    tui.emit({ type: 'tool_call', turn: 3, id: 't3-1', tool: '@coder', cmd: 'tree', args: 'tree' });
    expect(output.screen).toContain('Plan 1/4 done\n  [x] 1. task 1\n  [>] 2. task 2\n  [!] 3. task 3\n      C220 not found\n  [ ] 4. task 4\n');
    expect(output.screen.match(/Plan /g)).toHaveLength(1);
    tui.emit(plan(['completed', 'completed', 'failed', 'in_progress']));
    tui.close();
    expect(output.screen).toContain('Plan 2/4 done\n  [x] 1. task 1\n  [x] 2. task 2\n');
  });

  // Issue 29 (TUI b): the plan was printed twice a turn, once after the results (step 1 ticked, step 2
  // open) when the next request started and again when step 2 began; now once, before the turn's calls.
  it('prints the plan once per turn, in the state the turn starts with', () => {
    const { tui, output } = open();
    tui.emit(plan(['in_progress', 'pending']));
    tui.emit({ type: 'tool_call', turn: 1, id: 't1-1', tool: '@coder', cmd: 'tree', args: 'tree' });
    tui.emit({ type: 'tool_result', turn: 1, id: 't1-1', tool: '@coder', cmd: 'tree', ok: true, output: '.', durationMs: 1 });
    tui.emit(plan(['completed', 'pending']));
    tui.emit({ type: 'request', turn: 2, attempt: 1 });
    tui.emit({ type: 'text', turn: 2, delta: '<reasoning>\n1. [x] task 1\n2. task 2\n</reasoning>\n' });
    tui.emit(plan(['completed', 'in_progress']));
    tui.emit({ type: 'tool_call', turn: 2, id: 't2-1', tool: '@coder', cmd: 'tree', args: 'tree' });
    expect(output.screen.match(/Plan /g)).toHaveLength(2);
    expect(output.screen).toContain('Plan 1/2 done\n  [x] 1. task 1\n  [>] 2. task 2\n');
    // Never the in-between state: step 1 done and step 2 not yet started.
    expect(output.screen).not.toContain('[x] 1. task 1\n  [ ] 2. task 2');
    tui.emit({ type: 'tool_result', turn: 2, id: 't2-1', tool: '@coder', cmd: 'tree', ok: true, output: '.', durationMs: 1 });
    tui.emit(plan(['completed', 'completed']));
    tui.emit({ type: 'final', ok: true, result: 'done', question: false, turns: 2, usage: { input: 1, output: 1 } });
    expect(output.screen.match(/Plan /g)).toHaveLength(3);
    expect(output.screen).toContain('Plan 2/2 done');
  });

  it('prints plan updates in a row once, in their last state, before the next output', () => {
    const { tui, output } = open();
    tui.emit(plan(['pending', 'pending']));
    tui.emit(plan(['in_progress', 'pending']));
    expect(output.screen).not.toContain('Plan');
    tui.emit({ type: 'tool_call', turn: 1, id: 't1-1', tool: '@coder', cmd: 'tree', args: 'tree' });
    expect(output.screen).toContain('Plan 0/2 done\n  [>] 1. task 1\n  [ ] 2. task 2\n● tree\n');
    expect(output.screen.match(/Plan /g)).toHaveLength(1);
  });
});
