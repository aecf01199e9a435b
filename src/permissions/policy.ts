import type { ViewFolders } from '../sandbox/policy.js';
import type { TrackedSecretCheck } from '../sandbox/tracked-secrets.js';
import { FolderListings } from '../workspace/listings.js';
import { outsidePath, type ToolEnv } from '../sandbox/which.js';
import { DEFAULT_NON_ACCESSIBLE_GLOBS } from '../workspace/types.js';
import { defaultRules } from './defaults.js';
import { compilePattern, normalizePattern, type CompiledPattern, type Subject } from './pattern.js';
import type { PolicyProblem } from './policy-file.js';
import { savePolicyRule } from './policy-save.js';
import type { IgnoredSetting } from './policy-sources.js';
import type { TrustState } from './policy-trust.js';
import type { ScriptPin } from '../engine/command.js';
import type { Action, ListedRule, Rule, RuleSource } from './types.js';
import { withCredentialGlobs } from '../workspace/reader-hidden.js';
import { RuleWords } from './rule-words.js';

export interface SourceRule extends Rule {
  readonly source: RuleSource;
  readonly index?: number;
  readonly note?: string;
}

interface CompiledRule extends SourceRule {
  readonly compiled: CompiledPattern;
}

export interface PolicyFileInfo {
  readonly file: string;
  readonly source: 'project' | 'user';
  readonly merge: boolean;
  // A user file whose allow rules a project file with "merge": false hides (its deny and ask rules stay).
  readonly hidden: boolean;
  readonly rules: number;
  readonly problems: readonly PolicyProblem[];
  // What a project file of an untrusted workspace tried to loosen (not applied).
  readonly ignored: readonly IgnoredSetting[];
}

// What a call looks like to the rules: `canonical` is what will really happen (the resolved path, the
// command as parsed); `others` are other spellings (the raw input, the unwrapped command). Deny and
// ask rules match any of them, allow rules only the canonical one.
export interface MatchTarget {
  // Absent: only deny and ask rules can match (e.g. a whole shell line, judged per command for allow).
  readonly canonical?: Subject;
  readonly others: readonly Subject[];
  // The digest of the repository scripts the call runs (Judged.pin): a pinned allow rule matches only this.
  readonly pin?: string | undefined;
}

export interface RuleMatch {
  readonly source: Exclude<RuleSource, 'default'>;
  readonly action: Action;
  readonly rule: Rule;
}

const STRENGTH: Record<Action, number> = { deny: 0, ask: 1, allow: 2 };

export interface PolicyParts {
  readonly root: string;
  readonly cli: readonly SourceRule[];
  readonly project: readonly SourceRule[];
  readonly user: readonly SourceRule[];
  readonly files: readonly PolicyFileInfo[];
  readonly problems: readonly PolicyProblem[];
  // User-level file for this workspace's 'always' and 'never' answers.
  readonly answersFile: string;
  readonly trust: TrustState;
  readonly ignored: readonly IgnoredSetting[];
  // The workspace's non-accessible globs (default: the shipped ones), for git commands that print a
  // tracked secret from the object database (readonly-git-secrets.ts).
  readonly nonAccessibleGlobs?: readonly string[];
  // Where the answers are kept between processes (the state folder; see TrackedSecretCheck).
  readonly trackedSecretsCache?: string;
  // Where the write gate's home-folder scan is kept between processes (the state folder; home-kept.ts).
  readonly homeScanCache?: string;
  // The host folders a sandboxed run's view binds (sandbox/policy.ts boundFolders), read on first need.
  readonly viewFolders?: (() => Promise<ViewFolders>) | undefined;
  // Where no program codeward starts may come from besides the workspace (Workspace.toolAreas).
  readonly toolAreas?: readonly string[];
  // The commands' words the rules name (default: the built-in and door commands).
  readonly words?: RuleWords;
  // Warnings about the rules (a project's rule that names no command).
  readonly notes?: readonly string[];
}

