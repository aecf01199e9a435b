// The model's streamed <reasoning> with the checkboxes of its numbered plan taken out: a model ticks a
// step (`2. [x] Read a.ts`) in the same answer that asks for it, so the tick would show a step done before
// it ran. The plan box shows each step's true state; the streamed text keeps the numbers and words.
// A line's start is held back until it is decided (a newline, or HEAD characters: a box sits before them).

const HEAD = 16;
const BOXED = /^(\s*)(?:\[[ xX✓✔]?\]\s*)?(\d+(?:[.)]\s+|\s+-\s+))(?:\[[ xX✓✔]?\]\s*)?/;

export function untick(line: string): string {
  return line.replace(BOXED, '$1$2');
}

export class PlanTicks {
  private head = '';
  // The current line's start was written; the rest of it passes through.
  private decided = false;

  push(text: string): string {
    let out = '';
    let rest = text;
    while (rest !== '') {
      const newline = rest.indexOf('\n');
      const piece = newline === -1 ? rest : rest.slice(0, newline + 1);
      rest = rest.slice(piece.length);
      if (this.decided) {
        out += piece;
        this.decided = !piece.endsWith('\n');
        continue;
      }
      this.head += piece;
      if (this.head.endsWith('\n') || this.head.length >= HEAD) {
        out += untick(this.head);
        this.decided = !this.head.endsWith('\n');
        this.head = '';
      }
    }
    return out;
  }

  // The end of the reasoning: whatever is held back is decided.
  flush(): string {
    const out = untick(this.head);
    this.head = '';
    this.decided = false;
    return out;
  }
}
