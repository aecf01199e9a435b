import type { Task } from './types.js';

// Reads the numbered task list a model writes in its <reasoning> block.

export interface PlannedTask {
  description: string;
  // The line carried a ticked checkbox (`[x]`, `[✓]`, `[✔]`).
  checked: boolean;
}

// `1. x`, `1) x`, `2 - x`. The original took any line starting with a digit (`2024 was a good year` became a
// task), so a number must be followed by `.`/`)` and a space, or by a spaced dash.
const NUMBERED = /^\d+(?:[.)]\s+|\s+-\s+)(.*)$/;
const CHECKBOX = /^\[([ xX✓✔]?)\]\s*/;

function stripBox(text: string): { rest: string; checked: boolean } {
  const box = CHECKBOX.exec(text);
  if (!box) return { rest: text, checked: false };
  return { rest: text.slice(box[0].length).trim(), checked: (box[1] ?? '').trim() !== '' };
}

export function parsePlan(reasoning: string): PlannedTask[] {
  const tasks: PlannedTask[] = [];
  for (const line of reasoning.split(/\r?\n/)) {
    // The box may come before the number too (`[x] 1. Read files`).
    const before = stripBox(line.trim());
    const numbered = NUMBERED.exec(before.rest);
    if (!numbered) continue;
    const after = stripBox((numbered[1] ?? '').trim());
    if (after.rest !== '') tasks.push({ description: after.rest, checked: before.checked || after.checked });
  }
  return tasks;
}

// Two lists describe the same plan when their descriptions match, ignoring case and spacing: a model that
// re-types its plan with a ticked box or different capitalisation has not changed it.
export function sameDescription(a: string, b: string): boolean {
  return normalise(a) === normalise(b);
}

function normalise(description: string): string {
  return description.toLowerCase().replace(/\s+/g, ' ').trim();
}

export function samePlan(a: readonly { description: string }[], b: readonly { description: string }[]): boolean {
  return a.length === b.length && a.every((task, index) => sameDescription(task.description, (b[index] as { description: string }).description));
}

// A changed plan starts over, except that steps already completed under the same description stay done
// (models often re-list finished steps without ticking them). Each old step vouches for one new step only.
export function rebuildPlan(previous: readonly Task[], planned: readonly PlannedTask[]): Task[] {
  const done = previous.filter((task) => task.status === 'completed');
  return planned.map((task, index): Task => {
    const carried = done.findIndex((old) => sameDescription(old.description, task.description));
    if (carried !== -1) done.splice(carried, 1);
    const completed = task.checked || carried !== -1;
    return { id: index + 1, description: task.description, status: completed ? 'completed' : 'pending' };
  });
}
