import { parsePlan, rebuildPlan, samePlan } from './plan.js';
import { formatProgress } from './progress.js';
import type { PlanSnapshot, Task, TaskStatus } from './types.js';

export type { PlanSnapshot, Task, TaskStatus } from './types.js';

export type PlanUpdate = 'none' | 'new' | 'changed' | 'same';

export interface TurnResult {
  ok: boolean;
  error?: string;
  // A test run that reported failing tests: an observation, not a broken step (running the tests to
  // see them fail is the first step of fixing them).
  observed?: boolean;
}

// A step whose point is to see something fail is done by a failing test run.
const SEE_FAILURE = /\b(?:fail\w*|reproduc\w*|see|observe|confirm the (?:bug|failure)|what breaks|broken)\b/i;

const copy = (task: Task | undefined): Task | undefined => (task ? { ...task } : undefined);

// Follows the model's plan across turns: which task the current tool calls serve, what is done, what failed,
// and when the model is stuck. Unlike the original, failures count per *turn* and reset on a successful turn,
// and re-sending the same plan keeps the statuses instead of rebuilding the plan (which reset the failure
// count every turn, so the replan signal practically never fired).
export class TaskTracker {
  private tasks: Task[] = [];
  private failures = 0;
  private replan = false;
  // Steps the model ticked in an answer whose calls have not run yet: done once they succeed.
  private claimed: Task[] = [];
  private readonly replanAfter: number;

  constructor(options: { replanAfter?: number } = {}) {
    const replanAfter = options.replanAfter ?? 3;
    if (!Number.isInteger(replanAfter) || replanAfter < 1) {
      throw new Error(`replanAfter must be a whole number >= 1 (got ${String(replanAfter)})`);
    }
    this.replanAfter = replanAfter;
  }

  get needsReplan(): boolean {
    return this.replan;
  }

  get replanMessage(): string {
    const count = Math.max(this.failures, this.replanAfter);
    return (
      `The last ${count} turns failed in a row. Do not retry the same calls: write a NEW numbered plan in ` +
      '<reasoning> that accounts for the errors above, then continue with its first step.'
    );
  }

  // `working`: the answer also carries tool calls. Its ticks are then claims about calls that have not run
  // yet (models tick the step they are starting): a ticked step that is not done yet is ticked only when
  // this turn's results succeed (endTurn), never before its calls ran.
  updateFromReasoning(reasoning: string, working = false): PlanUpdate {
    const planned = parsePlan(reasoning);
    if (planned.length === 0) return 'none';
    this.claimed = [];
    const tick = (task: Task): void => {
      if (working && task.status !== 'completed') this.claimed.push(task);
      else this.complete(task);
    };
    if (this.tasks.length > 0 && samePlan(this.tasks, planned)) {
      // Same plan re-sent: keep statuses, tick what the model ticked. A stuck model re-sending its plan
      // has not replanned, so the replan request stays.
      planned.forEach((task, index) => {
        if (task.checked) tick(this.tasks[index] as Task);
      });
      return 'same';
    }
    const update = this.tasks.length === 0 ? 'new' : 'changed';
    this.tasks = rebuildPlan(this.tasks, planned.map((task) => ({ ...task, checked: task.checked && !working })));
    planned.forEach((task, index) => {
      if (task.checked && working) tick(this.tasks[index] as Task);
    });
    this.failures = 0;
    this.replan = false;
    return update;
  }

  // Marks the task the coming tool calls work on as in progress.
  beginTurn(): Task | undefined {
    const task = this.current();
    if (task) {
      task.status = 'in_progress';
      delete task.error;
    }
    return copy(task);
  }

  // Records a turn's tool results against the current task. An empty batch changes nothing.
  endTurn(results: readonly TurnResult[]): Task | undefined {
    const claimed = this.claimed.splice(0);
    if (results.length === 0) return undefined;
    const task = this.current();
    const failure = results.find((result) => !result.ok && !result.observed);
    if (!failure && results.some((result) => result.observed) && task && !SEE_FAILURE.test(task.description)) {
      // Tests still fail on a step meant to make them pass: not done, not a tool failure either.
      this.failures = 0;
      this.replan = false;
      return copy(task);
    }
    if (!failure) {
      // Progress again: the model is not stuck, so neither the count nor an earlier replan request stand.
      this.failures = 0;
      this.replan = false;
      if (task) this.complete(task);
      // The steps the model ticked for this turn are done now that its calls succeeded.
      for (const step of claimed) if (this.tasks.includes(step)) this.complete(step);
      return copy(task);
    }
    this.failures += 1;
    if (this.failures >= this.replanAfter) this.replan = true;
    if (task) {
      task.status = 'failed';
      task.error = failure.error?.trim() || 'a tool call failed';
    }
    return copy(task);
  }

  // The model answered after a turn that went well: the steps it did in its last turns are done (a
  // turn that covers several steps ticks only the current one as it runs). A failed step stays failed.
  finish(): boolean {
    if (this.failures > 0 || this.tasks.length === 0) return false;
    let changed = false;
    for (const task of this.tasks) {
      if (task.status === 'pending' || task.status === 'in_progress') {
        this.complete(task);
        changed = true;
      }
    }
    return changed;
  }

  // Replaces the plan with an explicit list (@todo write): an explicit plan is a fresh start.
  setTasks(todos: readonly { description: string; status?: TaskStatus }[]): void {
    const tasks = todos.map((todo, index): Task => {
      const description = todo.description.trim();
      if (description === '') throw new Error(`task #${index + 1} has an empty description`);
      return { id: index + 1, description, status: todo.status ?? 'pending' };
    });
    this.tasks = tasks;
    this.failures = 0;
    this.replan = false;
  }

  markById(id: number, status: TaskStatus, error?: string): Task {
    const task = this.tasks.find((candidate) => candidate.id === id);
    if (!task) {
      const known = this.tasks.length === 0 ? 'there is no plan yet' : `ids are 1-${this.tasks.length}`;
      throw new Error(`no task with id=${id} in the current plan (${known})`);
    }
    task.status = status;
    if (status === 'failed' && error?.trim()) task.error = error.trim();
    else delete task.error;
    return { ...task };
  }

  snapshot(): PlanSnapshot {
    return {
      tasks: this.tasks.map((task) => ({ ...task })),
      current: this.current()?.id ?? null,
      consecutiveFailures: this.failures,
      needsReplan: this.replan,
    };
  }

  format(): string {
    return formatProgress(this.tasks);
  }

  // The task being worked on: one marked in progress, else the first not yet completed (a failed task is
  // retried before the plan moves on).
  private current(): Task | undefined {
    return this.tasks.find((task) => task.status === 'in_progress') ?? this.tasks.find((task) => task.status !== 'completed');
  }

  private complete(task: Task): void {
    task.status = 'completed';
    delete task.error;
  }
}
