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

// Messages for a person's terminal that may hold several lines (an error listing files, a warning quoting
// a repository's config key, a model's tool arguments): line breaks and tabs kept, every other control
// character shown as an escape, so no file, key or argument can set the window title, write the
// clipboard (OSC 52) or redraw the screen.
// A CR ending a line (CRLF text) is kept too.
export function visibleLines(text: string): string {
  const shown = (line: string): string => line.split('\t').map(visible).join('\t');
  return text.split('\n').map((line) => (line.endsWith('\r') ? `${shown(line.slice(0, -1))}\r` : shown(line))).join('\n');
}

