// The statements of a hook script as the walk reads them (fed21): its lines, with a backslash-newline joined and
// a quote or substitution that closes on a later line kept in one statement with the lines up to its close
// (`echo "two\nlines"`, `MSG="a\n  b"`), so no line of it is read alone as a quote that never closes; a quote still
// open after MAX_JOINED lines stays alone, unclosed, and its reader fails closed. A here-document (fed23) is one
// statement with its start: the body and its delimiter line are never read as lines of their own, except the body
// a shell runs (`bash <<EOF`, `cat <<EOF | sh`), whose statements follow it, read like a script file's (its own
// here-documents too), and a body whose use codeward does not know (`cat > f <<EOF`, `git commit -F- <<EOF`), whose
// lines follow one by one as before. The body another language runs (`python3 - <<'PY'`) is read as its code by
// hook-fed.ts; one printed where nothing reads it (`cat <<EOF` to the terminal) is text.
import { lex, type Token } from './hook-fed-lex.js';
import { statementHeres } from './hook-fed.js';
import { assignedNames, hereText } from './hook-fed-vars.js';

const MAX_JOINED = 64;
const MAX_NESTED = 4;

// The here-documents a line starts (`<<EOF`, `<<-'EOF'`, not a here-string, not in a quote or a comment).
function starts(text: string): { end: string; tabs: boolean }[] {
  if (!text.includes('<<')) return [];
  const { tokens } = lex(text);
  return tokens.flatMap((token, at) => {
    const word: Token | undefined = tokens[at + 1];
    return token.kind === 'op' && (token.op === '<<' || token.op === '<<-') && token.here === undefined && word?.kind === 'word' ? [{ end: word.value, tabs: token.op === '<<-' }] : [];
  });
}

// `assigned`: the names the outer script assigns (an unquoted body's `${F:-x}` of one is only known at run time).
export function scriptStatements(text: string, depth = 0, assigned: ReadonlySet<string> = text.includes('<<') ? assignedNames(lex(text).tokens) : new Set()): string[] {
  const lines = text.replace(/\\\n/g, ' ').split('\n');
  const statements: string[] = [];
  for (let at = 0; at < lines.length; at++) {
    const end = closedAt(lines, at);
    const opened = starts(lines.slice(at, end + 1).join('\n'));
    if (opened.length === 0) {
      statements.push(lines.slice(at, end + 1).join('\n'));
      at = end;
      continue;
    }
    // Each body runs up to its delimiter line (or the end of the script, as bash reads it).
    let next = end + 1;
    for (const { end: delimiter, tabs } of opened) {
      while (next < lines.length && (tabs ? lines[next]!.replace(/^\t+/, '') : lines[next]) !== delimiter) next++;
      next++;
    }
    const statement = lines.slice(at, Math.min(next, lines.length)).join('\n');
    statements.push(statement);
    at = next - 1;
    for (const { here, use } of statementHeres(statement)) {
      if (use === 'shell' && depth < MAX_NESTED) statements.push(...scriptStatements(hereText(here, { set: new Map(), assigned }), depth + 1, assigned));
      else if (use === 'shell' || use === undefined) statements.push(...here.body.split('\n').slice(0, -1));
    }
  }
  return statements;
}

// The lines of a statement the walk's other readers see (obeyed-hooks.ts): up to the line that starts its first
// here-document, without the bodies (hook-fed.ts reads the whole statement).
export function statementHead(statement: string): string {
  if (!statement.includes('<<') || !statement.includes('\n')) return statement;
  const lines = statement.split('\n');
  for (let at = 0; at < lines.length; at++) if (starts(lines.slice(0, at + 1).join('\n')).length > 0) return lines.slice(0, at + 1).join('\n');
  return statement;
}

// The last line of the statement starting at `at`: the line itself when its quotes close (one lex), else the line
// whose text closes them (not past a here-document's start), else `at` (left unclosed).
function closedAt(lines: readonly string[], at: number): number {
  if (!lex(lines[at]!).broken || starts(lines[at]!).length > 0) return at;
  let joined = lines[at]!;
  for (let next = at + 1; next < lines.length && next - at <= MAX_JOINED; next++) {
    if (starts(lines[next]!).length > 0) return at;
    joined += `\n${lines[next]!}`;
    if (!lex(joined).broken) return next;
  }
  return at;
}
