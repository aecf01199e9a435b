import { tokenize } from '../../args/tokenize.js';

// What a @todo call asks for, whichever way the model wrote it. Payload keys are the JSON ones
// (`todos`, `id`, `status`, `error`); values are still unchecked (see todo-input.ts).
export interface TodoRequest {
  cmd: string;
  payload: Record<string, unknown>;
}

export type Read<T> = { ok: true; value: T } | { ok: false; error: string };

const FLAGS: Readonly<Record<string, readonly string[]>> = { write: ['todos'], list: [], mark: ['id', 'status', 'error'] };

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

// {"cmd":"mark","args":{"id":2}}; fields beside `args` count too, and a bare {"todos":[...]} (Claude Code's
// TodoWrite shape) is a write.
function fromJson(text: string): Read<TodoRequest> {
  let parsed: unknown;
  try {
    parsed = JSON.parse(text);
  } catch (error) {
    return { ok: false, error: `@todo: malformed JSON args (${(error as Error).message}); expected {"cmd":"write|list|mark","args":{...}}` };
  }
  if (!isRecord(parsed)) return { ok: false, error: '@todo: malformed JSON args: expected an object like {"cmd":"list"}' };
  const { cmd, args, ...rest } = parsed;
  if (args !== undefined && !isRecord(args)) return { ok: false, error: '@todo: "args" must be an object, e.g. {"cmd":"mark","args":{"id":1,"status":"completed"}}' };
  const payload = { ...rest, ...args };
  if (cmd === undefined || cmd === null || cmd === '') return { ok: true, value: { cmd: payload.todos === undefined ? 'list' : 'write', payload } };
  if (typeof cmd !== 'string') return { ok: false, error: '@todo: "cmd" must be a string: write, list or mark' };
  return { ok: true, value: { cmd: cmd.trim().toLowerCase(), payload } };
}

// write --todos '[...]', mark --id 2 --status completed, --flag=value. The todos value is JSON text.
function fromArgv(text: string): Read<TodoRequest> {
  let tokens: string[];
  try {
    tokens = tokenize(text);
  } catch (error) {
    return { ok: false, error: `@todo: ${(error as Error).message}` };
  }
  const cmd = (tokens[0] ?? 'list').toLowerCase();
  const allowed = FLAGS[cmd];
  if (!allowed) return { ok: true, value: { cmd, payload: {} } };
  const expected = allowed.length === 0 ? 'no flags' : allowed.map((flag) => `--${flag}`).join(', ');
  const payload: Record<string, unknown> = {};
  for (let i = 1; i < tokens.length; i++) {
    const token = tokens[i] as string;
    const flag = /^--?([\w-]+)(?:=([\s\S]*))?$/.exec(token);
    const name = flag?.[1]?.toLowerCase();
    if (!flag || name === undefined || !allowed.includes(name)) {
      return { ok: false, error: `@todo ${cmd}: unexpected "${token}" (expected ${expected})` };
    }
    const value = flag[2] ?? tokens[++i];
    if (value === undefined) return { ok: false, error: `@todo ${cmd}: --${name} needs a value` };
    payload[name] = value;
  }
  return { ok: true, value: { cmd, payload } };
}

// Empty args mean `list`, as in the original.
export function readTodoRequest(args: string): Read<TodoRequest> {
  const text = args.trim();
  if (text === '') return { ok: true, value: { cmd: 'list', payload: {} } };
  return text.startsWith('{') || text.startsWith('[') ? fromJson(text) : fromArgv(text);
}
