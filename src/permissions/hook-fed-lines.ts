// The statements of a hook script as the walk reads them (fed21): its lines, with a backslash-newline joined and
// a quote or substitution that closes on a later line kept in one statement with the lines up to its close
// (`echo "two\nlines"`, `node -e "\n...\n"`), so no line of it is read alone as a quote that never closes. A quote
// still open after MAX_JOINED lines is not joined: the line stays alone, unclosed, and its reader fails closed.
import { lex } from './hook-fed-lex.js';

const MAX_JOINED = 64;

export function scriptStatements(text: string): string[] {
  const lines = text.replace(/\\\n/g, ' ').split('\n');
  const statements: string[] = [];
  for (let at = 0; at < lines.length; at++) {
    let end = at;
    // Only a line whose own quote is open is joined (most lines close on themselves: one lex each).
    if (lex(lines[at]!).broken) {
      let joined = lines[at]!;
      for (let next = at + 1; next < lines.length && next - at <= MAX_JOINED; next++) {
        joined += `\n${lines[next]!}`;
        if (!lex(joined).broken) {
          end = next;
          break;
        }
      }
    }
    statements.push(lines.slice(at, end + 1).join('\n'));
    at = end;
  }
  return statements;
}
