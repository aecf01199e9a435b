// A file line and the break that ends it ('' only for a last line without a final newline).
export interface FileLine {
  text: string;
  eol: string;
}

// Splits on LF; a CR right before the LF belongs to the break, so CRLF and mixed files keep their bytes.
export function splitFileLines(text: string): FileLine[] {
  const lines: FileLine[] = [];
  let start = 0;
  for (let at = text.indexOf('\n'); at !== -1; at = text.indexOf('\n', start)) {
    const crlf = at > start && text.charCodeAt(at - 1) === 13;
    lines.push({ text: text.slice(start, crlf ? at - 1 : at), eol: crlf ? '\r\n' : '\n' });
    start = at + 1;
  }
  if (start < text.length) lines.push({ text: text.slice(start), eol: '' });
  return lines;
}

export function joinFileLines(lines: readonly FileLine[]): string {
  let out = '';
  for (const line of lines) out += line.text + line.eol;
  return out;
}

// The break most lines use (CRLF only when it is the majority), for lines with no neighbour to copy.
export function dominantEol(lines: readonly FileLine[]): string {
  let crlf = 0;
  let lf = 0;
  for (const line of lines) {
    if (line.eol === '\r\n') crlf++;
    else if (line.eol === '\n') lf++;
  }
  return crlf > lf ? '\r\n' : '\n';
}
