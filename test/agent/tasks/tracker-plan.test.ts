import { describe, expect, it } from 'vitest';
import { TaskTracker } from '../../../src/agent/tasks/tracker.js';

const PLAN = 'Analysis first.\n1. Read files\n2. Apply patch\n3. Run tests';
const statuses = (tracker: TaskTracker) => tracker.snapshot().tasks.map((task) => task.status);

describe('TaskTracker.updateFromReasoning', () => {
  it('none: text without numbered lines leaves the plan alone', () => {
    const tracker = new TaskTracker();
    expect(tracker.updateFromReasoning('2024 was the year we shipped.')).toBe('none');
    expect(tracker.snapshot().tasks).toEqual([]);
    tracker.updateFromReasoning(PLAN);
    expect(tracker.updateFromReasoning('Just thinking.')).toBe('none');
    expect(tracker.snapshot().tasks).toHaveLength(3);
  });

  it('new: builds pending tasks with ids 1..n and the first as current', () => {
    const tracker = new TaskTracker();
    expect(tracker.updateFromReasoning(PLAN)).toBe('new');
    expect(tracker.snapshot()).toEqual({
      tasks: [
        { id: 1, description: 'Read files', status: 'pending' },
        { id: 2, description: 'Apply patch', status: 'pending' },
        { id: 3, description: 'Run tests', status: 'pending' },
      ],
      current: 1,
      consecutiveFailures: 0,
      needsReplan: false,
    });
  });

  it('new: a checked box starts completed and moves the current task', () => {
    const tracker = new TaskTracker();
    tracker.updateFromReasoning('1. [x] Read files\n2. [ ] Apply patch');
    expect(statuses(tracker)).toEqual(['completed', 'pending']);
    expect(tracker.snapshot().current).toBe(2);
  });

  it('same: keeps statuses and applies newly checked boxes', () => {
    const tracker = new TaskTracker();
    tracker.updateFromReasoning(PLAN);
    tracker.beginTurn();
    tracker.endTurn([{ ok: false, error: 'boom' }]);
    expect(statuses(tracker)).toEqual(['failed', 'pending', 'pending']);
    expect(tracker.updateFromReasoning('1. read FILES\n2. [✔] Apply   patch\n3. Run tests')).toBe('same');
    expect(statuses(tracker)).toEqual(['failed', 'completed', 'pending']);
    expect(tracker.snapshot().consecutiveFailures).toBe(1);
    expect(tracker.snapshot().tasks[0]?.error).toBe('boom');
  });

  it('same: an unchecked box does not undo a completed task', () => {
    const tracker = new TaskTracker();
    tracker.updateFromReasoning('1. [x] Read files\n2. Fix');
    expect(tracker.updateFromReasoning('1. [ ] Read files\n2. Fix')).toBe('same');
    expect(statuses(tracker)).toEqual(['completed', 'pending']);
  });

  it('changed: restarts tracking, keeps completed steps with the same description', () => {
    const tracker = new TaskTracker();
    tracker.updateFromReasoning(PLAN);
    tracker.beginTurn();
    tracker.endTurn([{ ok: true }]);
    tracker.beginTurn();
    tracker.endTurn([{ ok: false, error: 'patch did not apply' }]);
    expect(tracker.updateFromReasoning('1. Read files\n2. Re-read the file\n3. Apply patch\n4. Run tests')).toBe('changed');
    expect(statuses(tracker)).toEqual(['completed', 'pending', 'pending', 'pending']);
    expect(tracker.snapshot()).toMatchObject({ current: 2, consecutiveFailures: 0, needsReplan: false });
  });

  it('changed: a shorter or reordered list is a different plan', () => {
    const tracker = new TaskTracker();
    tracker.updateFromReasoning(PLAN);
    expect(tracker.updateFromReasoning('1. Read files\n2. Apply patch')).toBe('changed');
    expect(tracker.updateFromReasoning('1. Apply patch\n2. Read files')).toBe('changed');
  });

  it('changed: one completed step vouches for one new step only', () => {
    const tracker = new TaskTracker();
    tracker.updateFromReasoning('1. [x] Run tests\n2. Fix');
    tracker.updateFromReasoning('1. Run tests\n2. Fix bug\n3. Run tests');
    expect(statuses(tracker)).toEqual(['completed', 'pending', 'pending']);
  });
});
