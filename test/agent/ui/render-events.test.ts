import { describe, expect, it } from 'vitest';
import type { AgentEvent } from '../../../src/agent/events.js';
import { ANSI, plain, usage, harnesses, planEvent } from './harness.js';

const open = harnesses();

const plan = planEvent;

const result = (fields: Partial<Extract<AgentEvent, { type: 'tool_result' }>>): AgentEvent => ({ type: 'tool_result', turn: 1, id: 't1-1', tool: '@coder', cmd: 'read', ok: true, output: '', durationMs: 12, ...fields });

describe('the TUI renders events', () => {
  it('prints a header with model, workspace, approval mode and transcript', () => {
    const { output } = open({ transcript: '.codeward/sessions/abc.jsonl' });
    expect(output.screen.split('\n')[0]).toBe('codeward · openai:gpt-test · /tmp/ws · approvals: ask · transcript: .codeward/sessions/abc.jsonl');
  });

  it('shows a tool call as one line and its result with duration', () => {
    const { tui, output } = open();
    tui.emit({ type: 'tool_call', turn: 1, id: 't1-1', tool: '@coder', cmd: 'read', args: '{"cmd":"read","args":{"file":"src/app.ts"}}' });
    tui.emit(result({}));
    expect(output.screen).toContain('● read src/app.ts\n  ✓ 12ms\n');
  });

  it('names the call on its result line when other calls were printed in between', () => {
    const { tui, output } = open();
    tui.emit({ type: 'tool_call', turn: 1, id: 't1-1', tool: '@coder', cmd: 'read', args: 'read --file a.ts' });
    tui.emit({ type: 'tool_call', turn: 1, id: 't1-2', tool: '@coder', cmd: 'read', args: 'read --file b.ts' });
    tui.emit(result({ id: 't1-1', durationMs: 1500 }));
    expect(output.screen).toContain('● read b.ts\n  ✓ read a.ts 1.5s\n');
  });

  it('shows a failure with its code and message, and the first and last lines of a failed command', () => {
    const { tui, output } = open();
    const lines = Array.from({ length: 30 }, (_, index) => `line ${index + 1}`).join('\n');
    tui.emit({ type: 'tool_call', turn: 1, id: 't1-1', tool: '@coder', cmd: 'exec', args: 'exec --cmd "npm run build"' });
    tui.emit(result({ cmd: 'exec', ok: false, code: 'C253', message: 'exit status 1\nmore', output: lines }));
    const screen = output.screen;
    expect(screen).toContain('● exec npm run build\n  ✗ exit status 1 (C253) · 12ms\n    line 1\n');
    expect(screen).toContain('    line 6\n    … 21 more lines\n    line 28\n');
    expect(screen).not.toContain('line 7\n');
    expect(screen).toContain('line 30');
  });

  it('colours a diff (+ green, - red, @@ cyan) and cuts it at 40 lines', () => {
    const { tui, output } = open({ color: true });
    const body = Array.from({ length: 50 }, (_, index) => (index % 2 ? `+added ${index}` : `-removed ${index}`));
    const diff = ['--- a/x.ts', '+++ b/x.ts', '@@ -1,25 +1,25 @@', ...body].join('\n');
    tui.emit(result({ cmd: 'patch', diff }));
    const text = output.text;
    expect(text).toContain('\x1b[32m+added 1\x1b[39m');
    expect(text).toContain('\x1b[31m-removed 0\x1b[39m');
    expect(text).toContain('\x1b[36m@@ -1,25 +1,25 @@\x1b[39m');
    expect(plain(text)).toContain('-removed 36\n    … 13 more lines\n');
    expect(plain(text)).not.toContain('+added 37');
  });

  it('shows a contract violation as one dim line', () => {
    const { tui, output } = open({ color: true });
    tui.emit({ type: 'turn', turn: 1, attempt: 1, text: 'just code', usage, violation: 'missing-reasoning', correction: 'Reasoning is required' });
    expect(output.text).toContain('\x1b[2mformat corrected: missing-reasoning, retrying\x1b[22m');
  });

  it('streams text with reasoning dimmed and tool tags hidden, even when split across deltas', () => {
    const { tui, output } = open({ color: true });
    const answer = `<reasoning>1. Read it</reasoning>\n<tool_call name="@coder" args='{"cmd":"read","args":{"file":"a > b"}}'/>\nReading now.`;
    tui.emit({ type: 'request', turn: 1, attempt: 1 });
    for (let at = 0; at < answer.length; at += 3) tui.emit({ type: 'text', turn: 1, delta: answer.slice(at, at + 3) });
    tui.emit({ type: 'turn', turn: 1, attempt: 1, text: answer, usage });
    expect(output.text.replaceAll('\x1b[22m\x1b[2m', '')).toContain('\x1b[2m1. Read it\x1b[22m');
    expect(output.screen).not.toMatch(/tool_call|reasoning>|args=/);
    expect(output.screen).toContain('1. Read it\n\nReading now.\n');
  });

  it('renders the answer of a model that does not stream, and a footer for the final answer', () => {
    const { tui, output } = open();
    tui.emit({ type: 'request', turn: 1, attempt: 1 });
    tui.emit({ type: 'turn', turn: 1, attempt: 1, text: '<reasoning>done</reasoning>\nAll tests pass.', usage });
    tui.emit({ type: 'final', ok: true, result: 'All tests pass.', question: false, turns: 1, usage });
    expect(output.screen).toContain('done\nAll tests pass.\n✓ done · 1 turn · ↑100 ↓20 tokens\n');
    expect(output.screen.match(/All tests pass/g)).toHaveLength(1);
  });

  it('prints errors in red and notices', () => {
    const { tui, output } = open({ color: true });
    tui.emit({ type: 'notice', message: 'turn cancelled' });
    tui.emit({ type: 'error', code: 'C250', message: 'cancelled by the user (Ctrl+C)' });
    expect(output.text).toContain('\x1b[31m✗ cancelled by the user (Ctrl+C) (C250)\x1b[39m');
    expect(output.screen).toContain('! turn cancelled\n');
  });

  it('shows a failed run once: the error, not its result again', () => {
    const { tui, output } = open();
    tui.emit({ type: 'error', code: 'C210', message: 'stagnation: the run stopped' });
    tui.emit({ type: 'final', ok: false, result: 'stagnation: the run stopped', question: false, turns: 3, usage });
    expect(output.screen.match(/stagnation/g)).toHaveLength(1);
    expect(output.screen).toContain('✗ stagnation: the run stopped (C210)\n');
  });

  it('writes no escape sequences when colour is off, not even ones from tool output', () => {
    const { tui, output } = open({ color: false });
    tui.emit({ type: 'tool_call', turn: 1, id: 't1-1', tool: '@coder', cmd: 'exec', args: 'exec --cmd "npm test"' });
    tui.emit(result({ cmd: 'exec', ok: false, code: 'C253', message: 'failed', output: '\x1b[31mFAIL\x1b[0m x.test.ts' }));
    tui.emit(result({ cmd: 'patch', diff: '@@ -1 +1 @@\n-a\n+b' }));
    tui.emit(plan(['completed', 'failed']));
    tui.emit({ type: 'error', code: 'C216', message: 'boom' });
    expect(output.text).toContain('FAIL x.test.ts');
    expect(output.text).not.toMatch(ANSI);
    expect(output.text).not.toContain('\x1b');
  });

  it('cuts single-line items to the terminal width', () => {
    const { tui, output } = open({ columns: 30 });
    tui.emit({ type: 'tool_call', turn: 1, id: 't1-1', tool: '@coder', cmd: 'read', args: `read --file ${'very/long/'.repeat(10)}app.ts` });
    const line = output.screen.split('\n').find((text) => text.startsWith('●'))!;
    expect(line).toBe('● read very/long/very/long/v…');
    expect([...line].length).toBe(29);
  });
});
