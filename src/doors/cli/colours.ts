import { visibleLines } from '../visible.js';

// A process's output at a person's terminal (exec, test): its SGR colour and style codes (ESC[…m) stay,
// so a runner that forces colour reads as it would in a shell; every other control stays an escape as
// visibleLines shows it (OSC 52 clipboard, titles, cursor moves, erasing, a lone CR), and so does an SGR
// that conceals text (8) or is not plain numbers. Piped and --json output never come here (byte-exact).

// eslint-disable-next-line no-control-regex
const SGR = /\x1b\[([0-9;:]{0,64})m/g;
// An SGR sequence cut at the end of a chunk (the rest comes with the next one).
// eslint-disable-next-line no-control-regex
const CUT = /\x1b(?:\[[0-9;:]{0,64})?$/;

// Whether an SGR's parameters only colour or style: no conceal (8), colours given as 38/48/58;5;N or ;2;R;G;B.
function colourOnly(params: string): boolean {
  const codes = params === '' ? [0] : params.split(/[;:]/).map((each) => (each === '' ? 0 : Number(each)));
  for (let at = 0; at < codes.length; at += 1) {
    const code = codes[at]!;
    if (code === 38 || code === 48 || code === 58) {
      const mode = codes[at + 1];
      if (mode === 5) at += 2;
      else if (mode === 2) at += 4;
      else return false;
      if (at >= codes.length) return false;
      continue;
    }
    if (code === 8 || code > 107) return false;
  }
  return true;
}

export function visibleColours(text: string): string {
  let shown = '';
  let from = 0;
  for (const match of text.matchAll(SGR)) {
    if (!colourOnly(match[1]!)) continue;
    shown += `${visibleLines(text.slice(from, match.index))}${match[0]}`;
    from = match.index + match[0].length;
  }
  return shown + visibleLines(text.slice(from));
}

// The same for output that arrives in pieces: a sequence cut between two pieces is held until the next
// one (or until flush, at the end, shown as it is).
export function colourStream(write: (text: string) => unknown): { write(text: string): void; flush(): void } {
  let held = '';
  return {
    write(text) {
      const whole = held + text;
      const cut = CUT.exec(whole);
      held = cut ? cut[0] : '';
      const ready = cut ? whole.slice(0, cut.index) : whole;
      if (ready !== '') write(visibleColours(ready));
    },
    flush() {
      if (held !== '') write(visibleLines(held));
      held = '';
    },
  };
}
