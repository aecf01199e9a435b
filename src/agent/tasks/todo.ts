import { readMark, readTodos } from './todo-input.js';
import { readTodoRequest } from './todo-request.js';
import type { TaskTracker } from './tracker.js';

export type TodoResult = { ok: true; output: string } | { ok: false; error: string };

const show = (tracker: TaskTracker): string => tracker.format() || '(no plan)';

// The @todo tool (parity with Claude Code's TodoWrite): the model writes, lists or marks its plan explicitly,
// on the same tracker that follows the numbered list in its <reasoning>, so both views stay one plan.
// `args` is the raw args attribute of the tool call: JSON ({"cmd":"write|list|mark","args":{...}}) or CLI text.
export function runTodo(tracker: TaskTracker, args: string): TodoResult {
  const request = readTodoRequest(args);
  if (!request.ok) return request;
  const { cmd, payload } = request.value;
  switch (cmd) {
    case 'list':
      return { ok: true, output: show(tracker) };
    case 'write': {
      const todos = readTodos(payload);
      if (!todos.ok) return todos;
      tracker.setTasks(todos.value);
      return { ok: true, output: show(tracker) };
    }
    case 'mark': {
      const mark = readMark(payload);
      if (!mark.ok) return mark;
      try {
        tracker.markById(mark.value.id, mark.value.status, mark.value.error);
      } catch (error) {
        return { ok: false, error: `@todo mark: ${(error as Error).message}; see @todo list` };
      }
      return { ok: true, output: show(tracker) };
    }
    default:
      return { ok: false, error: `@todo: unknown subcommand ${JSON.stringify(cmd)} (expected write|list|mark)` };
  }
}