// Allow rules match the exact command they name; deny and ask rules naming a writer judge every change
// to their path (rule-words.ts).
const compileRule = (rule: Rule, words: RuleWords): CompiledPattern => compilePattern(rule.pattern, { exact: rule.action === 'allow', changes: rule.action !== 'allow' && words.writes(rule.pattern) });
const publicRule = (rule: SourceRule): Rule => ({ pattern: rule.pattern, action: rule.action, ...(rule.file ? { file: rule.file } : {}), ...(rule.pin ? { pin: rule.pin } : {}) });
// A pinned allow rule holds only for the scripts it was given for (a pinned ask or deny is refused when loaded).
const pinHolds = (rule: Rule, pin: string | undefined): boolean => rule.pin === undefined || rule.action !== 'allow' || rule.pin.sha256 === pin;

// The merged policy: --allow/--ask/--deny > policy files > built-in defaults. The command line, when
// it has a matching rule, decides. Otherwise the user's and the project's files are one pool in which
// deny beats ask beats allow, whichever file the rule is in: a user's deny always beats a project's
// allow, and a project can add deny and ask rules over the user's allows (trusted or not). Project
// allow rules are in the pool only when the user trusts the workspace (`codeward trust`).
export type TrackedSecretCheckClass = new (globs: readonly string[], env: ToolEnv, cacheFile: string | undefined) => TrackedSecretCheck;

export class Policy {
  readonly root: string;
  readonly files: readonly PolicyFileInfo[];
  readonly problems: readonly PolicyProblem[];
  // Where 'always' and 'never' answers are saved: user-level, outside the workspace.
  readonly answersFile: string;
  readonly trust: TrustState;
  // Project settings not applied because the workspace is not trusted.
  readonly ignored: readonly IgnoredSetting[];
  // Which non-accessible files the workspace's repositories track (cached by the index's identity): made on first
  // use by the shell decision (decide-shell.ts), which hands in the class, so a read, list or tree never loads it.
  private trackedSecretCheck: TrackedSecretCheck | undefined;
  private readonly trackedSecretParts: { readonly globs: readonly string[]; readonly cache: string | undefined; readonly areas: readonly string[] };
  // The folders the write gate's symlink walk read (obeyed-alias.ts), kept by identity for the next call.
  readonly folderListings: FolderListings;
  // The commands' words: what a rule names (its aliases resolved) and whether it names a writer.
  readonly words: RuleWords;
  readonly notes: readonly string[];
  // The host folders a sandboxed run's view binds (none known: only the system's programs are the host's).
  readonly viewFolders: (() => Promise<ViewFolders>) | undefined;
  private readonly sources: Record<'cli' | 'project' | 'user', CompiledRule[]>;
  // The CLI rules, then the files' pool (user rules first: of two equally strong rules, the user's is named).
  private pools: readonly (readonly CompiledRule[])[];

  constructor(parts: PolicyParts) {
    this.root = parts.root;
    this.files = parts.files;
    this.problems = parts.problems;
    this.answersFile = parts.answersFile;
    this.trust = parts.trust;
    this.ignored = parts.ignored;
    this.folderListings = new FolderListings(parts.homeScanCache);
    this.trackedSecretParts = { globs: withCredentialGlobs(parts.nonAccessibleGlobs ?? DEFAULT_NON_ACCESSIBLE_GLOBS), cache: parts.trackedSecretsCache, areas: [parts.root, ...(parts.toolAreas ?? [])] };
    this.words = parts.words ?? new RuleWords();
    this.notes = parts.notes ?? [];
    this.viewFolders = parts.viewFolders;
    const compile = (rules: readonly SourceRule[]): CompiledRule[] => rules.map((rule) => ({ ...rule, compiled: compileRule(rule, this.words) }));
    this.sources = { cli: compile(parts.cli), project: compile(parts.project), user: compile(parts.user) };
    this.pools = this.makePools();
  }

