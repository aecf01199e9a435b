import type { AgentEvent, ToolOutcome } from '../events.js';
import { visibleLines } from '../../text/visible.js';
import { inPersonWords } from './error-words.js';
import { formatDuration, sanitize, truncate, type Style } from './style.js';

// Pure renderers: an event's data in, finished lines out (styled, cut to `width` columns).

export type PlanSnapshot = Extract<AgentEvent, { type: 'task' }>['plan'];
type TaskStatus = PlanSnapshot['tasks'][number]['status'];

const MAX_DIFF_LINES = 40;
const OUTPUT_HEAD = 6;
const OUTPUT_TAIL = 3;
const INDENT = '    ';

const more = (style: Style, count: number): string => style.dim(`${INDENT}… ${count} more line${count === 1 ? '' : 's'}`);

function diffLine(line: string, style: Style): string {
  if (line.startsWith('+++') || line.startsWith('---')) return style.bold(line);
  if (line.startsWith('@@')) return style.cyan(line);
  if (line.startsWith('+')) return style.green(line);
  if (line.startsWith('-')) return style.red(line);
  return style.dim(line);
}

// A unified diff, coloured (+ green, - red, @@ cyan), at most 40 lines. Control characters and escape
// sequences in it are shown as escapes, never removed: an approval's preview must show every byte the edit
// writes (removing `\x1b] ... \x07` hid whole lines of code between them).
export function renderDiff(diff: string, style: Style, width: number): string[] {
  const lines = visibleLines(diff.replace(/\r\n/g, '\n'))
    .split('\n')
    .filter((line) => !/^(?:Index: |={5,}$)/.test(line));
  while (lines.length > 0 && lines[lines.length - 1] === '') lines.pop();
  const shown = lines.slice(0, MAX_DIFF_LINES).map((line) => truncate(`${INDENT}${diffLine(line, style)}`, width));
  if (lines.length > MAX_DIFF_LINES) shown.push(more(style, lines.length - MAX_DIFF_LINES));
  return shown;
}

// An approval question's diff: every line of it (the preview is capped, and counted, where it is made:
// permissions/approval-preview.ts), each WRAPPED at the width, never cut (red team R8-3: a payload after
// 150 spaces was cut off at the terminal's edge, and [y] wrote it). Continuation rows start with `↪`.
export function renderApprovalDiff(diff: string, style: Style, width: number): string[] {
  const room = Math.max(8, width - INDENT.length - 2);
  const lines = visibleLines(diff.replace(/\r\n/g, '\n')).split('\n');
  while (lines.length > 0 && lines[lines.length - 1] === '') lines.pop();
  return lines.flatMap((line) => {
    const points = [...line];
    const rows: string[] = [];
    for (let at = 0; at === 0 || at < points.length; at += room) rows.push(points.slice(at, at + room).join(''));
    const colour = (text: string): string => diffLine(`${line.charAt(0)}${text}`, style).replace(line.charAt(0), '');
    return rows.map((row, index) => (index === 0 ? `${INDENT}${diffLine(row, style)}` : `${INDENT}${style.dim('↪')}${colour(row)}`));
  });
}

// The first and last lines of a command's output (an exec, a failed test), dimmed and indented.
export function renderOutput(output: string, style: Style, width: number): string[] {
  const lines = sanitize(output).replace(/^(?:[ \t]*\n)+/, '').trimEnd().split('\n');
  const cut = (line: string): string => truncate(style.dim(`${INDENT}${line}`), width);
  if (lines.length <= OUTPUT_HEAD + OUTPUT_TAIL + 1) return lines.map(cut);
  return [...lines.slice(0, OUTPUT_HEAD).map(cut), more(style, lines.length - OUTPUT_HEAD - OUTPUT_TAIL), ...lines.slice(-OUTPUT_TAIL).map(cut)];
}

const firstLine = (text: string): string => sanitize(text).split('\n').find((line) => line.trim() !== '')?.trim() ?? '';

// `● read src/app.ts`
export function renderCall(label: string, style: Style, width: number): string {
  return truncate(`${style.cyan('●')} ${style.bold(label)}`, width);
}

// `  ✓ 12ms`, `  ✗ C220 search text not found · 3ms` and what follows it (output of a failed command,
// the diff of an edit). `label` names the call when its line is not the one just above.
export function renderResult(result: ToolOutcome, label: string | null, style: Style, width: number): string[] {
  const duration = style.dim(formatDuration(result.durationMs));
  const name = label === null ? '' : `${style.bold(label)} `;
  if (result.skipped) return [truncate(`  ${style.yellow('↷')} ${name}${style.dim(firstLine(result.message ?? 'skipped'))}`, width)];
  if (!result.ok) {
    const message = firstLine(result.message ?? '') || 'failed';
    const lines = [truncate(`  ${style.red('✗')} ${name}${style.red(inPersonWords(result.code, message))} ${style.dim('·')} ${duration}`, width)];
    if ((result.cmd === 'exec' || result.cmd === 'test') && result.output.trim() !== '') lines.push(...renderOutput(result.output, style, width));
    return lines;
  }
  // A test run's counts are on the last line of its output.
  const counts = result.cmd === 'test' ? (/ — (\d+ passed.*)$/.exec(result.output.trimEnd())?.[1] ?? '') : '';
  const lines = [truncate(`  ${style.green('✓')} ${name}${counts ? `${style.dim(counts)} ` : ''}${duration}`, width)];
  // What a command printed, capped (its first and last lines, with the count between).
  if (result.cmd === 'exec' && result.output.trim() !== '') lines.push(...renderOutput(result.output, style, width));
  if (result.diff) lines.push(...renderDiff(result.diff, style, width));
  return lines;
}

const MARKS: Readonly<Record<TaskStatus, string>> = { completed: '[x]', in_progress: '[>]', failed: '[!]', pending: '[ ]' };

function paintTask(status: TaskStatus, text: string, style: Style): string {
  if (status === 'completed') return style.green(text);
  if (status === 'in_progress') return style.bold(style.cyan(text));
  if (status === 'failed') return style.red(text);
  return style.dim(text);
}

// The plan with live statuses: `[x]` done, `[>]` in progress, `[!]` failed, `[ ]` pending.
export function renderPlan(plan: PlanSnapshot, style: Style, width: number): string[] {
  const done = plan.tasks.filter((task) => task.status === 'completed').length;
  const lines = [truncate(`${style.bold('Plan')} ${style.dim(`${done}/${plan.tasks.length} done`)}`, width)];
  for (const task of plan.tasks) {
    lines.push(truncate(`  ${paintTask(task.status, `${MARKS[task.status]} ${task.id}. ${sanitize(task.description)}`, style)}`, width));
    if (task.status === 'failed' && task.error) lines.push(truncate(style.dim(`      ${firstLine(task.error)}`), width));
  }
  if (plan.needsReplan) lines.push(truncate(style.yellow('  ! replanning after repeated failures'), width));
  return lines;
}

// The signature of what the plan view shows, so an unchanged plan is not printed twice.
export function planKey(plan: PlanSnapshot): string {
  return JSON.stringify([plan.needsReplan, plan.tasks.map((task) => [task.id, task.description, task.status, task.error ?? ''])]);
}
