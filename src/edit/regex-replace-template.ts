import { fail } from '../engine/errors.js';

// A parsed replacement: literal text and references to capture groups (0 = the whole match).
export type TemplatePart = string | { readonly group: number } | { readonly name: string };

export interface GroupInfo {
  // Number of capture groups, not counting the whole match.
  readonly count: number;
  readonly names: readonly string[];
}

const NAME_CHAR = /[0-9A-Za-z_]/;
const DIGITS = /^[0-9]+$/;
const IDENT = /^[A-Za-z_][0-9A-Za-z_]*$/;

// Resolves one reference written as `written` (e.g. "$3", "${name}") to a part, or throws C210 naming the fix.
function reference(inner: string, written: string, groups: GroupInfo, label: string): TemplatePart {
  if (DIGITS.test(inner)) {
    const group = Number(inner);
    if (group > groups.count) {
      throw fail('C210', `${label}: ${written} refers to a group the pattern does not have (it has ${groups.count}); `
        + 'write $$ for a literal $');
    }
    return { group };
  }
  if (IDENT.test(inner)) {
    if (!groups.names.includes(inner)) {
      const have = groups.names.length === 0 ? 'it has no named groups' : `its named groups: ${groups.names.join(', ')}`;
      throw fail('C210', `${label}: ${written} refers to a named group the pattern does not have (${have}); write $$ for a literal $`);
    }
    return { name: inner };
  }
  throw fail('C210', `${label}: ${written} is not a valid group reference; use $1, \${1}, \${name} or $<name>, and $$ for a literal $`);
}

function closing(text: string, open: number, close: string, written: string, label: string): number {
  const end = text.indexOf(close, open);
  if (end === -1) throw fail('C210', `${label}: ${written} is not closed with "${close}"; write $$ for a literal $`);
  return end;
}

// Parses a replacement in the original's Rust syntax ($1, ${1}, $name, ${name}, $$) plus JS's $<name> and $&.
// Unlike both engines, a reference to a missing group is an error rather than an empty string, and an unbraced
// run such as "$1a" (Rust: group "1a"; JS: group 1 then "a") is refused as ambiguous. Any other "$" is literal.
export function parseTemplate(replacement: string, groups: GroupInfo, label: string): TemplatePart[] {
  const parts: TemplatePart[] = [];
  let literal = '';
  const push = (part: TemplatePart): void => {
    if (literal !== '') parts.push(literal);
    literal = '';
    parts.push(part);
  };
  let i = 0;
  while (i < replacement.length) {
    const ch = replacement[i]!;
    const next = replacement[i + 1];
    if (ch !== '$' || next === undefined) {
      literal += ch;
      i += 1;
    } else if (next === '$') {
      literal += '$';
      i += 2;
    } else if (next === '&') {
      push({ group: 0 });
      i += 2;
    } else if (next === '{' || next === '<') {
      const close = next === '{' ? '}' : '>';
      const end = closing(replacement, i + 2, close, `$${next}`, label);
      const inner = replacement.slice(i + 2, end);
      const written = `$${next}${inner}${close}`;
      if (next === '<' && !IDENT.test(inner)) {
        throw fail('C210', `${label}: ${written} is not a valid group reference; $<...> takes a group name`);
      }
      push(reference(inner, written, groups, label));
      i = end + 1;
    } else if (NAME_CHAR.test(next)) {
      let end = i + 1;
      while (end < replacement.length && NAME_CHAR.test(replacement[end]!)) end += 1;
      const inner = replacement.slice(i + 1, end);
      if (!DIGITS.test(inner) && !IDENT.test(inner)) {
        const digits = /^[0-9]+/.exec(inner)![0];
        throw fail('C210', `${label}: $${inner} is ambiguous; write \${${digits}}${inner.slice(digits.length)} for group ${digits} `
          + `followed by "${inner.slice(digits.length)}"`);
      }
      push(reference(inner, `$${inner}`, groups, label));
      i = end;
    } else {
      literal += '$';
      i += 1;
    }
  }
  if (literal !== '') parts.push(literal);
  return parts;
}

// The replacement text for one match; a group that took no part in the match expands to "".
export function expandTemplate(parts: readonly TemplatePart[], match: RegExpExecArray): string {
  let out = '';
  for (const part of parts) {
    if (typeof part === 'string') out += part;
    else if ('group' in part) out += match[part.group] ?? '';
    else out += match.groups?.[part.name] ?? '';
  }
  return out;
}
