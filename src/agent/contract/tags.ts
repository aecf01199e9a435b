import { isSpace, quoteFinders, readOpenTag } from './attributes.js';
import { NextIndex } from './finder.js';

export type TagKind = 'tool' | 'agent';

export interface FoundTag {
  kind: TagKind;
  attributes: Map<string, string>;
  // The text between the opening and closing tag; null for a self-closing or unpaired tag.
  body: string | null;
  start: number;
  end: number;
}

interface Close {
  finder: NextIndex;
  length: number;
}

const close = (lower: string, needle: string): Close => ({ finder: new NextIndex(lower, needle), length: needle.length });

interface Family {
  kind: TagKind;
  names: readonly string[];
  closes: readonly Close[];
  // The next opening of the same family: a closing tag after it belongs to that one, not to this one.
  opens: NextIndex;
}

function families(lower: string): Family[] {
  return [
    {
      kind: 'tool',
      // Longest first: `<tool_call` must not be read as `<tool` followed by junk.
      names: ['tool_call', 'tool'],
      closes: [close(lower, '</tool_call>'), close(lower, '</tool>')],
      opens: new NextIndex(lower, '<tool'),
    },
    { kind: 'agent', names: ['agent_call'], closes: [close(lower, '</agent_call>')], opens: new NextIndex(lower, '<agent_call') },
  ];
}

// The family and name length of a tag opening at `at` (`lower[at] === '<'`), if any.
function tagNameAt(lower: string, at: number, all: readonly Family[]): { family: Family; length: number } | undefined {
  for (const family of all) {
    for (const name of family.names) {
      const after = lower[at + 1 + name.length];
      if (lower.startsWith(name, at + 1) && (isSpace(after) || after === '/' || after === '>')) {
        return { family, length: name.length };
      }
    }
  }
  return undefined;
}

// The first closing tag of the family at or after `at`: its start and end.
function nearestClose(family: Family, at: number): { index: number; end: number } | undefined {
  let best: { index: number; end: number } | undefined;
  for (const candidate of family.closes) {
    const index = candidate.finder.find(at);
    if (index !== -1 && (best === undefined || index < best.index)) best = { index, end: index + candidate.length };
  }
  return best;
}

export interface ScannedTags {
  tags: FoundTag[];
  // Where a tool tag that was meant as a call (it starts `name=` or `args=`) could not be read: an attribute
  // that never closes, say. Such a tag is reported to the model, never dropped as prose.
  unreadable: number[];
}

const MEANT_AS_CALL = /^\s+(?:name|args)\s*=/i;

// Every syntactically complete <tool_call>/<tool>/<agent_call> tag, in order, without overlaps. A paired tag
// takes its body up to the first closing tag of its family (`</tool_call>` and `</tool>` both close a tool tag,
// models mix them). An opening tag with no closing tag before the next opening still counts when it has
// attributes (the model forgot the `/`); a bare `<tool_call>` with neither is a mention in prose, not a call.
export function scanTags(text: string, lower: string): ScannedTags {
  const all = families(lower);
  const found: FoundTag[] = [];
  const unreadable: number[] = [];
  const quotes = quoteFinders(text);
  let pos = lower.indexOf('<');
  while (pos !== -1) {
    const named = tagNameAt(lower, pos, all);
    const open = named && readOpenTag(text, pos + 1 + named.length, quotes);
    let next = pos + 1;
    if (named && !open && named.family.kind === 'tool' && MEANT_AS_CALL.test(text.slice(pos + 1 + named.length, pos + 41 + named.length))) {
      unreadable.push(pos);
    }
    if (named && open) {
      const { family } = named;
      const closing = open.selfClosing ? undefined : nearestClose(family, open.end);
      const nextOpen = closing ? family.opens.find(open.end) : -1;
      if (closing && (nextOpen === -1 || nextOpen > closing.index)) {
        const body = text.slice(open.end, closing.index);
        found.push({ kind: family.kind, attributes: open.attributes, body, start: pos, end: closing.end });
        next = closing.end;
      } else if (open.selfClosing || open.attributes.size > 0) {
        found.push({ kind: family.kind, attributes: open.attributes, body: null, start: pos, end: open.end });
        next = open.end;
      }
    }
    pos = lower.indexOf('<', next);
  }
  return { tags: found, unreadable };
}
