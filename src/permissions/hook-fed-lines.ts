// The statements of a hook script as the walk reads them (fed21): its lines, with a backslash-newline joined and
// a quote or substitution that closes on a later line kept in one statement with the lines up to its close
// (`echo "two\nlines"`, `MSG="a\n  b"`), so no line of it is read alone as a quote that never closes. Never joined:
// a here-document's body (its lines are text, an apostrophe in them opens no quote) nor across a line that starts
// one; a quote still open after MAX_JOINED lines stays alone, unclosed, and its reader fails closed.
import { lex } from './hook-fed-lex.js';

const MAX_JOINED = 64;
// A here-document's start (`<<EOF`, `<<-'EOF'`), not a here-string (`<<<`).
const heredoc = (text: string): RegExpExecArray | null => /<<-?\s*(["']?)([\w.-]+)\1/.exec(text.replace(/<<</g, ''));

export function scriptStatements(text: string): string[] {
  const lines = text.replace(/\\\n/g, ' ').split('\n');
  const statements: string[] = [];
  let body: { end: string; tabs: boolean } | undefined;
  for (let at = 0; at < lines.length; at++) {
    const line = lines[at]!;
    if (body !== undefined) {
      // A body's lines are read one by one as before (text read as shell lines: the walk's older reading).
      if ((body.tabs ? line.replace(/^\t+/, '') : line) === body.end) body = undefined;
      statements.push(line);
      continue;
    }
    const end = heredoc(line) ? at : closedAt(lines, at);
    const statement = lines.slice(at, end + 1).join('\n');
    const start = heredoc(statement);
    if (start) body = { end: start[2]!, tabs: start[0].startsWith('<<-') };
    statements.push(statement);
    at = end;
  }
  return statements;
}

// The last line of the statement starting at `at`: the line itself when its quotes close (one lex), else the line
// whose text closes them (not past a here-document's start), else `at` (left unclosed).
function closedAt(lines: readonly string[], at: number): number {
  if (!lex(lines[at]!).broken) return at;
  let joined = lines[at]!;
  for (let next = at + 1; next < lines.length && next - at <= MAX_JOINED; next++) {
    if (heredoc(lines[next]!)) return at;
    joined += `\n${lines[next]!}`;
    if (!lex(joined).broken) return next;
  }
  return at;
}
