import { describe, expect, it } from 'vitest';
import { harnesses } from './harness.js';

const open = harnesses();

describe('the TUI shows dispatched agents', () => {
  it('prints a start line, one line per tool result and the end with its counts', () => {
    const { tui, output } = open();
    tui.emit({ type: 'agent', id: 'ac-1', agent: 'file', depth: 1, phase: 'start', task: 'Read src/a.ts\nand list its exports' });
    tui.emit({ type: 'agent', id: 'ac-1', agent: 'file', depth: 1, phase: 'step', cmd: 'read', ok: true });
    tui.emit({ type: 'agent', id: 'ac-1', agent: 'file', depth: 1, phase: 'step', cmd: 'write', ok: false, code: 'C240', message: 'read-only' });
    tui.emit({ type: 'agent', id: 'ac-1', agent: 'file', depth: 1, phase: 'end', ok: true, durationMs: 1234, turns: 2, toolCalls: 2 });
    const screen = output.screen;
    expect(screen).toContain('⇉ file agent ac-1: Read src/a.ts and list its exports\n');
    expect(screen).toContain('  file agent ac-1 · read ✓\n');
    expect(screen).toContain('  file agent ac-1 · write ✗ read-only (C240)\n');
    expect(screen).toContain('✓ file agent ac-1 done · 1.2s · 2 turns · 2 tool calls\n');
  });

  it('prints a failed agent with its error code', () => {
    const { tui, output } = open();
    tui.emit({ type: 'agent', id: 'ac-2', agent: 'coder', depth: 1, phase: 'start', task: 'x' });
    tui.emit({ type: 'agent', id: 'ac-2', agent: 'coder', depth: 1, phase: 'end', ok: false, durationMs: 1000, turns: 1, toolCalls: 0, error: { code: 'C250', message: 'ran past its timeout (1 s)' } });
    expect(output.screen).toContain('✗ coder agent ac-2 failed: ran past its timeout (1 s) (C250) · 1.0s · 1 turn · 0 tool calls\n');
  });

  it('never lets an agent task move the cursor or recolour the screen', () => {
    const { tui, output } = open({ color: true });
    tui.emit({ type: 'agent', id: 'ac-3', agent: 'file', depth: 1, phase: 'start', task: 'evil \x1b[2J\x1b[31mtask' });
    expect(output.text).not.toContain('\x1b[2J');
    expect(output.text).not.toContain('\x1b[31mtask');
  });
});
