import { describe, expect, it } from 'vitest';
import { runTodo } from '../../../src/agent/tasks/todo.js';
import { TaskTracker } from '../../../src/agent/tasks/tracker.js';

const WRITE = JSON.stringify({
  cmd: 'write',
  args: { todos: [{ description: 'Read files', status: 'completed' }, { description: 'Fix bug', status: 'in_progress' }, { description: 'Run tests' }] },
});
const EXPECTED = '[x] 1. Read files\n[>] 2. Fix bug\n[ ] 3. Run tests\nProgress: 1/3 done';

const ok = (tracker: TaskTracker, args: string): string => {
  const result = runTodo(tracker, args);
  if (!result.ok) throw new Error(`expected success, got: ${result.error}`);
  return result.output;
};

describe('runTodo: success paths', () => {
  it('write replaces the plan and shows it', () => {
    const tracker = new TaskTracker();
    expect(ok(tracker, WRITE)).toBe(EXPECTED);
    expect(tracker.snapshot().current).toBe(2);
  });

  it('list, {"cmd":"list"}, {} and empty args show the plan, or (no plan)', () => {
    const tracker = new TaskTracker();
    for (const args of ['', '   ', 'list', '{"cmd":"list"}', '{}']) expect(ok(tracker, args)).toBe('(no plan)');
    ok(tracker, WRITE);
    for (const args of ['', 'list', 'LIST', '{"cmd":"list"}']) expect(ok(tracker, args)).toBe(EXPECTED);
  });

  it('mark in JSON and CLI form, with an error note', () => {
    const tracker = new TaskTracker();
    ok(tracker, WRITE);
    expect(ok(tracker, '{"cmd":"mark","args":{"id":2,"status":"completed"}}')).toContain('[x] 2. Fix bug');
    expect(ok(tracker, 'mark --id 3 --status failed --error "exit 1"')).toContain('[!] 3. Run tests\n    Error: exit 1');
    expect(ok(tracker, 'mark --id=3 --status=In-Progress')).toContain('[>] 3. Run tests');
    expect(ok(tracker, '{"cmd":"mark","id":"1","status":"pending"}')).toContain('[ ] 1. Read files');
  });

  it('write in CLI form with a JSON array', () => {
    const tracker = new TaskTracker();
    expect(ok(tracker, `write --todos '[{"description":"a"},{"description":"b","status":"completed"}]'`)).toBe(
      '[ ] 1. a\n[x] 2. b\nProgress: 1/2 done',
    );
  });

  it("accepts Claude Code TodoWrite fields (content, activeForm, id) and a bare {todos}", () => {
    const tracker = new TaskTracker();
    const todos = [
      { id: '9', content: 'Read files', activeForm: 'Reading files', status: 'completed' },
      { id: '4', content: 'Fix bug', activeForm: 'Fixing bug', status: 'pending' },
    ];
    expect(ok(tracker, JSON.stringify({ todos }))).toBe('[x] 1. Read files\n[ ] 2. Fix bug\nProgress: 1/2 done');
  });

  it('accepts todos as JSON text and plain strings as items', () => {
    const tracker = new TaskTracker();
    expect(ok(tracker, JSON.stringify({ cmd: 'write', args: { todos: JSON.stringify(['a', 'b']) } }))).toBe('[ ] 1. a\n[ ] 2. b\nProgress: 0/2 done');
  });
});

describe('runTodo: errors name the fix', () => {
  const tracker = new TaskTracker();
  tracker.setTasks([{ description: 'a' }, { description: 'b' }]);

  it.each<[string, string, RegExp]>([
    ['todos missing', '{"cmd":"write","args":{}}', /"todos" is required/],
    ['todos empty', '{"cmd":"write","args":{"todos":[]}}', /"todos" cannot be empty/],
    ['todos not an array', '{"cmd":"write","args":{"todos":{"description":"a"}}}', /"todos" must be an array/],
    ['todos bad JSON text', 'write --todos "[{oops"', /"todos" is not valid JSON/],
    ['blank description, 1-based', '{"cmd":"write","args":{"todos":[{"description":"a"},{"description":"  "}]}}', /todo #2 has an empty description/],
    ['item of the wrong type', '{"cmd":"write","args":{"todos":[42]}}', /todo #1 must be an object/],
    ['invalid status in write', '{"cmd":"write","args":{"todos":[{"description":"a","status":"doing"}]}}', /todo #1 has invalid status "doing"; valid statuses: pending, in_progress, completed, failed/],
    ['mark without id', '{"cmd":"mark","args":{"status":"completed"}}', /"id" is required \(the 1-based task number/],
    ['mark with id 0', 'mark --id 0 --status completed', /"id" must be a whole number >= 1 \(got "0"\)/],
    ['mark with a fractional id', '{"cmd":"mark","args":{"id":1.5,"status":"completed"}}', /whole number/],
    ['mark with an unknown id', '{"cmd":"mark","args":{"id":7,"status":"completed"}}', /no task with id=7 in the current plan \(ids are 1-2\)/],
    ['mark without status', 'mark --id 1', /"status" is required; valid statuses: pending/],
    ['mark with an invalid status', 'mark --id 1 --status done', /invalid status "done"; valid statuses: pending, in_progress, completed, failed/],
    ['unknown subcommand (JSON)', '{"cmd":"delete"}', /unknown subcommand "delete" \(expected write\|list\|mark\)/],
    ['unknown subcommand (CLI)', 'clear --all', /unknown subcommand "clear" \(expected write\|list\|mark\)/],
    ['non-string cmd', '{"cmd":3}', /"cmd" must be a string/],
    ['malformed JSON', '{"cmd":"list"', /malformed JSON args/],
    ['a JSON array', '[1,2]', /malformed JSON args: expected an object/],
    ['args not an object', '{"cmd":"mark","args":"--id 1"}', /"args" must be an object/],
    ['unknown CLI flag', 'mark --id 1 --status completed --force', /@todo mark: unexpected "--force" \(expected --id, --status, --error\)/],
    ['flag without value', 'mark --id', /--id needs a value/],
    ['stray positional', 'list extra', /@todo list: unexpected "extra" \(expected no flags\)/],
    ['unbalanced quote', `write --todos '[`, /unbalanced single quote/],
  ])('%s', (_title, args, message) => {
    const result = runTodo(tracker, args);
    expect(result.ok).toBe(false);
    if (!result.ok) expect(result.error).toMatch(message);
  });

  it('a failed call leaves the plan unchanged', () => {
    const before = tracker.snapshot();
    runTodo(tracker, '{"cmd":"write","args":{"todos":[{"description":"x"},{"description":""}]}}');
    runTodo(tracker, 'mark --id 9 --status completed');
    expect(tracker.snapshot()).toEqual(before);
  });
});
