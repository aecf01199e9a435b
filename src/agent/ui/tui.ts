import type { EventSink } from '../events.js';
import { isSlashCommand, unescapeSlash, type SlashResult } from '../loop/slash.js';
import type { ScopedApprover } from '../../permissions/types.js';
import { LineReader } from './line-reader.js';
import { createApprover, readMessage, WAITING } from './prompts.js';
import { EventRenderer } from './renderer.js';
import { Screen } from './screen.js';
import { Spinner } from './spinner.js';
import { createStyle, sanitize } from './style.js';

export interface TuiOptions {
  input: NodeJS.ReadableStream & { isTTY?: boolean; setRawMode?(on: boolean): unknown };
  output: { write(text: string): unknown; columns?: number; isTTY?: boolean };
  // False when NO_COLOR is set or the output is not a TTY.
  color: boolean;
  header: { model: string; workspace: string; approvalMode: string; transcript?: string };
  // Ctrl+C pressed while no prompt is open (the caller cancels the turn or exits).
  onInterrupt: () => void;
  // The clock, for tests.
  now?: () => number;
  // Runs /undo, /redo, /checkpoints typed at the prompt (src/agent/loop/slash.ts); absent: they are messages.
  slash?: (line: string) => Promise<SlashResult>;
}

export interface Tui {
  // Renders the run's events.
  emit: EventSink;
  // After an answer: the next request (after a question, with the waiting line); null ends the session.
  askUser(answer: string, question: boolean): Promise<string | null>;
  // The first request, when none was given on the command line.
  // `given`: a /command given as the task on the command line, run (and shown) before the first read.
  readTask(given?: string): Promise<string | null>;
  approver: ScopedApprover;
  // The task given on the command line, echoed as if typed.
  echoTask(task: string): void;
  // What the person said when refusing calls since the last time (for the model), then cleared.
  takeNotes(): string[];
  // Milliseconds spent waiting for the person at approvals so far.
  waited(): number;
  // Stops the spinner and restores the terminal.
  close(): void;
}

// The interactive terminal UI of `codeward agent`: streamed text without the raw tags, tool calls and
// their results, coloured diffs, the plan with live statuses, a spinner, prompts and approvals.
export function createTui(options: TuiOptions): Tui {
  const screen = new Screen(options.output, createStyle(options.color));
  const { style } = screen;
  const now = options.now ?? Date.now;
  // The spinner asks the renderer for token counts only once it draws, after both exist.
  const spinner: Spinner = new Spinner(screen, options.output.isTTY === true, now, (): string => renderer.status());
  const renderer: EventRenderer = new EventRenderer(screen, spinner);
  const reader = new LineReader(options.input, screen, options.onInterrupt);
  const parts = { reader, screen, spinner };
  const notes: string[] = [];
  let waitedMs = 0;
  const approve = createApprover(parts, {
    preview: (request) => renderer.previewFor(request),
    onRefusal: (request, why) => notes.push(`The person refused ${request.judged} and said: ${JSON.stringify(why)}`),
    onWaited: (ms) => (waitedMs += ms),
    now,
  });
  let closed = false;
  // The command the person typed that is running now (its approval is the typing).
  let personCommand: string | null = null;
  // What the model is told with the next message: changes the person's /undo and /redo made.
  const pending: string[] = [];

  // The person's next message; /undo, /redo and /checkpoints run in between and are reported.
  const echo = (task: string): void => screen.line(`${style.bold(style.cyan('>'))} ${sanitize(task)}`);
  // `given`: a line typed before the session began (a /command given as the task), taken as the first.
  const nextMessage = async (intro: string | null, given?: string): Promise<string | null> => {
    let first = intro;
    let pretyped = given;
    for (;;) {
      let typed: string | null;
      if (pretyped === undefined) {
        typed = await readMessage(parts, first);
        first = null;
      } else {
        typed = pretyped;
        pretyped = undefined;
        echo(typed);
      }
      const message = typed === null || !options.slash || isSlashCommand(typed) ? typed : unescapeSlash(typed);
      if (message === null || !options.slash || !isSlashCommand(message)) {
        if (message === null || pending.length === 0) return message;
        return `${pending.splice(0).join('\n')}\n\n${message}`;
      }
      personCommand = message.trim().slice(1).split(/\s+/)[0]!.toLowerCase();
      try {
        const result = await options.slash(message);
        const lines = sanitize(result.output).split('\n');
        screen.line(...lines.map((line) => screen.fit(result.ok ? style.dim(`  ${line}`) : style.red(`  ${line}`))));
        if (result.note) pending.push(result.note);
      } finally {
        personCommand = null;
      }
    }
  };

  const { model, workspace, approvalMode, transcript } = options.header;
  const dot = style.dim(' · ');
  const fields = [style.bold('codeward'), sanitize(model), sanitize(workspace), `approvals: ${sanitize(approvalMode)}`];
  if (transcript) fields.push(style.dim(`transcript: ${sanitize(transcript)}`));
  screen.line(screen.fit(fields.join(dot)));

  return {
    emit: (event) => {
      if (!closed) renderer.handle(event);
    },
    askUser: (_answer, question) => {
      renderer.flushPlan();
      return closed ? Promise.resolve(null) : nextMessage(question ? style.yellow(WAITING) : null);
    },
    readTask: (given) => (closed ? Promise.resolve(null) : nextMessage(style.dim("What should I do? (--- for multiline, 'exit' to quit; /help, /undo, /redo, /checkpoints)"), given)),
    approver: (request) => {
      renderer.flushPlan();
      // The person's own /undo or /redo: typing it was the approval.
      if (personCommand !== null && request.tool === `@coder ${personCommand}` && request.source !== 'immune') return Promise.resolve('once');
      return approve(request);
    },
    echoTask: echo,
    takeNotes: () => notes.splice(0, notes.length),
    waited: () => waitedMs,
    close: () => {
      if (closed) return;
      closed = true;
      renderer.flushPlan();
      spinner.stop();
      screen.endStream();
      reader.close();
    },
  };
}
