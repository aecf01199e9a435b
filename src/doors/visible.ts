// Control characters (escape sequences could erase or rewrite what the prompt shows: a person must see
// the call they approve), line breaks (a shell line could draw a fake "why:" line) and bidirectional
// overrides (Trojan Source) in text a model chose, shown as visible escapes instead of acting on the screen.
// eslint-disable-next-line no-control-regex
const HIDDEN = /[\x00-\x1f\x7f-\x9f\u061c\u200e\u200f\u2028\u2029\u202a-\u202e\u2066-\u2069]/g;

export function visible(text: string): string {
  return text.replace(HIDDEN, (char) => {
    if (char === '\n') return '\\n';
    if (char === '\r') return '\\r';
    if (char === '\t') return '\\t';
    const code = char.charCodeAt(0);
    return code <= 0xff ? `\\x${code.toString(16).padStart(2, '0')}` : `\\u{${code.toString(16)}}`;
  });
}
