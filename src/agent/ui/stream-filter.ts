// Splits the model's streamed answer into what people read: prose, and <reasoning> content (shown
// dimmed), with the <tool_call>/<tool>/<agent_call> tags (and the bodies of paired ones) hidden. A tag
// may arrive split across any number of deltas: a possible tag start is held back until it is decided.

import { PlanTicks } from './plan-ticks.js';

export type Segment = { readonly kind: 'text' | 'reasoning'; readonly text: string };

interface Family {
  readonly names: readonly string[];
  readonly closes: readonly string[];
  // The next opening of the same family ends an unclosed body (the model forgot the `/`).
  readonly reopen: RegExp;
}

const FAMILIES: readonly Family[] = [
  { names: ['tool_call', 'tool'], closes: ['</tool_call>', '</tool>'], reopen: /<(?:tool_call|tool)[\s/>]/ },
  { names: ['agent_call'], closes: ['</agent_call>'], reopen: /<agent_call[\s/>]/ },
];
const LITERALS = ['<reasoning>', '</reasoning>', '</tool_call>', '</tool>', '</agent_call>'] as const;
const LONGEST_CLOSE = 13;

type Match =
  | { readonly type: 'literal'; readonly text: (typeof LITERALS)[number] }
  | { readonly type: 'open'; readonly length: number; readonly family: Family | null }
  | 'partial'
  | null;

// Where the opening tag that starts at 0 ends (its `>`), skipping quoted attribute values; -1 when not yet.
function tagEnd(text: string, from: number): number {
  let quote = '';
  let previous = '';
  for (let index = from; index < text.length; index += 1) {
    const char = text[index]!;
    if (quote !== '') {
      if (char === quote) quote = '';
    } else if ((char === '"' || char === "'") && previous === '=') quote = char;
    else if (char === '>') return index;
    if (quote === '' && !/\s/.test(char)) previous = char;
  }
  return -1;
}

function matchTag(text: string): Match {
  const lower = text.slice(0, 16).toLowerCase();
  let partial = false;
  for (const literal of LITERALS) {
    if (lower.startsWith(literal)) return { type: 'literal', text: literal };
    if (literal.startsWith(lower)) partial = true;
  }
  for (const family of FAMILIES) {
    for (const name of family.names) {
      const prefix = `<${name}`;
      if (prefix.startsWith(lower)) partial = true;
      if (!lower.startsWith(prefix)) continue;
      const after = lower[prefix.length];
      if (after === undefined) return 'partial';
      if (!/[\s/>]/.test(after)) continue;
      const end = tagEnd(text, prefix.length);
      if (end === -1) return 'partial';
      return { type: 'open', length: end + 1, family: text[end - 1] === '/' ? null : family };
    }
  }
  return partial ? 'partial' : null;
}

export class StreamFilter {
  private buffer = '';
  private reasoning = false;
  private body: Family | null = null;
  private readonly ticks = new PlanTicks();

  push(delta: string): Segment[] {
    this.buffer += delta;
    return this.drain(false);
  }

  // The end of the answer: whatever is still held back is decided (an unfinished tag start is text).
  flush(): Segment[] {
    const segments = this.drain(true);
    const held = this.ticks.flush();
    if (held !== '') segments.push({ kind: 'reasoning', text: held });
    this.buffer = '';
    this.reasoning = false;
    this.body = null;
    return segments;
  }

  private drain(final: boolean): Segment[] {
    const out: Segment[] = [];
    const emit = (raw: string, decided = false): void => {
      const text = this.reasoning && !decided ? this.ticks.push(raw) : raw;
      if (text === '') return;
      const kind = this.reasoning ? 'reasoning' : 'text';
      const last = out[out.length - 1];
      if (last && last.kind === kind) out[out.length - 1] = { kind, text: last.text + text };
      else out.push({ kind, text });
    };
    for (;;) {
      if (this.body) {
        if (!this.skipBody(final)) break;
        continue;
      }
      const open = this.buffer.indexOf('<');
      if (open === -1) {
        emit(this.buffer);
        this.buffer = '';
        break;
      }
      emit(this.buffer.slice(0, open));
      this.buffer = this.buffer.slice(open);
      const match = matchTag(this.buffer);
      if (match === 'partial' && !final) break;
      if (match === 'partial' || match === null) {
        emit('<');
        this.buffer = this.buffer.slice(1);
      } else if (match.type === 'literal') {
        if (match.text === '<reasoning>') this.reasoning = true;
        if (match.text === '</reasoning>') {
          emit(this.ticks.flush(), true);
          this.reasoning = false;
        }
        this.buffer = this.buffer.slice(match.text.length);
      } else {
        this.body = match.family;
        this.buffer = this.buffer.slice(match.length);
      }
    }
    return out;
  }

  // Inside a paired tag: drops text up to its closing tag. False when more text is needed.
  private skipBody(final: boolean): boolean {
    const family = this.body!;
    const lower = this.buffer.toLowerCase();
    let end = -1;
    let next = -1;
    for (const close of family.closes) {
      const at = lower.indexOf(close);
      if (at !== -1 && (end === -1 || at < end)) {
        end = at;
        next = at + close.length;
      }
    }
    const reopen = family.reopen.exec(lower)?.index ?? -1;
    if (reopen !== -1 && (end === -1 || reopen < end)) next = reopen;
    if (next === -1) {
      this.buffer = final ? '' : this.buffer.slice(-LONGEST_CLOSE);
      if (final) this.body = null;
      return final;
    }
    this.buffer = this.buffer.slice(next);
    this.body = null;
    return true;
  }
}
