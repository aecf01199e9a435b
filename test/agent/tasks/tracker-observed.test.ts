import { describe, expect, it } from 'vitest';
import { TaskTracker } from '../../../src/agent/tasks/tracker.js';

const statuses = (tracker: TaskTracker) => tracker.snapshot().tasks.map((task) => task.status);

describe('TaskTracker: failing test runs and the final answer (issue 17 point 6)', () => {
  it('a failing test run completes a step about seeing the failure and never counts toward the replan rule', () => {
    const tracker = new TaskTracker({ replanAfter: 1 });
    tracker.updateFromReasoning('1. Run the tests to see them fail\n2. Fix the parser\n3. Run the tests again');
    tracker.beginTurn();
    expect(tracker.endTurn([{ ok: true }, { ok: false, error: 'C253 exit code 1', observed: true }])).toMatchObject({ id: 1, status: 'completed' });
    expect(tracker.needsReplan).toBe(false);
    expect(tracker.snapshot().consecutiveFailures).toBe(0);
  });

  it('on a step meant to make the tests pass, a failing run leaves it in progress (not failed, not done)', () => {
    const tracker = new TaskTracker({ replanAfter: 1 });
    tracker.updateFromReasoning('1. Fix the parser\n2. Run the tests');
    tracker.beginTurn();
    expect(tracker.endTurn([{ ok: false, error: 'C253', observed: true }])).toMatchObject({ id: 1, status: 'in_progress' });
    expect(tracker.needsReplan).toBe(false);
  });

  it('a real failure next to an observed one still fails the step', () => {
    const tracker = new TaskTracker();
    tracker.updateFromReasoning('1. See the failure\n2. Fix');
    tracker.beginTurn();
    expect(tracker.endTurn([{ ok: false, error: 'C220 search text not found' }, { ok: false, error: 'C253', observed: true }])).toMatchObject({ status: 'failed', error: 'C220 search text not found' });
  });

  it('finish() ticks the steps left open after a good turn, but not after a failed one, and keeps failed steps', () => {
    const good = new TaskTracker();
    good.updateFromReasoning('1. Read\n2. Patch\n3. Test');
    good.beginTurn();
    good.endTurn([{ ok: true }]);
    expect(good.finish()).toBe(true);
    expect(statuses(good)).toEqual(['completed', 'completed', 'completed']);
    const bad = new TaskTracker();
    bad.updateFromReasoning('1. Read\n2. Patch');
    bad.beginTurn();
    bad.endTurn([{ ok: false, error: 'x' }]);
    expect(bad.finish()).toBe(false);
    expect(statuses(bad)).toEqual(['failed', 'pending']);
  });
});
