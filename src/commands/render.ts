// Shared text rendering for command output read by people and models.

// Lines prefixed with right-aligned 1-based numbers; without a known first line number, plain lines.
export function formatNumberedLines(content: string, firstLine: number | null): string {
  if (content === '') return '';
  const lines = content.split('\n');
  if (lines[lines.length - 1] === '') lines.pop();
  const clean = lines.map((line) => (line.endsWith('\r') ? line.slice(0, -1) : line));
  if (firstLine === null) return clean.join('\n');
  const width = String(firstLine + clean.length - 1).length;
  return clean.map((line, index) => `${String(firstLine + index).padStart(width)} | ${line}`).join('\n');
}

export function plural(count: number, noun: string, nouns = `${noun}s`): string {
  return `${count} ${count === 1 ? noun : nouns}`;
}

// `label` and its items joined by ", ", wrapped to `width` columns: the first line starts with `lead` + label, the
// others are indented to where the items start. An item longer than a line gets a line of its own.
export function wrapList(lead: string, label: string, items: readonly string[], width = 100): string[] {
  const head = `${lead}${label}`;
  const indent = ' '.repeat(head.length);
  const lines: string[] = [];
  let line = head;
  items.forEach((item, index) => {
    const piece = index < items.length - 1 ? `${item},` : item;
    const fresh = line === head || line === indent;
    if (!fresh && line.length + 1 + piece.length > width) {
      lines.push(line);
      line = indent;
    }
    line += line === head || line === indent ? piece : ` ${piece}`;
  });
  lines.push(line);
  return lines;
}
