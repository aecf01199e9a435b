import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { harness, plain, SPINNER, usage, type Harness } from './harness.js';

let current: Harness | undefined;
const open = (options: Parameters<typeof harness>[0] = {}): Harness => (current = harness(options));
beforeEach(() => {
  vi.useFakeTimers();
});
afterEach(() => {
  current?.tui.close();
  vi.useRealTimers();
});

const frames = (h: Harness): string[] => h.output.chunks.map(plain).filter((chunk) => SPINNER.test(chunk));

describe('the spinner', () => {
  it('shows elapsed seconds and token counts while a request and a tool call run, on a TTY', () => {
    const h = open({ tty: true });
    h.tui.emit({ type: 'request', turn: 1, attempt: 1 });
    expect(frames(h)).toEqual(['⠋ thinking 0s']);
    h.clock = 3200;
    vi.advanceTimersByTime(100);
    expect(frames(h).at(-1)).toBe('⠙ thinking 3s');
    h.tui.emit({ type: 'turn', turn: 1, attempt: 1, text: 'x', usage });
    h.tui.emit({ type: 'tool_call', turn: 1, id: 't1-1', tool: '@coder', cmd: 'exec', args: 'exec --cmd "npm test"' });
    expect(frames(h).at(-1)).toBe('⠙ running exec npm test 0s · ↑100 ↓20 tokens');
    h.tui.emit({ type: 'tool_result', turn: 1, id: 't1-1', tool: '@coder', cmd: 'exec', ok: true, output: '', durationMs: 5 });
    const count = frames(h).length;
    vi.advanceTimersByTime(1000);
    expect(frames(h)).toHaveLength(count);
    expect(vi.getTimerCount()).toBe(0);
  });

  it('is erased before any other output is written', () => {
    const h = open({ tty: true });
    h.tui.emit({ type: 'request', turn: 1, attempt: 1 });
    vi.advanceTimersByTime(250);
    h.tui.emit({ type: 'notice', message: 'hello' });
    h.tui.emit({ type: 'text', turn: 1, delta: 'streamed' });
    const chunks = h.output.chunks;
    chunks.forEach((chunk, index) => {
      if (!SPINNER.test(plain(chunk))) return;
      const next = chunks[index + 1];
      if (next !== undefined) expect(next).toMatch(/^\r {5,}\r$/);
    });
    expect(h.output.screen).toContain('! hello\nstreamed');
  });

  it('is not drawn in the middle of a streamed line', () => {
    const h = open({ tty: true });
    h.tui.emit({ type: 'request', turn: 1, attempt: 1 });
    h.tui.emit({ type: 'text', turn: 1, delta: 'half a line' });
    const count = frames(h).length;
    vi.advanceTimersByTime(500);
    expect(frames(h)).toHaveLength(count);
  });

  it('never runs when the output is not a TTY', () => {
    const h = open({ tty: false });
    h.tui.emit({ type: 'request', turn: 1, attempt: 1 });
    expect(vi.getTimerCount()).toBe(0);
    vi.advanceTimersByTime(1000);
    expect(frames(h)).toEqual([]);
  });

  it('leaves no timer behind after close', () => {
    const h = open({ tty: true });
    h.tui.emit({ type: 'request', turn: 1, attempt: 1 });
    expect(vi.getTimerCount()).toBe(1);
    h.tui.close();
    expect(vi.getTimerCount()).toBe(0);
    h.tui.emit({ type: 'request', turn: 2, attempt: 1 });
    expect(vi.getTimerCount()).toBe(0);
  });

  it('is hidden while an approval is asked and comes back afterwards', async () => {
    const h = open({ tty: true });
    h.tui.emit({ type: 'tool_call', turn: 1, id: 't1-1', tool: '@coder', cmd: 'exec', args: 'exec --cmd ls' });
    const answer = h.tui.approver({ judged: '@coder exec ls', tool: '@coder exec', reason: 'r', source: 'default', immune: null, options: ['once', 'no'], suggestion: null });
    await vi.advanceTimersByTimeAsync(0);
    expect(vi.getTimerCount()).toBe(0);
    h.input.write('y\n');
    await expect(answer).resolves.toBe('once');
    expect(vi.getTimerCount()).toBe(1);
  });
});
