import { describe, expect, it } from 'vitest';
import { TaskTracker } from '../../../src/agent/tasks/tracker.js';

const PLAN = '1. Read files\n2. Apply patch\n3. Run tests';

function planned(options?: { replanAfter?: number }): TaskTracker {
  const tracker = new TaskTracker(options);
  tracker.updateFromReasoning(PLAN);
  return tracker;
}

const failTurn = (tracker: TaskTracker, error = 'C253 exit 1') => {
  tracker.beginTurn();
  return tracker.endTurn([{ ok: true }, { ok: false, error }, { ok: false, error: 'second' }]);
};

describe('TaskTracker turns', () => {
  it('beginTurn marks the current task in progress; endTurn completes it and moves on', () => {
    const tracker = planned();
    expect(tracker.beginTurn()).toMatchObject({ id: 1, status: 'in_progress' });
    expect(tracker.endTurn([{ ok: true }, { ok: true }])).toMatchObject({ id: 1, status: 'completed' });
    expect(tracker.snapshot().current).toBe(2);
    expect(tracker.beginTurn()).toMatchObject({ id: 2, status: 'in_progress' });
  });

  it('a failure marks the task failed with the first error, and the task is retried next', () => {
    const tracker = planned();
    expect(failTurn(tracker)).toMatchObject({ id: 1, status: 'failed', error: 'C253 exit 1' });
    expect(tracker.snapshot().current).toBe(1);
    expect(tracker.beginTurn()).toEqual({ id: 1, description: 'Read files', status: 'in_progress' });
  });

  it('a failure without an error text still says something', () => {
    const tracker = planned();
    tracker.beginTurn();
    expect(tracker.endTurn([{ ok: false }])?.error).toBe('a tool call failed');
  });

  it('3 consecutive failed turns set needsReplan', () => {
    const tracker = planned();
    failTurn(tracker);
    failTurn(tracker);
    expect(tracker.needsReplan).toBe(false);
    failTurn(tracker);
    expect(tracker.needsReplan).toBe(true);
    expect(tracker.snapshot()).toMatchObject({ consecutiveFailures: 3, needsReplan: true });
    expect(tracker.replanMessage).toMatch(/3 turns failed in a row/);
    expect(tracker.replanMessage).toMatch(/NEW numbered plan in <reasoning>/);
  });

  it('a successful turn resets the count', () => {
    const tracker = planned();
    failTurn(tracker);
    failTurn(tracker);
    tracker.beginTurn();
    tracker.endTurn([{ ok: true }]);
    expect(tracker.snapshot().consecutiveFailures).toBe(0);
    failTurn(tracker);
    failTurn(tracker);
    expect(tracker.needsReplan).toBe(false);
  });

  it('a successful turn after a replan request withdraws it (the model is moving again)', () => {
    const tracker = planned();
    for (let turn = 0; turn < 3; turn++) failTurn(tracker);
    tracker.beginTurn();
    tracker.endTurn([{ ok: true }]);
    expect(tracker.snapshot()).toMatchObject({ needsReplan: false, consecutiveFailures: 0 });
  });

  it('failures count per turn, not per failed call', () => {
    const tracker = planned();
    tracker.beginTurn();
    tracker.endTurn([{ ok: false }, { ok: false }, { ok: false }]);
    expect(tracker.snapshot().consecutiveFailures).toBe(1);
    expect(tracker.needsReplan).toBe(false);
  });

  it('the same plan keeps needsReplan set; a changed plan clears it', () => {
    const tracker = planned();
    for (let turn = 0; turn < 3; turn++) failTurn(tracker);
    expect(tracker.updateFromReasoning(`${PLAN}\n`)).toBe('same');
    expect(tracker.needsReplan).toBe(true);
    expect(tracker.updateFromReasoning('1. Read the error\n2. Patch differently')).toBe('changed');
    expect(tracker.snapshot()).toMatchObject({ needsReplan: false, consecutiveFailures: 0 });
  });

  it('honours replanAfter and counts failures even without a plan', () => {
    const tracker = new TaskTracker({ replanAfter: 1 });
    tracker.beginTurn();
    expect(tracker.endTurn([{ ok: false, error: 'x' }])).toBeUndefined();
    expect(tracker.needsReplan).toBe(true);
    expect(tracker.replanMessage).toMatch(/1 turns? failed/);
    expect(() => new TaskTracker({ replanAfter: 0 })).toThrow(/replanAfter/);
  });

  it('an empty batch changes nothing', () => {
    const tracker = planned();
    failTurn(tracker);
    const before = tracker.snapshot();
    expect(tracker.endTurn([])).toBeUndefined();
    expect(tracker.snapshot()).toEqual(before);
  });

  it('everything completed: no current task, turns still counted', () => {
    const tracker = new TaskTracker();
    tracker.updateFromReasoning('1. [x] done');
    expect(tracker.beginTurn()).toBeUndefined();
    expect(tracker.snapshot().current).toBeNull();
    expect(tracker.endTurn([{ ok: false }])).toBeUndefined();
    expect(tracker.snapshot().consecutiveFailures).toBe(1);
  });

  it('returned tasks and snapshots are copies', () => {
    const tracker = planned();
    const task = tracker.beginTurn()!;
    task.status = 'completed';
    tracker.snapshot().tasks[0]!.description = 'changed';
    expect(tracker.snapshot().tasks[0]).toEqual({ id: 1, description: 'Read files', status: 'in_progress' });
  });
});
