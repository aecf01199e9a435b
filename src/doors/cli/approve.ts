import { closeSync, constants, openSync, readSync } from 'node:fs';
import { createInterface } from 'node:readline';
import type { ApprovalAnswer, ApprovalRequest, ScopedApprover } from '../../permissions/index.js';
import { questionText } from '../../permissions/question.js';

const LABELS: Readonly<Record<ApprovalAnswer, string>> = { once: '[y] once', always: '[a] always', no: '[n] no', never: '[d] never' };
const KEYS: Readonly<Record<string, ApprovalAnswer>> = { y: 'once', yes: 'once', a: 'always', always: 'always', n: 'no', no: 'no', d: 'never', never: 'never' };

export interface PromptStreams {
  readonly input: NodeJS.ReadableStream;
  readonly output: { write(text: string): unknown };
  // Throws away what was typed before the question was shown (default: discardTypeahead on a terminal).
  readonly discard?: () => void;
}

// A keystroke typed before the question was on the screen is not an answer to it (ChatCLI's input guard
// does the same): a "y<Enter>" typed ahead, or left over from the previous prompt, would otherwise approve
// the next call unseen. Drops what the stream already buffered, then, on a terminal, what the terminal holds:
// with canonical mode briefly off (so a half-typed line is readable too), /dev/tty is read without blocking
// until it is empty. Every failure means there is nothing (more) to drop.
export function discardTypeahead(input: NodeJS.ReadableStream): void {
  const stream = input as NodeJS.ReadableStream & { readableLength?: number; isTTY?: boolean; isRaw?: boolean; setRawMode?: (raw: boolean) => unknown };
  if ((stream.readableLength ?? 0) > 0) stream.read();
  if (stream.isTTY !== true) return;
  const wasRaw = stream.isRaw === true;
  let fd: number | undefined;
  try {
    if (!wasRaw) stream.setRawMode?.(true);
    fd = openSync('/dev/tty', constants.O_RDONLY | constants.O_NONBLOCK | constants.O_NOCTTY);
    const buffer = Buffer.alloc(4096);
    // Bounded: a terminal cannot hold more than a few KiB of pending input.
    for (let round = 0; round < 256 && readSync(fd, buffer) > 0; round += 1);
  } catch {
    // EAGAIN (drained), no /dev/tty (no controlling terminal): nothing to drop.
  } finally {
    if (fd !== undefined) closeSync(fd);
    if (!wasRaw) stream.setRawMode?.(false);
  }
}

// The one question every door asks (permissions/question.ts), as plain lines.
const describe = (request: ApprovalRequest): string => questionText(request).join('\n');

// Reads one line; resolves undefined on end of input or Ctrl+C (both count as "no").
function readAnswer(streams: PromptStreams, question: string): Promise<string | undefined> {
  return new Promise((resolve) => {
    const rl = createInterface({ input: streams.input, terminal: false });
    let settled = false;
    const finish = (value: string | undefined): void => {
      if (settled) return;
      settled = true;
      rl.close();
      resolve(value);
    };
    streams.output.write(question);
    rl.once('line', (line) => finish(line));
    rl.once('close', () => finish(undefined));
    rl.once('SIGINT', () => finish(undefined));
  });
}

// The CLI's approver at a terminal: the request on stderr, one keypress-and-enter answer.
// An answer that was not offered, end of input or Ctrl+C is "no".
export function terminalApprover(streams: PromptStreams): ScopedApprover {
  const discard = streams.discard ?? (() => discardTypeahead(streams.input));
  return async (request) => {
    const choices = request.options.map((option) => LABELS[option]).join(' / ');
    discard();
    const line = await readAnswer(streams, `${describe(request)}\n  ${choices} ? `);
    const answer = KEYS[(line ?? '').trim().toLowerCase()];
    streams.output.write(line === undefined ? '\n' : '');
    if (line === undefined) return { answer: 'no', unanswered: 'the input ended or Ctrl+C came first; what was typed before the question appeared is thrown away, never read as an answer' };
    return answer !== undefined && request.options.includes(answer) ? answer : 'no';
  };
}
