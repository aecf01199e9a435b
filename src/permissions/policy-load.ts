import type { ViewFolders } from '../sandbox/policy.js';
import { homedir } from 'node:os';
import { join, resolve } from 'node:path';
import { fail } from '../engine/errors.js';
import { actionProblem, formatProblem, parsePolicyText, patternProblem, type ParsedPolicyFile, type PolicyProblem } from './policy-file.js';
import { normalizePattern } from './pattern.js';
import { Policy, type PolicyFileInfo, type SourceRule } from './policy.js';
import { PROJECT_POLICY_FILES, readProjectSnapshot, snapshotFile, type IgnoredSetting, type ProjectSnapshot, type SettingsFile } from './policy-sources.js';
import { answersFileFor, trustState, type TrustState } from './policy-trust.js';
import { enclosingProjects, rebaseRules, type EnclosingProject } from './project-enclosing.js';
import { readFile } from 'node:fs/promises';
import type { Rule } from './types.js';
import type { CommandWords } from '../engine/registry.js';
import { RuleWords } from './rule-words.js';

export { PROJECT_POLICY_FILES } from './policy-sources.js';
// The user's own policy files, in the home folder.
export const USER_POLICY_FILES = ['.codeward/policy.json', '.chatcli/coder_policy.json'] as const;

export interface CliRuleFlags {
  readonly allow?: readonly string[];
  readonly ask?: readonly string[];
  readonly deny?: readonly string[];
}

// The project's settings files, read once, and whether the user trusts them.
export interface ProjectSettings {
  readonly snapshot: ProjectSnapshot;
  readonly trust: TrustState;
  // The projects the workspace is a subfolder of (project-enclosing.ts): their files apply too, re-based.
  readonly enclosing?: readonly EnclosingProject[];
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
  // The project's files and trust, when the caller read them already (createEngine shares them with
  // the config); otherwise read here.
  readonly project?: ProjectSettings;
  // The workspace's non-accessible globs (default: the shipped ones).
  readonly nonAccessibleGlobs?: readonly string[];
  // Where which of them the repository tracks is kept between processes: never a file a sandboxed
  // process can write (a poisoned one would let the gate auto-approve `git diff` in a later run).
  readonly trackedSecretsCache?: string;
  // Where the write gate's home-folder scan is kept between processes (the same kind of file: home-kept.ts).
  readonly homeScanCache?: string;
  // The host folders a sandboxed run's view binds (policy.ts boundFolders).
  readonly viewFolders?: () => Promise<ViewFolders>;
  // The other folders a sandboxed run may write (Workspace.toolAreas): no git codeward starts comes from them.
  readonly toolAreas?: readonly string[];
  // The commands of the caller's registry, besides the built-in ones, that rules may name.
  readonly commands?: readonly CommandWords[];
}

// The files of `root` that are the user's own (the workspace is the home folder): never project files.
function userFileSet(home: string): Set<string> {
  return new Set(USER_POLICY_FILES.map((name) => join(home, name)));
}

