import { stripAnsi, truncate, visibleWidth, columnsOf, type Style } from './style.js';

export interface TuiOutput {
  write(text: string): unknown;
  columns?: number;
  isTTY?: boolean;
}

// The one writer of the terminal: knows whether the cursor is at the start of a line, clears the
// spinner line before anything else is written, and lays streamed text out without runs of blank lines.
export class Screen {
  private atLineStart = true;
  // Whitespace at the end of streamed text, held back until more text shows whether it matters.
  private held = '';
  private streaming = false;
  private overlayWidth = 0;

  constructor(
    private readonly output: TuiOutput,
    readonly style: Style,
  ) {}

  get columns(): number {
    return columnsOf(this.output);
  }

  get tty(): boolean {
    return this.output.isTTY === true;
  }

  // UI text, written as is (ANSI stripped when colour is off).
  write(text: string): void {
    if (text === '') return;
    this.clearOverlay();
    this.settle();
    this.emit(text);
  }

  // Whole lines, each starting on a fresh line.
  line(...lines: string[]): void {
    this.clearOverlay();
    this.settle();
    if (!this.atLineStart) this.emit('\n');
    for (const line of lines) this.emit(`${line}\n`);
  }

  // One line cut to the terminal width.
  fit(text: string, indent = 0): string {
    return truncate(text, this.columns - 1 - indent);
  }

  // A piece of the model's streamed answer: trailing whitespace is held back, spaces before a line
  // break are dropped, blank lines collapse to one and the block never starts with blank lines.
  stream(text: string, paint: (text: string) => string = (value) => value): void {
    if (text === '') return;
    this.clearOverlay();
    if (!this.streaming) {
      if (!this.atLineStart) this.emit('\n');
      this.streaming = true;
      this.held = '';
    }
    const body = text.replace(/\s+$/, '');
    if (body === '') {
      this.held += text;
      return;
    }
    let chunk = `${this.held}${body}`.replace(/[ \t]+\n/g, '\n').replace(/\n{3,}/g, '\n\n');
    if (this.atLineStart) chunk = chunk.replace(/^(?:[ \t]*\n)+/, '');
    this.held = text.slice(body.length);
    const lines = chunk.split('\n');
    this.emit(lines.map((line) => paint(line)).join('\n'));
  }

  // The end of a streamed block: held whitespace is dropped and the cursor goes to a fresh line.
  endStream(): void {
    if (!this.streaming) return;
    this.streaming = false;
    this.held = '';
    this.clearOverlay();
    if (!this.atLineStart) this.emit('\n');
  }

  // The spinner line, drawn only where it cannot overwrite text: at the start of a line.
  drawOverlay(text: string): void {
    if (!this.atLineStart) {
      const newline = this.held.indexOf('\n');
      if (newline === -1) return;
      this.held = this.held.slice(newline + 1);
      this.emit('\n');
    }
    this.clearOverlay();
    const line = truncate(text, this.columns - 1);
    this.overlayWidth = visibleWidth(line);
    this.output.write(this.style.color ? line : stripAnsi(line));
  }

  clearOverlay(): void {
    if (this.overlayWidth === 0) return;
    this.output.write(`\r${' '.repeat(this.overlayWidth)}\r`);
    this.overlayWidth = 0;
  }

  // Terminal control sequences (bracketed paste), written even when colour is off.
  control(sequence: string): void {
    if (this.tty) this.output.write(sequence);
  }

  // Outside a stream, held whitespace is dropped.
  private settle(): void {
    if (this.streaming) this.endStream();
  }

  private emit(text: string): void {
    const plain = this.style.color ? text : stripAnsi(text);
    if (plain === '') return;
    this.output.write(plain);
    const visible = stripAnsi(plain);
    if (visible !== '') this.atLineStart = visible.endsWith('\n');
  }
}
