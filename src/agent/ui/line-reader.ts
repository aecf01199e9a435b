import { StringDecoder } from 'node:string_decoder';
import { KeyParser, type Key } from './keys.js';
import type { Screen } from './screen.js';
import { applyEdit, echoText } from './line-edit.js';

export interface TuiInput extends NodeJS.ReadableStream {
  isTTY?: boolean;
  setRawMode?(on: boolean): unknown;
}

type Waiter = { readonly prompt: string; readonly resolve: (line: string | null) => void; readonly keys?: ReadonlySet<string>; readonly followed?: ReadonlySet<string> };

// Owns the input for the whole session. At a terminal it switches to raw mode (so Ctrl+C during a run
// reaches `onInterrupt` instead of killing the process, and keys typed while the agent works are not
// echoed over its output), echoes what is typed at a prompt, and enables bracketed paste. From a pipe it
// queues lines, so a chunk holding several lines loses none. Prompts are served one at a time.
export class LineReader {
  readonly raw: boolean;
  private readonly decoder = new StringDecoder('utf8');
  private readonly keys = new KeyParser();
  private readonly queued: string[] = [];
  private buffer = '';
  private ended = false;
  private waiter: Waiter | null = null;
  private sessions = 0;
  // After a single-key answer, the Enter typed out of habit right behind it is not a line.
  private swallowEnter = false;
  private turn: Promise<unknown> = Promise.resolve();
  private readonly onData = (chunk: Buffer | string): void => {
    const text = typeof chunk === 'string' ? chunk : this.decoder.write(chunk);
    for (const key of this.keys.feed(text)) this.handle(key);
  };
  private readonly onEnd = (): void => {
    if (!this.raw && this.buffer !== '') this.queued.push(this.buffer);
    this.buffer = '';
    this.ended = true;
    if (this.waiter && this.queued.length === 0) this.settle(null, '\n');
    else if (this.waiter) {
      const line = this.queued.shift()!;
      this.settle(line, `${line}\n`);
    }
  };

  constructor(
    private readonly input: TuiInput,
    private readonly screen: Screen,
    private readonly onInterrupt: () => void,
  ) {
    this.raw = input.isTTY === true && typeof input.setRawMode === 'function';
    if (this.raw) {
      input.setRawMode!(true);
      screen.control('\x1b[?2004h');
    }
    input.on('data', this.onData);
    input.on('end', this.onEnd);
    input.resume();
  }

  // Runs `task` once every earlier exclusive task has finished: one prompt on screen at a time.
  // At a terminal, keys count only while such a task is pending: typed ahead within one message (a fast
  // `---` block) they are kept, typed while the agent works they are dropped (they must not answer an
  // approval that appears later).
  exclusive<T>(task: () => Promise<T>): Promise<T> {
    this.sessions += 1;
    const done = (): void => {
      this.sessions -= 1;
      if (this.raw && this.sessions === 0) this.discard();
    };
    const run = this.turn.then(task, task).finally(done);
    this.turn = run.catch(() => undefined);
    return run;
  }

  // Shows `prompt`, resolves the next line; null on Ctrl+C, Ctrl+D on an empty line, or end of input.
  read(prompt: string): Promise<string | null> {
    this.screen.write(prompt);
    if (this.queued.length > 0) {
      const line = this.queued.shift()!;
      this.screen.write(`${line}\n`);
      return Promise.resolve(line);
    }
    if (this.ended) {
      this.screen.write('\n');
      return Promise.resolve(null);
    }
    if (this.raw) this.screen.write(echoText(this.buffer));
    return new Promise((resolve) => {
      this.waiter = { prompt, resolve };
    });
  }

  // Shows `prompt`, resolves one of `keys` as soon as it is typed (at a terminal; from a pipe, a line);
  // Enter alone resolves '' and Ctrl+C or end of input null. Other keys are ignored. An Enter typed right
  // after the key is dropped, unless the key is one of `followed` (a prompt for a line comes next: the
  // Enter answers it).
  readKey(prompt: string, keys: readonly string[], followed: readonly string[] = []): Promise<string | null> {
    if (!this.raw) return this.read(prompt);
    this.screen.write(prompt);
    if (this.ended) {
      this.screen.write('\n');
      return Promise.resolve(null);
    }
    this.buffer = '';
    return new Promise((resolve) => {
      this.waiter = { prompt, resolve, keys: new Set(keys.map((key) => key.toLowerCase())), followed: new Set(followed) };
    });
  }

  close(): void {
    if (this.waiter) this.settle(null, '\n');
    this.ended = true;
    this.input.removeListener('data', this.onData);
    this.input.removeListener('end', this.onEnd);
    if (this.raw) {
      this.screen.control('\x1b[?2004l');
      this.input.setRawMode!(false);
    }
    this.input.pause();
  }

  private settle(line: string | null, echo: string): void {
    const waiter = this.waiter!;
    this.waiter = null;
    this.buffer = '';
    this.screen.write(echo);
    waiter.resolve(line);
  }

  private handle(key: Key): void {
    if (key.type === 'interrupt') {
      if (this.waiter) this.settle(null, '^C\n');
      else this.onInterrupt();
      return;
    }
    if (this.raw && this.sessions === 0) return;
    const swallow = this.swallowEnter;
    this.swallowEnter = false;
    if (swallow && key.type === 'enter' && this.buffer === '') return;
    const echo = this.waiter !== null && this.raw;
    if (this.waiter?.keys) {
      if (key.type === 'text') {
        // One key, not a paste or keys typed ahead in one burst: those never answer a question.
        const typed = key.text.toLowerCase();
        if (typed.length !== 1 || !this.waiter.keys.has(typed)) return;
        this.swallowEnter = !this.waiter.followed?.has(typed);
        this.settle(typed, `${typed}\n`);
      } else if (key.type === 'enter') this.settle('', '\n');
      else if (key.type === 'eof') this.settle(null, '\n');
      return;
    }
    if (key.type === 'text') {
      this.buffer += key.text;
      if (echo) this.screen.write(echoText(key.text));
    } else if (key.type === 'enter') {
      if (this.waiter) this.settle(this.buffer, this.raw ? '\n' : `${this.buffer}\n`);
      else this.queued.push(this.buffer);
      this.buffer = '';
    } else if (key.type === 'eof') {
      if (this.waiter && this.buffer === '') this.settle(null, '\n');
    } else {
      const edit = applyEdit(this.buffer, key.type, this.waiter?.prompt ?? '');
      this.buffer = edit.buffer;
      if (echo) this.screen.write(edit.echo);
    }
  }

  private discard(): void {
    this.queued.length = 0;
    this.buffer = '';
  }
}
