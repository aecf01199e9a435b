import { describe, expect, it } from 'vitest';
import { harnesses, planEvent } from './harness.js';

const open = harnesses();

const plan = planEvent;

describe('the plan view', () => {
  it('draws the plan with live statuses and again only when it changed', () => {
    const { tui, output } = open();
    tui.emit(plan(['completed', 'in_progress', 'failed', 'pending']));
    tui.emit({ type: 'request', turn: 2, attempt: 1 });
    tui.emit(plan(['completed', 'in_progress', 'failed', 'pending']));
    tui.emit({ type: 'request', turn: 3, attempt: 1 });
    expect(output.screen).toContain('Plan 1/4 done\n  [x] 1. task 1\n  [>] 2. task 2\n  [!] 3. task 3\n      C220 not found\n  [ ] 4. task 4\n');
    expect(output.screen.match(/Plan /g)).toHaveLength(1);
    tui.emit(plan(['completed', 'completed', 'failed', 'in_progress']));
    tui.close();
    expect(output.screen).toContain('Plan 2/4 done\n  [x] 1. task 1\n  [x] 2. task 2\n');
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
