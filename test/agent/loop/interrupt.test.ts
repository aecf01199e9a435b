import { describe, expect, it } from 'vitest';
import { interruptHandler } from '../../../src/doors/agent/interrupt.js';

describe('Ctrl+C in the agent', () => {
  function setup(running: boolean[]) {
    let clock = 0;
    const log: string[] = [];
    const loop = { cancelTurn: () => { const busy = running.shift() ?? false; log.push(busy ? 'cancel' : 'idle'); return busy; } };
    const press = interruptHandler(loop, () => log.push('exit'), () => clock);
    return { log, press, advance: (ms: number) => (clock += ms) };
  }

  it('cancels a running turn first, and leaves on a second press within two seconds', () => {
    const { log, press, advance } = setup([true, true]);
    press();
    advance(500);
    press();
    expect(log).toEqual(['cancel', 'exit']);
  });

  it('a press long after the last one cancels again', () => {
    const { log, press, advance } = setup([true, true]);
    press();
    advance(5_000);
    press();
    expect(log).toEqual(['cancel', 'cancel']);
  });

  it('leaves at once when no turn is running', () => {
    const { log, press } = setup([false]);
    press();
    expect(log).toEqual(['idle', 'exit']);
  });
});
