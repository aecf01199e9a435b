import { readFileSync, statSync } from 'node:fs';
import { basename, dirname, isAbsolute, resolve } from 'node:path';

// Paths in the workspace that a repository's own git config makes git run or read, outside the sandbox:
// the core.hooksPath folder (husky's `.husky/_` runs the hooks in `.husky/`, so that folder too),
// included config files, and programs named by a relative or workspace path (core.fsmonitor = ./x,
// a filter or diff driver script, sshCommand, credential helpers…). They are guarded like `.git/hooks`.

export interface ConfigRefs {
  readonly folders: string[];
  readonly files: string[];
}

// One `section.subsection.key = value` of a config file, as git reads it: section and key lower-case,
// subsection as written (`[a "Sub"]`; lower-case in the old `[a.sub]` spelling), value unquoted,
// escapes and continuation lines applied; `undefined` for a bare key (boolean true).
export interface ConfigEntry {
  readonly section: string;
  readonly subsection: string | undefined;
  readonly key: string;
  readonly value: string | undefined;
}

export interface ParsedConfig {
  readonly entries: ConfigEntry[];
  // Set when git itself would refuse the file (`bad config line N`): entries holds what came before.
  readonly error?: string;
}

const PROGRAM_KEY = /^(?:fsmonitor|sshcommand|editor|pager|askpass|textconv|command|external|helper|process|clean|smudge|program|cmd|gitproxy)$/;
const MAX_INCLUDES = 5;

const isSpace = (c: string): boolean => c === ' ' || c === '\t' || c === '\n' || c === '\v' || c === '\f' || c === '\r';
const isAlpha = (c: string): boolean => /^[A-Za-z]$/.test(c);
const isKeyChar = (c: string): boolean => /^[A-Za-z0-9-]$/.test(c);

// A port of git's config.c parser (git_parse_source): a header may be followed by a key on the same
// line, `#`/`;` start a comment outside quotes, `\` + newline continues a value, `\"`, `\\`, `\n`,
// `\t`, `\b` are the only escapes, CRLF reads as LF and a leading UTF-8 BOM is skipped.
export function parseGitConfig(input: string): ParsedConfig {
  const text = input.replace(/^\uFEFF/, '').replace(/\r\n/g, '\n');
  const entries: ConfigEntry[] = [];
  let at = 0;
  let line = 1;
  // git's get_next_char: the end of the text reads as a final newline.
  const next = (): string => {
    const c = at < text.length ? text[at]! : '\n';
    at += 1;
    if (c === '\n') line += 1;
    return c;
  };
  const eof = (): boolean => at > text.length;
  const bad = (): ParsedConfig => ({ entries, error: `bad config line ${line}` });
  let section = '';
  let subsection: string | undefined;
  let comment = false;
  for (;;) {
    const c = next();
    if (c === '\n') {
      if (eof()) return { entries };
      comment = false;
      continue;
    }
    if (comment || isSpace(c)) continue;
    if (c === '#' || c === ';') {
      comment = true;
      continue;
    }
    if (c === '[') {
      // get_base_var / get_extended_base_var
      let name = '';
      let sub: string | undefined;
      for (;;) {
        const h = next();
        if (eof() || h === '\n') return bad();
        if (h === ']') break;
        if (isSpace(h)) {
          let s = next();
          while (isSpace(s) && s !== '\n') s = next();
          if (s !== '"') return bad();
          sub = '';
          for (;;) {
            let q = next();
            if (q === '\n') return bad();
            if (q === '"') break;
            if (q === '\\') {
              q = next();
              if (q === '\n') return bad();
            }
            sub += q;
          }
          if (next() !== ']') return bad();
          break;
        }
        if (!isKeyChar(h) && h !== '.') return bad();
        name += h.toLowerCase();
      }
      if (name === '') return bad();
      const dot = name.indexOf('.');
      if (sub === undefined && dot >= 0) {
        section = name.slice(0, dot);
        subsection = name.slice(dot + 1);
      } else {
        section = name;
        subsection = sub;
      }
      continue;
    }
    if (!isAlpha(c)) return bad();
    // get_value
    let key = c.toLowerCase();
    let k = next();
    while (!eof() && isKeyChar(k)) {
      key += k.toLowerCase();
      k = next();
    }
    while (k === ' ' || k === '\t') k = next();
    let value: string | undefined;
    if (k !== '\n') {
      if (k !== '=') return bad();
      // parse_value
      let quote = false;
      let spaces = 0;
      let inComment = false;
      value = '';
      for (;;) {
        let v = next();
        if (v === '\n') {
          if (quote) return bad();
          break;
        }
        if (inComment) continue;
        if (isSpace(v) && !quote) {
          if (value !== '') spaces += 1;
          continue;
        }
        if (!quote && (v === ';' || v === '#')) {
          inComment = true;
          continue;
        }
        value += ' '.repeat(spaces);
        spaces = 0;
        if (v === '\\') {
          v = next();
          if (v === '\n') continue;
          const escaped = ({ t: '\t', b: '\b', n: '\n', '\\': '\\', '"': '"' } as Record<string, string>)[v];
          if (escaped === undefined) return bad();
          value += escaped;
          continue;
        }
        if (v === '"') {
          quote = !quote;
          continue;
        }
        value += v;
      }
    }
    entries.push({ section, subsection, key, value });
    // A value consumed its line's newline: the line starts afresh.
    if (eof()) return { entries };
  }
}

// The program of a command line: its first word, when it names a path (has a slash). `!cmd` (an
// alias-style shell command) names its first word too.
function programPath(value: string): string | undefined {
  const text = value.trim().replace(/^!\s*/, '');
  const first = /^(?:"([^"]+)"|'([^']+)'|(\S+))/.exec(text);
  const word = first?.[1] ?? first?.[2] ?? first?.[3];
  return word && word.includes('/') ? word : undefined;
}

function expand(path: string, base: string, home: string | undefined): string | undefined {
  if (path.startsWith('~/')) return home ? resolve(home, path.slice(2)) : undefined;
  if (path.startsWith('~')) return undefined;
  return isAbsolute(path) ? path : resolve(base, path);
}

// `files`: the config files git reads for this repository (its own, its common folder's, the user's).
export function gitConfigRefs(root: string, files: readonly string[], home: string | undefined): ConfigRefs {
  const refs: ConfigRefs = { folders: [], files: [] };
  const seen = new Set<string>();
  const visit = (file: string, depth: number): void => {
    if (seen.has(file) || depth > MAX_INCLUDES) return;
    seen.add(file);
    let text: string;
    try {
      // Not a FIFO or device: reading one would block codeward before the run.
      if (!statSync(file).isFile()) return;
      text = readFileSync(file, 'utf8');
    } catch {
      return;
    }
    for (const { section, key, value: raw } of parseGitConfig(text).entries) {
      const value = raw ?? '';
      if (key === 'hookspath') {
        // Relative to the top of the working tree (git runs hooks there).
        const folder = expand(value, root, home);
        if (!folder) continue;
        refs.folders.push(folder);
        if (basename(folder) === '_') refs.folders.push(dirname(folder));
      } else if ((section === 'include' || section === 'includeif') && key === 'path') {
        // Relative to the file that includes it.
        const included = expand(value, dirname(file), home);
        if (!included) continue;
        refs.files.push(included);
        visit(included, depth + 1);
      } else if (PROGRAM_KEY.test(key)) {
        const program = programPath(value);
        const path = program ? expand(program, root, home) : undefined;
        if (path) refs.files.push(path);
      }
    }
  };
  for (const file of files) visit(file, 0);
  return refs;
}