  // The workspace's TrackedSecretCheck (one per policy, made on first use); its environment: PATH without a folder
  // a run may write.
  trackedSecrets(Check: TrackedSecretCheckClass): TrackedSecretCheck {
    const { globs, cache, areas } = this.trackedSecretParts;
    return (this.trackedSecretCheck ??= new Check(globs, outsidePath(process.env, this.root ? areas : []), cache));
  }

  private makePools(): (readonly CompiledRule[])[] {
    return [this.sources.cli, [...this.sources.user, ...this.sources.project]];
  }

  // The deciding rule: a matching CLI rule, else the strongest matching file rule; undefined: defaults apply.
  // `only`: the rules that may decide (path-rules.ts: those that name a path).
  match(target: MatchTarget, only?: (rule: Rule) => boolean): RuleMatch | undefined {
    const { canonical } = target;
    // `covers` (a recursive delete reaching what a rule names) only ever restricts.
    const allowSubject = canonical?.covers ? { ...canonical, covers: false } : canonical;
    for (const pool of this.pools) {
      let best: CompiledRule | undefined;
      for (const rule of pool) {
        if ((best && STRENGTH[rule.action] >= STRENGTH[best.action]) || (only && !only(rule)) || !pinHolds(rule, target.pin)) continue;
        const subject = rule.action === 'allow' ? allowSubject : canonical;
        const hit = (subject !== undefined && rule.compiled.matches(subject)) || (rule.action !== 'allow' && target.others.some((s) => rule.compiled.matches(s)));
        if (hit) best = rule;
        if (best?.action === 'deny') break;
      }
      if (best) return { source: best.source as RuleMatch['source'], action: best.action, rule: publicRule(best) };
    }
    return undefined;
  }

  // Whether any allow rule is pinned: only then does the gate read a runner call's scripts before deciding.
  get pinned(): boolean {
    return this.pools.some((pool) => pool.some((rule) => rule.pin !== undefined && rule.action === 'allow'));
  }

  // The pinned allow rules of this exact pattern (an "always" asked again after a script changed).
  pinsOf(pattern: string): Rule[] {
    return this.pools.flatMap((pool) => pool.filter((rule) => rule.pin !== undefined && rule.action === 'allow' && rule.pattern === pattern).map(publicRule));
  }

  // The effective rules with their sources, in precedence order (defaults last).
  list(): ListedRule[] {
    const listed: ListedRule[] = [];
    for (const pool of this.pools) {
      // A stable sort: user before project for the same action.
      const rules = [...pool].sort((a, b) => STRENGTH[a.action] - STRENGTH[b.action]);
      for (const { compiled: _compiled, ...rule } of rules) listed.push(rule);
    }
    return [...listed, ...defaultRules()];
  }

  // Saves an 'always' (allow) or 'never' (deny) answer to the user's answers file for this workspace
  // (created if missing, written atomically) and applies it to this policy at once. An identical
  // pattern in that file gets the new action.
  // `pin`: the scripts an "always" for a runner line was given for (it holds only while they are the same).
  async saveAnswer(pattern: string, action: Action, pin?: ScriptPin): Promise<Rule> {
    const normalized = this.words.resolve(normalizePattern(pattern)).pattern;
    const index = await savePolicyRule(this.answersFile, normalized, action, pin);
    const rule: SourceRule = { pattern: normalized, action, file: this.answersFile, source: 'user', index, ...(pin ? { pin } : {}) };
    const user = this.sources.user.filter((r) => !(r.file === this.answersFile && r.pattern === normalized));
    this.sources.user = [{ ...rule, compiled: compileRule(rule, this.words) }, ...user];
    this.pools = this.makePools();
    return publicRule(rule);
  }
}

// How a refusal names where a rule came from.
export function ruleOrigin(source: RuleSource, rule: Rule | undefined): string {
  if (source === 'cli') return rule ? `--${rule.action}` : 'the command line';
  if (source === 'default') return 'the built-in defaults';
  return rule?.file ?? `the ${source} policy`;
}
