import { setTimeout as sleep } from 'node:timers/promises';
import { describe, expect, it } from 'vitest';
import { agentResultsMessage, mapPool } from '../../../src/agent/agents/dispatch.js';
import type { WorkerReport } from '../../../src/agent/agents/worker.js';

// Runs `items` through mapPool, each item sleeping `ms(item)`, and measures how many ran at once.
async function measured(items: number[], limit: number, ms: (item: number) => number) {
  let running = 0;
  let peak = 0;
  const order: string[] = [];
  const results = await mapPool(items, limit, async (item) => {
    running += 1;
    peak = Math.max(peak, running);
    order.push(`start ${item}`);
    await sleep(ms(item));
    order.push(`end ${item}`);
    running -= 1;
    return item * 10;
  });
  return { results, peak, order };
}

describe('mapPool', () => {
  it('returns the results in input order even when later items finish first', async () => {
    const { results, order } = await measured([1, 2, 3, 4], 4, (item) => 50 - item * 10);
    expect(results).toEqual([10, 20, 30, 40]);
    expect(order.indexOf('end 4')).toBeLessThan(order.indexOf('end 1'));
  });

  it('never runs more than `limit` at once, and does use the whole limit', async () => {
    const items = Array.from({ length: 10 }, (_, index) => index);
    const { results, peak } = await measured(items, 3, (item) => 5 + (item % 3) * 7);
    expect(results).toEqual(items.map((item) => item * 10));
    expect(peak).toBe(3);
  });

  it('runs one at a time with limit 1', async () => {
    const { results, peak, order } = await measured([3, 1, 2], 1, (item) => item * 5);
    expect(results).toEqual([30, 10, 20]);
    expect(peak).toBe(1);
    expect(order).toEqual(['start 3', 'end 3', 'start 1', 'end 1', 'start 2', 'end 2']);
  });

  it('starts no more lanes than items, handles no items, and treats a limit below 1 as 1', async () => {
    expect((await measured([1, 2], 16, () => 5)).peak).toBe(2);
    expect(await mapPool([], 4, async () => 1)).toEqual([]);
    expect((await measured([1, 2, 3], 0, () => 2)).peak).toBe(1);
  });
});

function report(extra: Partial<WorkerReport> = {}): WorkerReport {
  return { id: 'ac-1', agent: 'file', task: 'Read src/a.ts', ok: true, output: 'a.ts exports foo', durationMs: 1234, turns: 2, toolCalls: 3, failedCalls: 0, ...extra };
}

describe('agentResultsMessage', () => {
  it('reports every agent that succeeded, with no failure advice', () => {
    const message = agentResultsMessage([report(), report({ id: 'ac-2', agent: 'search', task: 'Find foo', output: '  src/a.ts:1\n', durationMs: 500, turns: 1, toolCalls: 1 })]);
    expect(message).toBe(
      [
        '--- Agent Results (2 ok, 0 failed) ---',
        '',
        '[file] (call ac-1, 1.2s, 2 turns, 3 tool calls)',
        'Task: Read src/a.ts',
        'Status: OK',
        'Output:\na.ts exports foo',
        '',
        '---',
        '',
        '[search] (call ac-2, 0.5s, 1 turn, 1 tool call)',
        'Task: Find foo',
        'Status: OK',
        'Output:\nsrc/a.ts:1',
      ].join('\n'),
    );
    expect(message).not.toContain('Some agents failed');
  });

  it('reports a failure with its code and message, the failed calls, and the advice', () => {
    const failed = report({ id: 'ac-2', agent: 'coder', task: 'Fix it', ok: false, output: '', turns: 30, toolCalls: 12, failedCalls: 4, error: { code: 'C250', message: 'agent "coder" ran past its timeout (600 s)' } });
    const message = agentResultsMessage([report(), failed]);
    expect(message.startsWith('--- Agent Results (1 ok, 1 failed) ---\n')).toBe(true);
    expect(message).toContain('[coder] (call ac-2, 1.2s, 30 turns, 12 tool calls (4 failed))\nTask: Fix it\nStatus: FAILED — C250 agent "coder" ran past its timeout (600 s)');
    // No output section for an agent that produced none.
    const coderBlock = message.slice(message.indexOf('[coder]'));
    expect(coderBlock).not.toContain('Output:');
    expect(message.endsWith('\n\nSome agents failed: dispatch them again with a corrected task, or do that work yourself with @coder tool calls.')).toBe(true);
  });

  it('says "no answer" for a failure without an error', () => {
    const message = agentResultsMessage([report({ ok: false, output: '' })]);
    expect(message).toContain('(0 ok, 1 failed)');
    expect(message).toContain('Status: FAILED — no answer');
    expect(message).toContain('Some agents failed');
  });
});
