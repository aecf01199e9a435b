import { readFile } from 'node:fs/promises';
import { homedir } from 'node:os';
import { join, resolve } from 'node:path';
import { fail } from '../engine/errors.js';
import { actionProblem, formatProblem, parsePolicyText, patternProblem, type ParsedPolicyFile, type PolicyProblem } from './policy-file.js';
import { normalizePattern } from './pattern.js';
import { Policy, type PolicyFileInfo, type SourceRule } from './policy.js';
import type { Action, Rule } from './types.js';

// Policy files, highest priority first within each level.
export const PROJECT_POLICY_FILES = ['.codeward/policy.json', '.chatcli/coder_policy.json', 'coder_policy.json'] as const;
export const USER_POLICY_FILES = ['.codeward/policy.json', '.chatcli/coder_policy.json'] as const;
// Where 'always' and 'never' answers are saved.
export const PROJECT_POLICY_FILE = PROJECT_POLICY_FILES[0];

export interface CliRuleFlags {
  readonly allow?: readonly string[];
  readonly ask?: readonly string[];
  readonly deny?: readonly string[];
}

export interface LoadPolicyOptions {
  readonly workspaceRoot: string;
  // The user's home (default os.homedir()).
  readonly home?: string;
  // --allow/--ask/--deny, as rules or as the three flag lists.
  readonly cliRules?: readonly Rule[] | CliRuleFlags;
  // true (default): a policy file with any problem is a C210 naming the file and rule. false: load
  // anyway in a degraded form that never widens permissions (for `codeward policy list|check`).
  readonly strict?: boolean;
}

function cliRuleList(input: LoadPolicyOptions['cliRules']): Rule[] {
  if (!input) return [];
  if (Array.isArray(input)) return [...(input as readonly Rule[])];
  const flags = input as CliRuleFlags;
  const rules: Rule[] = [];
  for (const action of ['deny', 'ask', 'allow'] as const) {
    for (const pattern of flags[action] ?? []) rules.push({ pattern, action });
  }
  return rules;
}

async function readPolicyFile(file: string): Promise<ParsedPolicyFile | undefined> {
  let text: string;
  try {
    text = await readFile(file, 'utf8');
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    if (code === 'ENOENT' || code === 'ENOTDIR') return undefined;
    const message = code === 'EISDIR' ? 'is a directory, not a file' : `cannot be read: ${(error as Error).message}`;
    return { file, rules: [], merge: true, unreadable: true, problems: [{ file, message }] };
  }
  return parsePolicyText(text, file);
}

// A file with problems keeps its deny and ask rules, its allow rules become ask, and a file whose
// content is unknown asks for everything: a broken file never widens permissions.
function fileRules(parsed: ParsedPolicyFile, source: 'project' | 'user'): SourceRule[] {
  const degraded = parsed.problems.length > 0;
  const rules: SourceRule[] = parsed.rules.map((rule) => {
    const action: Action = degraded && rule.action === 'allow' ? 'ask' : rule.action;
    const note = action === rule.action ? undefined : 'allow downgraded to ask: the file has problems';
    return { ...rule, action, source, ...(note ? { note } : {}) };
  });
  if (parsed.unreadable) rules.push({ pattern: '*', action: 'ask', file: parsed.file, source, note: 'the file could not be read: everything asks' });
  return rules;
}

export async function loadPolicy(options: LoadPolicyOptions): Promise<Policy> {
  const root = resolve(options.workspaceRoot);
  const home = resolve(options.home ?? homedir());
  const problems: PolicyProblem[] = [];
  const cli: SourceRule[] = [];
  for (const rule of cliRuleList(options.cliRules)) {
    const flag = `--${String(rule.action)}`;
    const problem = patternProblem(rule.pattern) ?? actionProblem(rule.action);
    if (problem) throw fail('C210', `${flag} ${JSON.stringify(rule.pattern)}: ${problem}`);
    cli.push({ pattern: normalizePattern(rule.pattern), action: rule.action, source: 'cli' });
  }
  const files: PolicyFileInfo[] = [];
  const levels: Record<'project' | 'user', SourceRule[]> = { project: [], user: [] };
  const seen = new Set<string>();
  const load = async (source: 'project' | 'user', base: string, names: readonly string[]): Promise<boolean> => {
    let replaces = false;
    for (const name of names) {
      const file = join(base, name);
      if (seen.has(file)) continue;
      seen.add(file);
      const parsed = await readPolicyFile(file);
      if (!parsed) continue;
      problems.push(...parsed.problems);
      levels[source].push(...fileRules(parsed, source));
      if (!parsed.merge) replaces = true;
      files.push({ file, source, merge: parsed.merge, hidden: false, rules: parsed.rules.length, problems: parsed.problems });
    }
    return replaces;
  };
  const projectReplaces = await load('project', root, PROJECT_POLICY_FILES);
  await load('user', home, USER_POLICY_FILES);
  if (projectReplaces) {
    for (const info of files) if (info.source === 'user') info.hidden = true;
    levels.user = [];
  }
  if (problems.length > 0 && options.strict !== false) {
    throw fail('C210', `invalid policy file (fix it, or remove it; nothing was run):\n${problems.map(formatProblem).join('\n')}`);
  }
  return new Policy({ root, cli, project: levels.project, user: levels.user, files, problems, projectFile: join(root, PROJECT_POLICY_FILE) });
}
