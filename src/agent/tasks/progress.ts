import type { Task, TaskStatus } from './types.js';

const ICONS: Readonly<Record<TaskStatus, string>> = {
  completed: '[x]',
  in_progress: '[>]',
  failed: '[!]',
  pending: '[ ]',
};

// Tool errors can be pages of output; the progress view keeps the first meaningful line, capped.
const ERROR_WIDTH = 160;

function errorLine(error: string): string {
  const first = error.split(/\r?\n/).find((line) => line.trim() !== '')?.trim() ?? '';
  return first.length > ERROR_WIDTH ? `${first.slice(0, ERROR_WIDTH - 1)}…` : first;
}

// Compact progress for people and for the model: one line per task, the error under a failed one, then
// a count. Empty for an empty plan, so callers decide how to say there is none.
export function formatProgress(tasks: readonly Task[]): string {
  if (tasks.length === 0) return '';
  const lines: string[] = [];
  for (const task of tasks) {
    lines.push(`${ICONS[task.status]} ${task.id}. ${task.description}`);
    const error = task.status === 'failed' && task.error ? errorLine(task.error) : '';
    if (error !== '') lines.push(`    Error: ${error}`);
  }
  const done = tasks.filter((task) => task.status === 'completed').length;
  const failed = tasks.filter((task) => task.status === 'failed').length;
  lines.push(`Progress: ${done}/${tasks.length} done${failed > 0 ? `, ${failed} failed` : ''}`);
  return lines.join('\n');
}
