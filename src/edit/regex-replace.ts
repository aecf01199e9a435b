import { fail } from '../engine/errors.js';
import { expandTemplate, parseTemplate, type GroupInfo, type TemplatePart } from './regex-replace-template.js';

// The `replace` op of coder::update-file. The original matched with Rust's `regex` crate on the whole body,
// without the multi-line flag, and replaced every match.
export interface ReplaceOp {
  readonly op: 'replace';
  readonly pattern: string;
  // Rust syntax ($1, ${1}, $name, ${name}, $$) plus $<name> and $& (see parseTemplate).
  readonly replacement: string;
  // As the original: case-insensitive matching. Default false.
  readonly ignore_case?: boolean;
  // Extension: the pattern is plain text and the replacement is inserted verbatim (no $ references).
  readonly literal?: boolean;
  // Extension: replace at most this many matches, first ones first. Default: all, as the original.
  readonly count?: number;
}

export interface CompiledReplace {
  readonly label: string;
  readonly regex: RegExp;
  readonly template: readonly TemplatePart[];
  readonly limit: number;
}

export interface ReplaceOutcome {
  readonly text: string;
  readonly replaced: number;
  // True when `count` stopped the op before the last match.
  readonly more: boolean;
}

const LEADING_FLAGS = /^\(\?([A-Za-z]+)\)/;

// Rewrites the Rust-only spellings the original accepted into JS: a leading (?ims) group becomes flags,
// (?P<name>...) becomes (?<name>...), \A and \z become whole-body anchors. Everything else goes to JS as is.
export function translatePattern(pattern: string, label: string): { source: string; flags: string } {
  let flags = '';
  let rest = pattern;
  const lead = LEADING_FLAGS.exec(pattern);
  if (lead !== null) {
    for (const flag of lead[1]!) {
      if (!'ims'.includes(flag)) throw fail('C210', `${label}: inline flag "${flag}" is not supported; use i, m or s (or ignore_case)`);
      if (!flags.includes(flag)) flags += flag;
    }
    rest = pattern.slice(lead[0].length);
  }
  let source = '';
  let inClass = false;
  for (let i = 0; i < rest.length; i++) {
    const ch = rest[i]!;
    if (ch === '\\') {
      const next = rest[i + 1] ?? '';
      source += !inClass && next === 'A' ? '(?<![\\s\\S])' : !inClass && next === 'z' ? '(?![\\s\\S])' : ch + next;
      i += 1;
    } else if (inClass) {
      inClass = ch !== ']';
      source += ch;
    } else if (rest.startsWith('(?P<', i)) {
      source += '(?<';
      i += 3;
    } else {
      inClass = ch === '[';
      source += ch;
    }
  }
  return { source, flags };
}

function checkReplaceShape(op: ReplaceOp, label: string): void {
  const rec = op as unknown as Record<string, unknown>;
  for (const field of ['pattern', 'replacement']) {
    if (typeof rec[field] !== 'string') throw fail('C210', `${label}: ${field} must be a string, got ${JSON.stringify(rec[field]) ?? 'nothing'}`);
  }
  for (const field of ['ignore_case', 'literal']) {
    if (rec[field] !== undefined && typeof rec[field] !== 'boolean') throw fail('C210', `${label}: ${field} must be true or false`);
  }
  const count = rec.count;
  if (count !== undefined && (typeof count !== 'number' || !Number.isInteger(count) || count < 1)) {
    throw fail('C210', `${label}: count must be a whole number >= 1 (the most matches to replace), got ${JSON.stringify(count)}`);
  }
}

// Compiles one replace op (request position `index`, 0-based): pattern, flags and a validated replacement.
// The engine is JS RegExp with the u flag, so unlike Rust `.` also stops at "\r", \d and \w are ASCII, and
// needless escapes such as \- outside a class are syntax errors (C210 with the engine's message).
export function compileReplaceOp(op: ReplaceOp, index: number): CompiledReplace {
  const label = `op ${index + 1} (replace)`;
  checkReplaceShape(op, label);
  if (op.pattern === '') throw fail('C210', `${label}: pattern must not be empty`);
  const { source, flags: inline } = op.literal === true
    ? { source: op.pattern.replace(/[\\^$.*+?()[\]{}|/]/g, '\\$&'), flags: '' }
    : translatePattern(op.pattern, label);
  const flags = `gu${inline}${op.ignore_case === true && !inline.includes('i') ? 'i' : ''}`;
  let regex: RegExp;
  let probe: RegExpExecArray;
  try {
    regex = new RegExp(source, flags);
    // An empty alternative always matches, so the probe lists every group the pattern has.
    probe = new RegExp(`${source}|`, flags.replace('g', '')).exec('')!;
  } catch (error) {
    throw fail('C210', `${label}: invalid regex ${JSON.stringify(op.pattern)}: ${(error as Error).message}`);
  }
  const groups: GroupInfo = { count: probe.length - 1, names: Object.keys(probe.groups ?? {}) };
  const template = op.literal === true ? [op.replacement] : parseTemplate(op.replacement, groups, label);
  return { label, regex, template, limit: op.count ?? Number.POSITIVE_INFINITY };
}

function nextCodePoint(text: string, at: number): number {
  const code = text.charCodeAt(at);
  const low = text.charCodeAt(at + 1);
  return code >= 0xd800 && code <= 0xdbff && low >= 0xdc00 && low <= 0xdfff ? at + 2 : at + 1;
}

// Matches as the original saw them: leftmost-first, non-overlapping, and (as Rust's regex) no empty match
// where the previous match ended. An empty match moves on one code point, so `x*` cannot loop.
function* matchesOf(regex: RegExp, text: string): Generator<RegExpExecArray> {
  const re = new RegExp(regex.source, regex.flags);
  let previousEnd = -1;
  for (;;) {
    const match = re.exec(text);
    if (match === null) return;
    const end = match.index + match[0].length;
    if (match[0].length === 0) {
      re.lastIndex = nextCodePoint(text, end);
      if (match.index === previousEnd) continue;
    }
    previousEnd = end;
    yield match;
  }
}

export function runReplace(text: string, compiled: CompiledReplace): ReplaceOutcome {
  const out: string[] = [];
  let last = 0;
  let replaced = 0;
  let more = false;
  for (const match of matchesOf(compiled.regex, text)) {
    if (replaced === compiled.limit) {
      more = true;
      break;
    }
    out.push(text.slice(last, match.index), expandTemplate(compiled.template, match));
    last = match.index + match[0].length;
    replaced += 1;
  }
  if (replaced === 0) return { text, replaced, more };
  out.push(text.slice(last));
  return { text: out.join(''), replaced, more };
}
