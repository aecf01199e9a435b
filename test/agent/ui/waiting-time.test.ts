import { describe, expect, it } from 'vitest';
import { harnesses, plain, SPINNER, tick } from './harness.js';

const open = harnesses();

describe('time spent waiting for the person (issue 17 point 7)', () => {
  it('is counted by waited() and kept out of the spinner\'s elapsed time', async () => {
    const h = open({ tty: true });
    h.tui.emit({ type: 'tool_call', turn: 1, id: 't1-1', tool: '@coder', cmd: 'exec', args: 'exec --cmd "make"' });
    h.clock = 2_000;
    const request = { judged: '@coder exec make', tool: '@coder exec', reason: 'r', source: 'default' as const, immune: null, options: ['once', 'no'] as ('once' | 'no')[], suggestion: null };
    const answer = h.tui.approver(request);
    await tick();
    h.clock = 62_000;
    h.input.write('y\n');
    await expect(answer).resolves.toBe('once');
    expect(h.tui.waited()).toBe(60_000);
    h.clock = 63_500;
    h.tui.emit({ type: 'notice', message: 'x' });
    h.tui.emit({ type: 'tool_call', turn: 1, id: 't1-2', tool: '@coder', cmd: 'exec', args: 'exec --cmd "ls"' });
    const frames = h.output.chunks.map(plain).filter((chunk) => SPINNER.test(chunk));
    expect(frames.some((frame) => /\b6\ds\b/.test(frame))).toBe(false);
  });
});
