import { PassThrough } from 'node:stream';
import { afterEach } from 'vitest';
import type { AgentEvent } from '../../../src/agent/events.js';
import { createTui, type Tui } from '../../../src/agent/ui/index.js';

// eslint-disable-next-line no-control-regex
export const ANSI = /\x1b\[[0-9;?]*[A-Za-z~]/g;
export const SPINNER = /^[⠋⠙⠹⠸⠼⠴⠦⠧⠇⠏] /;
export const plain = (text: string): string => text.replace(ANSI, '');

export class FakeOutput {
  readonly chunks: string[] = [];
  constructor(
    public isTTY = false,
    public columns = 100,
  ) {}
  write(text: string): boolean {
    this.chunks.push(text);
    return true;
  }
  get text(): string {
    return this.chunks.join('');
  }
  // The writes without the spinner's frames and the erasures that follow them, colours stripped.
  get screen(): string {
    return plain(this.chunks.filter((chunk) => !/^\r *\r$/.test(chunk) && !SPINNER.test(plain(chunk))).join(''));
  }
}

export type FakeInput = PassThrough & { isTTY?: boolean; setRawMode?: (on: boolean) => unknown; rawModes: boolean[] };

export interface Harness {
  readonly tui: Tui;
  readonly input: FakeInput;
  readonly output: FakeOutput;
  readonly interrupts: number[];
  clock: number;
}

export function harness(options: { tty?: boolean; color?: boolean; raw?: boolean; columns?: number; transcript?: string } = {}): Harness {
  const input = new PassThrough() as FakeInput;
  input.rawModes = [];
  if (options.raw) {
    input.isTTY = true;
    input.setRawMode = (on: boolean) => input.rawModes.push(on);
  }
  const output = new FakeOutput(options.tty ?? false, options.columns ?? 100);
  const interrupts: number[] = [];
  const state = { clock: 0 } as Harness;
  const tui = createTui({
    input,
    output,
    color: options.color ?? false,
    header: { model: 'openai:gpt-test', workspace: '/tmp/ws', approvalMode: 'ask', ...(options.transcript ? { transcript: options.transcript } : {}) },
    onInterrupt: () => interrupts.push(1),
    now: () => state.clock,
  });
  return Object.assign(state, { tui, input, output, interrupts });
}

// Lets pending stream callbacks and promise continuations run.
export const tick = (): Promise<void> => new Promise((resolve) => setImmediate(resolve));

export const usage = { input: 100, output: 20 };

// `open(options)` for a test file: every harness it opens is closed after each test.
export function harnesses(): (options?: Parameters<typeof harness>[0]) => Harness {
  const opened: Harness[] = [];
  afterEach(() => {
    for (const one of opened.splice(0)) one.tui.close();
  });
  return (options = {}) => {
    const one = harness(options);
    opened.push(one);
    return one;
  };
}

// A plan event with one task per status.
export const planEvent = (statuses: ('pending' | 'in_progress' | 'completed' | 'failed')[]): AgentEvent => ({
  type: 'task',
  text: '',
  plan: {
    tasks: statuses.map((status, index) => ({ id: index + 1, description: `task ${index + 1}`, status, ...(status === 'failed' ? { error: 'C220 not found' } : {}) })),
    current: null,
    consecutiveFailures: 0,
    needsReplan: false,
  },
});
