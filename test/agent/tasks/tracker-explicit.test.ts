import { describe, expect, it } from 'vitest';
import { TaskTracker } from '../../../src/agent/tasks/tracker.js';

describe('TaskTracker explicit plans and progress', () => {
  it('setTasks replaces the plan, defaults to pending, and resets the failure state', () => {
    const tracker = new TaskTracker({ replanAfter: 1 });
    tracker.updateFromReasoning('1. old');
    tracker.endTurn([{ ok: false }]);
    tracker.setTasks([{ description: ' Read ', status: 'completed' }, { description: 'Fix' }, { description: 'Test', status: 'in_progress' }]);
    expect(tracker.snapshot()).toEqual({
      tasks: [
        { id: 1, description: 'Read', status: 'completed' },
        { id: 2, description: 'Fix', status: 'pending' },
        { id: 3, description: 'Test', status: 'in_progress' },
      ],
      current: 3,
      consecutiveFailures: 0,
      needsReplan: false,
    });
  });

  it('setTasks rejects a blank description', () => {
    expect(() => new TaskTracker().setTasks([{ description: 'a' }, { description: '  ' }])).toThrow('task #2 has an empty description');
  });

  it('markById sets status and error; completing the current task moves the cursor', () => {
    const tracker = new TaskTracker();
    tracker.setTasks([{ description: 'a' }, { description: 'b' }]);
    expect(tracker.markById(2, 'failed', ' no such file ')).toEqual({ id: 2, description: 'b', status: 'failed', error: 'no such file' });
    expect(tracker.markById(1, 'completed')).toMatchObject({ status: 'completed' });
    expect(tracker.snapshot().current).toBe(2);
    expect(tracker.markById(2, 'completed')).not.toHaveProperty('error');
    expect(tracker.snapshot().current).toBeNull();
  });

  it('markById names the valid ids for an unknown one', () => {
    const tracker = new TaskTracker();
    expect(() => tracker.markById(1, 'completed')).toThrow('no task with id=1 in the current plan (there is no plan yet)');
    tracker.setTasks([{ description: 'a' }, { description: 'b' }]);
    expect(() => tracker.markById(3, 'completed')).toThrow('no task with id=3 in the current plan (ids are 1-2)');
  });

  it('format shows icons, ids, the first line of errors and a count', () => {
    const tracker = new TaskTracker();
    tracker.updateFromReasoning('1. [x] Read\n2. Patch\n3. Test\n4. Commit');
    tracker.markById(3, 'failed', '\nC253: exit 1\nlong output');
    tracker.beginTurn();
    expect(tracker.format()).toBe(
      ['[x] 1. Read', '[>] 2. Patch', '[!] 3. Test', '    Error: C253: exit 1', '[ ] 4. Commit', 'Progress: 1/4 done, 1 failed'].join('\n'),
    );
  });

  it('format leaves out the failed count when nothing failed, caps long errors, and is empty without a plan', () => {
    const tracker = new TaskTracker();
    expect(tracker.format()).toBe('');
    tracker.setTasks([{ description: 'a', status: 'completed' }, { description: 'b' }]);
    expect(tracker.format().split('\n').at(-1)).toBe('Progress: 1/2 done');
    tracker.markById(2, 'failed', 'x'.repeat(500));
    const errorLine = tracker.format().split('\n')[2] ?? '';
    expect(errorLine.length).toBeLessThan(200);
    expect(errorLine.endsWith('…')).toBe(true);
  });
});
