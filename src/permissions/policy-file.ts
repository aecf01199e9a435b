import type { ScriptPin } from '../engine/command.js';
import { ACTIONS, type Action, type Rule } from './types.js';
import { normalizePattern } from './pattern.js';

// Policy file format (seed 004): {"rules":[{"pattern":"@coder exec *","action":"ask"}], "merge": true}.
// An allow rule may carry a "pin" (an "always" for a line that runs repository scripts, red team R16-5):
// {"pattern":"@coder exec?npm test","action":"allow","pin":{"sha256":"<64 hex>","lines":[...],"files":{...}}};
// it matches only while the scripts the call runs hash to "sha256" (approval-pins.ts). A file without pins
// reads as before.

export const MAX_PATTERN_LENGTH = 500;

export interface PolicyProblem {
  readonly file: string;
  // Index in the "rules" array, when the problem is one rule.
  readonly rule?: number;
  readonly message: string;
}

export interface ParsedPolicyFile {
  readonly file: string;
  // Every rule that is valid on its own, in file order (with its index).
  readonly rules: readonly (Rule & { readonly index: number })[];
  // Absent means true: a file never hides the files below it unless it says so.
  readonly merge: boolean;
  // When the text is not JSON or not an object, nothing the file meant is known.
  readonly unreadable: boolean;
  readonly problems: readonly PolicyProblem[];
}

const TOP_KEYS = new Set(['rules', 'merge', '$schema', 'comment']);
const RULE_KEYS = new Set(['pattern', 'action', 'comment', 'pin']);

// Why a pattern is unusable, or undefined when it is fine.
export function patternProblem(raw: unknown): string | undefined {
  if (typeof raw !== 'string') return `"pattern" must be a string, got ${describe(raw)}`;
  const pattern = normalizePattern(raw);
  if (pattern === '') return '"pattern" is empty';
  if (pattern.length > MAX_PATTERN_LENGTH) return `"pattern" is too long (${pattern.length} characters, at most ${MAX_PATTERN_LENGTH})`;
  if (!/^(@coder(\s|$)|[*?])/.test(pattern)) return `"pattern" ${JSON.stringify(pattern)} must start with "@coder " (e.g. "@coder exec npm *") or be a glob such as "*"`;
  return undefined;
}

export function actionProblem(raw: unknown): string | undefined {
  if (typeof raw === 'string' && (ACTIONS as readonly string[]).includes(raw)) return undefined;
  const hint = typeof raw === 'string' && (ACTIONS as readonly string[]).includes(raw.trim().toLowerCase()) ? ` (write "${raw.trim().toLowerCase()}")` : '';
  return `"action" must be "allow", "ask" or "deny", got ${describe(raw)}${hint}`;
}

function describe(value: unknown): string {
  if (value === undefined) return 'nothing';
  const text = JSON.stringify(value);
  return text.length > 60 ? `${text.slice(0, 57)}...` : text;
}

function checkRule(file: string, raw: unknown, index: number, problems: PolicyProblem[]): (Rule & { index: number }) | undefined {
  if (typeof raw !== 'object' || raw === null || Array.isArray(raw)) {
    problems.push({ file, rule: index, message: `must be an object {"pattern": ..., "action": ...}, got ${describe(raw)}` });
    return undefined;
  }
  const record = raw as Record<string, unknown>;
  const found: string[] = [];
  if (!('pattern' in record)) found.push('"pattern" is missing');
  else {
    const problem = patternProblem(record['pattern']);
    if (problem) found.push(problem);
  }
  if (!('action' in record)) found.push('"action" is missing');
  else {
    const problem = actionProblem(record['action']);
    if (problem) found.push(problem);
  }
  for (const key of Object.keys(record)) {
    if (!RULE_KEYS.has(key)) found.push(`unknown key "${key}" (a rule has "pattern" and "action")`);
  }
  const pin = 'pin' in record ? pinOf(record['pin'], record['action'], found) : undefined;
  for (const message of found) problems.push({ file, rule: index, message });
  if (found.length > 0) return undefined;
  return { pattern: normalizePattern(record['pattern'] as string), action: record['action'] as Action, file, index, ...(pin ? { pin } : {}) };
}

// A rule's "pin": only on an allow rule (a pinned deny or ask would stop holding when a script changes).
function pinOf(raw: unknown, action: unknown, found: string[]): ScriptPin | undefined {
  const record = typeof raw === 'object' && raw !== null && !Array.isArray(raw) ? (raw as Record<string, unknown>) : undefined;
  const lines = record?.['lines'] ?? [];
  const files = record?.['files'] ?? {};
  const fileList = typeof files === 'object' && files !== null && !Array.isArray(files) ? Object.values(files) : undefined;
  if (record === undefined || typeof record['sha256'] !== 'string' || !/^[0-9a-f]{64}$/.test(record['sha256']) || !Array.isArray(lines) || !lines.every((line) => typeof line === 'string') || fileList === undefined || !fileList.every((digest) => typeof digest === 'string')) {
    found.push(`"pin" must be {"sha256": "<64 lowercase hex>", "lines": [strings], "files": {path: digest}}, got ${describe(raw)}`);
    return undefined;
  }
  if (action !== 'allow') found.push(`"pin" is only for an allow rule (this one is ${describe(action)})`);
  return { sha256: record['sha256'], lines: lines as string[], files: files as Record<string, string> };
}

export function parsePolicyText(text: string, file: string): ParsedPolicyFile {
  const problems: PolicyProblem[] = [];
  let raw: unknown;
  try {
    raw = JSON.parse(text.replace(/^\uFEFF/, ''));
  } catch (error) {
    problems.push({ file, message: `not valid JSON: ${(error as Error).message}` });
    return { file, rules: [], merge: true, unreadable: true, problems };
  }
  if (typeof raw !== 'object' || raw === null || Array.isArray(raw)) {
    problems.push({ file, message: `must be a JSON object {"rules": [...], "merge": true}, got ${describe(raw)}` });
    return { file, rules: [], merge: true, unreadable: true, problems };
  }
  const record = raw as Record<string, unknown>;
  for (const key of Object.keys(record)) {
    if (!TOP_KEYS.has(key)) problems.push({ file, message: `unknown key "${key}" (a policy file has "rules" and "merge")` });
  }
  let merge = true;
  if ('merge' in record) {
    if (typeof record['merge'] === 'boolean') merge = record['merge'];
    else problems.push({ file, message: `"merge" must be true or false, got ${describe(record['merge'])}` });
  }
  const rules: (Rule & { index: number })[] = [];
  if (!Array.isArray(record['rules'])) {
    problems.push({ file, message: `"rules" must be an array of {"pattern", "action"}, got ${describe(record['rules'])}` });
  } else {
    record['rules'].forEach((entry, index) => {
      const rule = checkRule(file, entry, index, problems);
      if (rule) rules.push(rule);
    });
  }
  return { file, rules, merge, unreadable: false, problems };
}

export function formatProblem(problem: PolicyProblem): string {
  return `${problem.file}: ${problem.rule === undefined ? '' : `rules[${problem.rule}]: `}${problem.message}`;
}
