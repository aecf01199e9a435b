// The one git config parser of codeward (the permission layer and the sandbox both read repository
// config with it, never by starting git): a port of git's own config.c parser, so what it reads is what
// git obeys, and a file git would refuse is reported as such.

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

// git's own isspace (sane_ctype): no \v or \f (a line starting with one is a line git refuses).
const isSpace = (c: string): boolean => c === ' ' || c === '\t' || c === '\n' || c === '\r';
const isAlpha = (c: string): boolean => /^[A-Za-z]$/.test(c);
const isKeyChar = (c: string): boolean => /^[A-Za-z0-9-]$/.test(c);

// A port of git's config.c parser (git_parse_source): a header may be followed by a key on the same
// line, `#`/`;` start a comment outside quotes, `\` + newline continues a value, `\"`, `\\`, `\n`,
// `\t`, `\b` are the only escapes, CRLF reads as LF and a leading UTF-8 BOM is skipped.
export function parseGitConfigFile(input: string): ParsedConfig {
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

// The entries of a config file; for a file git refuses, those before the line git stops at (git runs
// nothing with such a config: every command fails on it).
export function parseGitConfig(input: string): ConfigEntry[] {
  return parseGitConfigFile(input).entries;
}
