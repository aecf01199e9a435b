import * as z from 'zod/mini';
import type { Read } from './todo-request.js';
import { TASK_STATUSES, type TaskStatus } from './types.js';

// Checks @todo payloads and turns each problem into one message that names the fix.

const Status = z.enum(TASK_STATUSES);
const VALID = TASK_STATUSES.join(', ');

// `In-Progress`, `in progress` and `IN_PROGRESS` all mean in_progress.
function readStatus(value: unknown): TaskStatus | undefined {
  const text = typeof value === 'string' ? value.trim().toLowerCase().replace(/[\s-]+/g, '_') : value;
  const parsed = z.safeParse(Status, text);
  return parsed.success ? parsed.data : undefined;
}

const blank = (value: unknown): boolean => value === undefined || value === null || (typeof value === 'string' && value.trim() === '');

export interface TodoItem {
  description: string;
  status: TaskStatus;
}

// One todo: {"description"} or Claude Code's {"content"} (its activeForm and id are ignored), or a bare string.
function readItem(item: unknown, position: number): Read<TodoItem> {
  const record = typeof item === 'object' && item !== null && !Array.isArray(item) ? (item as Record<string, unknown>) : undefined;
  if (!record && typeof item !== 'string') {
    return { ok: false, error: `@todo write: todo #${position} must be an object like {"description":"Run the tests","status":"pending"}` };
  }
  const description = record ? (blank(record.description) ? record.content : record.description) : item;
  if (typeof description !== 'string' || description.trim() === '') {
    return { ok: false, error: `@todo write: todo #${position} has an empty description; give it a "description"` };
  }
  const rawStatus = record?.status;
  const status = blank(rawStatus) ? 'pending' : readStatus(rawStatus);
  if (!status) return { ok: false, error: `@todo write: todo #${position} has invalid status ${JSON.stringify(rawStatus)}; valid statuses: ${VALID}` };
  return { ok: true, value: { description: description.trim(), status } };
}

export function readTodos(payload: Record<string, unknown>): Read<TodoItem[]> {
  let todos = payload.todos;
  if (todos === undefined || todos === null) {
    return { ok: false, error: '@todo write: "todos" is required: an array like [{"description":"Run the tests","status":"pending"}]' };
  }
  // The CLI form (and some models) pass the array as JSON text.
  if (typeof todos === 'string') {
    try {
      todos = JSON.parse(todos);
    } catch (error) {
      return { ok: false, error: `@todo write: "todos" is not valid JSON (${(error as Error).message})` };
    }
  }
  if (!Array.isArray(todos)) return { ok: false, error: '@todo write: "todos" must be an array of {"description","status"} objects' };
  if (todos.length === 0) return { ok: false, error: '@todo write: "todos" cannot be empty; list at least one task' };
  const items: TodoItem[] = [];
  for (const [index, item] of todos.entries()) {
    const read = readItem(item, index + 1);
    if (!read.ok) return read;
    items.push(read.value);
  }
  return { ok: true, value: items };
}

export interface MarkInput {
  id: number;
  status: TaskStatus;
  error?: string;
}

export function readMark(payload: Record<string, unknown>): Read<MarkInput> {
  const { id, status, error } = payload;
  if (blank(id)) return { ok: false, error: '@todo mark: "id" is required (the 1-based task number shown by @todo list)' };
  const number = typeof id === 'number' ? id : typeof id === 'string' ? Number(id.trim()) : Number.NaN;
  if (!Number.isInteger(number) || number < 1) {
    return { ok: false, error: `@todo mark: "id" must be a whole number >= 1 (got ${JSON.stringify(id)})` };
  }
  if (blank(status)) return { ok: false, error: `@todo mark: "status" is required; valid statuses: ${VALID}` };
  const checked = readStatus(status);
  if (!checked) return { ok: false, error: `@todo mark: invalid status ${JSON.stringify(status)}; valid statuses: ${VALID}` };
  const note = blank(error) ? undefined : String(error);
  return { ok: true, value: { id: number, status: checked, ...(note === undefined ? {} : { error: note }) } };
}
