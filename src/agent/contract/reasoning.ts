export interface Span {
  start: number;
  end: number;
}

export interface ReasoningBlock extends Span {
  // Trimmed text between the tags.
  content: string;
}

// The span that contains `at`, among spans sorted by start and not overlapping.
function spanAt(spans: readonly Span[], at: number): Span | undefined {
  let low = 0;
  let high = spans.length - 1;
  while (low <= high) {
    const middle = (low + high) >> 1;
    const span = spans[middle] as Span;
    if (at < span.start) high = middle - 1;
    else if (at >= span.end) low = middle + 1;
    else return span;
  }
  return undefined;
}

// First occurrence of `needle` that is not inside a tag: `<reasoning>` written inside a tool call's args
// (a file being written that mentions the tag) is content, not the model's reasoning.
function indexOutside(lower: string, needle: string, from: number, spans: readonly Span[]): number {
  let at = lower.indexOf(needle, from);
  while (at !== -1) {
    const inside = spanAt(spans, at);
    if (!inside) return at;
    at = lower.indexOf(needle, inside.end);
  }
  return -1;
}

// The first complete <reasoning>...</reasoning> block (tags case-insensitive), or null when there is none or it
// never closes: an unclosed block is not reasoning the validator can rely on.
export function findReasoning(text: string, lower: string, tagSpans: readonly Span[]): ReasoningBlock | null {
  const open = indexOutside(lower, '<reasoning>', 0, tagSpans);
  if (open === -1) return null;
  const contentStart = open + '<reasoning>'.length;
  const close = indexOutside(lower, '</reasoning>', contentStart, tagSpans);
  if (close === -1) return null;
  return { start: open, end: close + '</reasoning>'.length, content: text.slice(contentStart, close).trim() };
}
