// Turns raw terminal input into keys: typed text, Enter, Backspace, Ctrl+C/D/U/W and bracketed pastes
// (whose line breaks are text, not Enter). Other escape sequences (arrows, function keys) are ignored.
// Works on piped input too, where every line ends with \n (or \r\n).

export type Key =
  | { readonly type: 'text'; readonly text: string }
  | { readonly type: 'enter' | 'backspace' | 'interrupt' | 'eof' | 'clear-line' | 'delete-word' };

const PASTE_START = '\x1b[200~';
const PASTE_END = '\x1b[201~';
// eslint-disable-next-line no-control-regex
const SEQUENCE = /^\x1b(?:\[[0-?]*[ -/]*[@-~]|O.|[^[O])/s;
// eslint-disable-next-line no-control-regex
const INCOMPLETE = /^\x1b(?:\[[0-?]*[ -/]*|O)?$/;

const CONTROL_KEYS: Readonly<Record<string, Key['type']>> = {
  '\x03': 'interrupt',
  '\x04': 'eof',
  '\x7f': 'backspace',
  '\b': 'backspace',
  '\x15': 'clear-line',
  '\x17': 'delete-word',
};

export class KeyParser {
  private carry = '';
  private pasting = false;
  private afterCarriageReturn = false;

  feed(chunk: string): Key[] {
    const keys: Key[] = [];
    let text = '';
    const push = (key: Key): void => {
      if (text !== '') keys.push({ type: 'text', text });
      text = '';
      keys.push(key);
    };
    let data = this.carry + chunk;
    this.carry = '';
    while (data !== '') {
      if (this.pasting) {
        const end = data.indexOf(PASTE_END);
        const body = end === -1 ? this.splitCarry(data, PASTE_END) : data.slice(0, end);
        text += body.replace(/\r\n?/g, '\n');
        if (end === -1) break;
        this.pasting = false;
        data = data.slice(end + PASTE_END.length);
        continue;
      }
      const char = data[0]!;
      const crlf = char === '\n' && this.afterCarriageReturn;
      this.afterCarriageReturn = char === '\r';
      if (char === '\x1b') {
        if (data.startsWith(PASTE_START)) {
          this.pasting = true;
          data = data.slice(PASTE_START.length);
          continue;
        }
        const sequence = SEQUENCE.exec(data);
        if (!sequence && INCOMPLETE.test(data) && data.length > 1) {
          this.carry = data;
          break;
        }
        data = data.slice(sequence ? sequence[0].length : 1);
        continue;
      }
      data = data.slice(1);
      if (char === '\r' || (char === '\n' && !crlf)) push({ type: 'enter' });
      else if (CONTROL_KEYS[char]) push({ type: CONTROL_KEYS[char] } as Key);
      else if (char === '\t' || char >= ' ') text += char;
    }
    if (text !== '') keys.push({ type: 'text', text });
    return keys;
  }

  // Keeps a possible start of `marker` at the end of `data` for the next chunk; returns the rest.
  private splitCarry(data: string, marker: string): string {
    for (let length = Math.min(marker.length - 1, data.length); length > 0; length -= 1) {
      if (marker.startsWith(data.slice(-length))) {
        this.carry = data.slice(-length);
        return data.slice(0, -length);
      }
    }
    return data;
  }
}
