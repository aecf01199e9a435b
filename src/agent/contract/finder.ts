// `indexOf` with a memory of its last answer. The tag scanner asks "where is the next `</tool_call>`?" once per
// opening tag; without the memo, a response with thousands of unclosed `<tool_call ...>` tags would rescan the
// rest of the text each time (quadratic). One finder lives for one parse: no state outlives the call.
export class NextIndex {
  private from = 0;
  private found: number | undefined;

  constructor(
    private readonly haystack: string,
    private readonly needle: string,
  ) {}

  // First index >= at where the needle starts, or -1.
  find(at: number): number {
    const known = this.found;
    // Nothing matched in [from, found): any query inside that range has the same answer.
    if (known !== undefined && at >= this.from && (known === -1 || at <= known)) return known;
    this.from = at;
    this.found = this.haystack.indexOf(this.needle, at);
    return this.found;
  }
}

// The next `quote` that no backslash escapes (an odd run of backslashes right before it), with NextIndex's
// memo: the attribute reader of every tag in one response shares it. Queries start just after an opening
// quote, so a backslash run never begins before `at` and the answer does not depend on where the scan began.
export class NextUnescaped {
  private from = 0;
  private found: number | undefined;

  constructor(
    private readonly haystack: string,
    private readonly quote: string,
  ) {}

  find(at: number): number {
    const known = this.found;
    if (known !== undefined && at >= this.from && (known === -1 || at <= known)) return known;
    this.from = at;
    this.found = -1;
    let escaped = false;
    for (let pos = at; pos < this.haystack.length; pos++) {
      const char = this.haystack[pos];
      if (char === '\\') {
        escaped = !escaped;
        continue;
      }
      if (char === this.quote && !escaped) {
        this.found = pos;
        break;
      }
      escaped = false;
    }
    return this.found;
  }
}

// ASCII-only lower-casing: String#toLowerCase can change the length of some characters (`İ`), which would
// shift every offset found in the copy away from the original text.
export function asciiLower(text: string): string {
  return text.replace(/[A-Z]+/g, (run) => run.toLowerCase());
}