// Reads the project's settings files and checks them against the user's trust record.
export async function readProjectSettings(workspaceRoot: string, home: string | undefined): Promise<ProjectSettings> {
  const snapshot = await readProjectSnapshot(resolve(workspaceRoot), home ? userFileSet(resolve(home)) : new Set());
  const enclosing = await enclosingProjects(snapshot.root, home ? resolve(home) : undefined);
  return { snapshot, trust: await trustState(snapshot, home ? resolve(home) : undefined), ...(enclosing.length > 0 ? { enclosing } : {}) };
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

function parseSettingsFile(entry: SettingsFile): ParsedPolicyFile | undefined {
  if (entry.error) return { file: entry.file, rules: [], merge: true, unreadable: true, problems: [{ file: entry.file, message: entry.error }] };
  if (entry.text === undefined) return undefined;
  return parsePolicyText(entry.text, entry.file);
}

async function readUserFile(file: string): Promise<ParsedPolicyFile | undefined> {
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

const aliasNote = (alias: string, pattern: string): string => `written "${alias}", an alias of ${pattern.split(' ')[1]}`;

// Each rule's command word resolved (rule-words.ts): an alias becomes the command's name; a word that names
// no command is a problem of the person's own file (C210 when strict) and a warning for a project's (the
// rule stays, matching nothing, as an unknown key of a project's config is a note).
function resolveFile(parsed: ParsedPolicyFile, source: 'project' | 'user', words: RuleWords, notes: string[]): ParsedPolicyFile & { readonly aliases: ReadonlyMap<number, string> } {
  const problems: PolicyProblem[] = [...parsed.problems];
  const aliases = new Map<number, string>();
  const rules = parsed.rules.flatMap((rule) => {
    const resolved = words.resolve(rule.pattern);
    if (resolved.problem === undefined) {
      if (resolved.alias !== undefined) aliases.set(rule.index, aliasNote(resolved.alias, resolved.pattern));
      return [{ ...rule, pattern: resolved.pattern }];
    }
    if (source === 'project') {
      notes.push(`${parsed.file}: rules[${rule.index}]: ${resolved.problem}`);
      return [rule];
    }
    problems.push({ file: parsed.file, rule: rule.index, message: resolved.problem });
    return [];
  });
  return { ...parsed, rules, problems, aliases };
}

// A file with problems keeps its deny and ask rules, its allow rules become ask, and a file whose
// content is unknown asks for everything: a broken file never widens permissions. A project file of an
// untrusted workspace keeps its deny and ask rules only (it may tighten, never loosen).
function fileRules(parsed: ReturnType<typeof resolveFile>, source: 'project' | 'user', trusted: boolean, ignored: IgnoredSetting[], name: string): SourceRule[] {
  const degraded = parsed.problems.length > 0;
  const rules: SourceRule[] = [];
  for (const rule of parsed.rules) {
    if (rule.action === 'allow' && !trusted) {
      ignored.push({ file: name, setting: `rules[${rule.index}] allow ${JSON.stringify(rule.pattern)}`, reason: 'an allow rule loosens' });
      continue;
    }
    const action = degraded && rule.action === 'allow' ? 'ask' : rule.action;
    const note = [parsed.aliases.get(rule.index), action === rule.action ? undefined : 'allow downgraded to ask: the file has problems'].filter(Boolean).join('; ') || undefined;
    rules.push({ ...rule, action, source, ...(note ? { note } : {}) });
  }
  if (parsed.unreadable) rules.push({ pattern: '*', action: 'ask', file: parsed.file, source, note: 'the file could not be read: everything asks' });
  return rules;
}

export async function loadPolicy(options: LoadPolicyOptions): Promise<Policy> {
  const root = resolve(options.workspaceRoot);
  const home = resolve(options.home ?? homedir());
  const project = options.project ?? (await readProjectSettings(root, home));
  const problems: PolicyProblem[] = [];
  const notes: string[] = [];
  const words = new RuleWords(options.commands);
  const cli: SourceRule[] = [];
  for (const rule of cliRuleList(options.cliRules)) {
    const flag = `--${String(rule.action)}`;
    const problem = patternProblem(rule.pattern) ?? actionProblem(rule.action);
    if (problem) throw fail('C210', `${flag} ${JSON.stringify(rule.pattern)}: ${problem}`);
    // A command word the person wrote that names no command is theirs to fix (an alias is resolved).
    const resolved = words.resolve(normalizePattern(rule.pattern));
    if (resolved.problem) throw fail('C210', `${flag} ${JSON.stringify(rule.pattern)}: ${resolved.problem}`);
    cli.push({ pattern: resolved.pattern, action: rule.action, source: 'cli', ...(resolved.alias ? { note: aliasNote(resolved.alias, resolved.pattern) } : {}) });
  }
  const files: PolicyFileInfo[] = [];
  const ignored: IgnoredSetting[] = [];
  const projectRules: SourceRule[] = [];
  let hidesUserAllows = false;
  // The workspace's own files, then those of the projects it is a subfolder of, re-based to it.
  for (const source of [{ ...project, below: [] }, ...(project.enclosing ?? [])]) for (const name of PROJECT_POLICY_FILES) {
    const entry = snapshotFile(source.snapshot, name);
    const read = entry && parseSettingsFile(entry);
    if (!read) continue;
    const parsed = resolveFile(read, 'project', words, notes);
    problems.push(...parsed.problems);
    const before = ignored.length;
    const rules = fileRules(parsed, 'project', source.trust.trusted, ignored, source.below.length === 0 ? name : entry.file);
    projectRules.push(...(source.below.length === 0 ? rules : rebaseRules(rules, source)));
    // "merge": false hides the user's own allow rules from the home folder, never their deny or ask rules.
    if (!parsed.merge) hidesUserAllows = true;
    files.push({ file: parsed.file, source: 'project', merge: parsed.merge, hidden: false, rules: parsed.rules.length, problems: parsed.problems, ignored: ignored.slice(before) });
  }
  // The user's answers for this workspace come first: 'always' and 'never' saved by the permission gate.
  const answersFile = answersFileFor(home, root);
  const userRules: SourceRule[] = [];
  for (const file of [answersFile, ...USER_POLICY_FILES.map((name) => join(home, name))]) {
    const read = await readUserFile(file);
    if (!read) continue;
    const parsed = resolveFile(read, 'user', words, notes);
    problems.push(...parsed.problems);
    const hidden = hidesUserAllows && file !== answersFile;
    const rules = fileRules(parsed, 'user', true, [], file);
    userRules.push(...(hidden ? rules.filter((rule) => rule.action !== 'allow') : rules));
    files.push({ file, source: 'user', merge: parsed.merge, hidden, rules: parsed.rules.length, problems: parsed.problems, ignored: [] });
  }
  if (problems.length > 0 && options.strict !== false) {
    throw fail('C210', `invalid policy file (fix it, or remove it; nothing was run):\n${problems.map(formatProblem).join('\n')}`);
  }
  const globs = { ...(options.nonAccessibleGlobs ? { nonAccessibleGlobs: options.nonAccessibleGlobs } : {}), ...(options.trackedSecretsCache ? { trackedSecretsCache: options.trackedSecretsCache } : {}), ...(options.homeScanCache ? { homeScanCache: options.homeScanCache } : {}) };
  return new Policy({ root, cli, project: projectRules, user: userRules, files, problems, answersFile, trust: project.trust, ignored, words, notes, ...globs, viewFolders: options.viewFolders, ...(options.toolAreas ? { toolAreas: options.toolAreas } : {}) });
}
