import { describe, expect, it } from 'vitest';
import { tick, harnesses } from './harness.js';

const open = harnesses();

describe('a terminal in raw mode', () => {
  it('echoes typed keys with backspace, returns on Enter, and restores the mode on close', async () => {
    const { tui, input, output } = open({ raw: true });
    expect(input.rawModes).toEqual([true]);
    const answer = tui.readTask();
    await tick();
    input.write('heyy\x7f there\x17world\r');
    await expect(answer).resolves.toBe('hey world');
    expect(output.text).toContain('heyy\b \b there');
    tui.close();
    expect(input.rawModes).toEqual([true, false]);
  });

  it('Ctrl+C at a prompt is null; Ctrl+C while no prompt is open calls onInterrupt', async () => {
    const { tui, input, interrupts } = open({ raw: true });
    input.write('\x03');
    await tick();
    expect(interrupts).toHaveLength(1);
    const answer = tui.askUser('?', true);
    await tick();
    input.write('abc\x03');
    await expect(answer).resolves.toBeNull();
    expect(interrupts).toHaveLength(1);
  });

  it('Ctrl+D on an empty line is end of input', async () => {
    const { tui, input } = open({ raw: true });
    const answer = tui.askUser('?', false);
    await tick();
    input.write('\x04');
    await expect(answer).resolves.toBeNull();
  });

  it('keeps the line breaks of a bracketed paste in one message', async () => {
    const { tui, input } = open({ raw: true });
    const answer = tui.askUser('?', true);
    await tick();
    input.write('\x1b[200~line 1\rline 2\x1b[2');
    await tick();
    input.write('01~ and more\r');
    await expect(answer).resolves.toBe('line 1\nline 2 and more');
  });

  it('keeps lines typed ahead within one message (a whole block in one chunk)', async () => {
    const { tui, input, output } = open({ raw: true });
    const answer = tui.askUser('?', true);
    await tick();
    input.write('---\rfirst\rsecond\r---\r');
    await expect(answer).resolves.toBe('first\nsecond');
    expect(output.screen).toContain('> ---\n… first\n… second\n… ---\n');
  });

  it('drops what was typed after a message once its prompt is done', async () => {
    const { tui, input } = open({ raw: true });
    const message = tui.askUser('?', false);
    await tick();
    input.write('hello\ry\r');
    await expect(message).resolves.toBe('hello');
    const approval = tui.approver({ judged: '@coder exec ls', tool: '@coder exec', reason: 'r', source: 'default', immune: null, options: ['once', 'no'], suggestion: null });
    await tick();
    input.write('n\r');
    await expect(approval).resolves.toBe('no');
  });

  it('drops keys typed while no prompt is open, so they cannot answer a later prompt', async () => {
    const { tui, input } = open({ raw: true });
    input.write('y\r');
    await tick();
    const answer = tui.askUser('?', false);
    await tick();
    input.write('real\r');
    await expect(answer).resolves.toBe('real');
  });

  it('an approval takes one key without Enter; a paste or a burst of keys never answers it (issue 17 point 7)', async () => {
    const { tui, input } = open({ raw: true });
    const request = { judged: '@coder exec ls', tool: '@coder exec', reason: 'r', source: 'default' as const, immune: null, options: ['once', 'no'] as ('once' | 'no')[], suggestion: null };
    const first = tui.approver(request);
    await tick();
    input.write('y');
    await expect(first).resolves.toBe('once');
    const second = tui.approver(request);
    await tick();
    input.write('\x1b[200~yes\x1b[201~');
    input.write('yy');
    await tick();
    input.write('\r');
    await expect(second).resolves.toBe('no');
  });
});

