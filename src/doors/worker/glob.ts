import { werr } from './errors.js';

// Globs with the Rust `globset` defaults the original compiled them with: `*` and `?` also match `/`,
// case-sensitive, `{a,b}` alternation, `[ab]`/`[!ab]` classes, backslash escapes; `**/x` matches `x` and
// `a/b/x`, `x/**` matches everything below `x` (not `x`), `/**/` matches zero or more folders.
export type GlobMatcher = (rel: string) => boolean;

function escapeChar(ch: string): string {
  return /[\\^$.*+?()[\]{}|/]/.test(ch) ? `\\${ch}` : ch;
}

function fail(glob: string, why: string): never {
  throw werr('C210', `bad glob ${JSON.stringify(glob)}: ${why}`);
}

export function globToRegExp(glob: string): RegExp {
  let out = '';
  let i = 0;
  let inAlt = false;
  const chars = [...glob];
  while (i < chars.length) {
    const ch = chars[i]!;
    if (ch === '*' && chars[i + 1] === '*') {
      const atStart = i === 0 || chars[i - 1] === '/';
      const after = chars[i + 2];
      if (atStart && (after === '/' || after === undefined)) {
        if (i === 0 && after === '/') {
          out += '(?:.*/)?';
          i += 3;
        } else if (i === 0) {
          out += '.*';
          i += 2;
        } else if (after === undefined) {
          // "x/**": everything below x; the "/" was already emitted.
          out += '.*';
          i += 2;
        } else {
          // "/**/": zero or more folders; the leading "/" was already emitted.
          out += '(?:.*/)?';
          i += 3;
        }
        continue;
      }
      out += '.*';
      i += 2;
      continue;
    }
    if (ch === '*') {
      out += '.*';
      i += 1;
    } else if (ch === '?') {
      out += '.';
      i += 1;
    } else if (ch === '\\') {
      const next = chars[i + 1];
      if (next === undefined) fail(glob, 'dangling escape');
      out += escapeChar(next);
      i += 2;
    } else if (ch === '[') {
      let j = i + 1;
      let cls = '';
      if (chars[j] === '!' || chars[j] === '^') {
        cls += '^';
        j += 1;
      }
      // A "]" right after "[" or "[!" is a literal.
      if (chars[j] === ']') {
        cls += '\\]';
        j += 1;
      }
      while (j < chars.length && chars[j] !== ']') {
        const c = chars[j]!;
        cls += c === '-' ? '-' : c === '\\' ? escapeChar(chars[++j] ?? '') : escapeChar(c);
        j += 1;
      }
      if (j >= chars.length) fail(glob, 'unclosed character class; missing \']\'');
      out += `[${cls}]`;
      i = j + 1;
    } else if (ch === '{') {
      if (inAlt) fail(glob, 'nested alternate groups are not allowed');
      inAlt = true;
      out += '(?:';
      i += 1;
    } else if (ch === '}' && inAlt) {
      inAlt = false;
      out += ')';
      i += 1;
    } else if (ch === ',' && inAlt) {
      out += '|';
      i += 1;
    } else {
      out += escapeChar(ch);
      i += 1;
    }
  }
  if (inAlt) fail(glob, 'unclosed alternate group; missing \'}\'');
  try {
    return new RegExp(`^${out}$`, 'su');
  } catch (error) {
    return fail(glob, (error as Error).message);
  }
}

// Compiles a glob set; the base itself ("") never matches.
export function compileGlobs(globs: readonly string[]): GlobMatcher {
  const regexes = globs.map(globToRegExp);
  if (regexes.length === 0) return () => false;
  return (rel) => rel !== '' && regexes.some((regex) => regex.test(rel));
}
