// Red team R44-b4..b9 (issue 26): the inline reader blanks what its tokenizer takes for strings before its spawn
// checks, and no tokenizer agrees with the language everywhere (perl's qx with any delimiter, `->q(`, `$main'x`, a
// quote inside a regex literal, interpolation holes, a comment the tokenizer misses). So the spawn and dynamic checks
// ALSO read the RAW code, strings and comments kept, and fail closed: a spawn spelling there that the blanked code
// does not show, a dynamic spelling, a spawn spelling only raw text has (backticks, qx) or a module statement outside
// the short list may spawn. Only the command a spawn call runs needs the tokenizer's literal values.
import type { Language } from './parse-code.js';
import { PYTHON_OS_SPAWN, loadsUnlistedModule } from './inline-imports.js';

// Spawn spellings read on the raw text: perl's, ruby's and php's backticks, perl's qx and ruby's %x with any delimiter.
const RAW_SPAWNS: Readonly<Partial<Record<Language, RegExp>>> = {
  perl: /`|(?<![\w$@%&>:-])qx\b(?!\s*=>)/,
  ruby: /`|%x[^\w\s]/,
  php: /`/,
  // Any mention of one of os's spawn names, however os was reached (`shutil.os.system`, `tempfile._os`,
  // `sys.modules["os"]`, `from shutil import os`), called or not (`f = glob.os.popen`): R44-b5.
  python: PYTHON_OS_SPAWN,
};

// A module statement at a statement's start in the raw text (`print("import subprocess")` is none), and perl's
// qualified names: what the module check reads when the tokenizer may have hidden it.
const STATEMENTS: Readonly<Partial<Record<Language, RegExp>>> = {
  python: /(?:^|[;\n:])[ \t]*((?:from\s+[\w.]+\s+)?import\s+[^;\n#]+)/g,
  perl: /(?:^|[;{}])\s*((?:use|no|require)\s+[A-Za-z_][\w:]*)|(?<![\w:])([A-Za-z_]\w*(?:::\w+)+)(?![\w:])/g,
};

const MAX_COUNT = 4096;
function count(pattern: RegExp, text: string): number {
  let found = 0;
  for (const _ of text.matchAll(new RegExp(pattern.source, 'g'))) if (++found >= MAX_COUNT) break;
  return found;
}

export interface RawCheck {
  readonly language: Language;
  // The code as given (home spellings marked), and the same with the tokenizer's strings blanked.
  readonly raw: string;
  readonly blanked: string;
  // The language's spawn call spellings and dynamic spellings (parse-inline.ts).
  readonly spawn: RegExp;
  readonly dynamic: RegExp | undefined;
}

export function rawMaySpawn({ language, raw, blanked, spawn, dynamic }: RawCheck): boolean {
  if (count(spawn, raw) > count(spawn, blanked)) return true;
  if (dynamic?.test(raw) === true || RAW_SPAWNS[language]?.test(raw) === true) return true;
  const statements = STATEMENTS[language];
  if (statements === undefined) return false;
  const found = [...raw.matchAll(statements)].map((match) => match[1] ?? `${match[2]!};`);
  return found.length > 0 && loadsUnlistedModule(language, found.join('\n'));
}
