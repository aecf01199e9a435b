import { defaultRules } from './defaults.js';
import { compilePattern, normalizePattern, type CompiledPattern, type Subject } from './pattern.js';
import type { PolicyProblem } from './policy-file.js';
import { savePolicyRule } from './policy-save.js';
import type { Action, ListedRule, Rule, RuleSource } from './types.js';

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
  // Hidden by a project file with "merge": false.
  hidden: boolean;
  readonly rules: number;
  readonly problems: readonly PolicyProblem[];
}

// What a call looks like to the rules: `canonical` is what will really happen (the resolved path, the
// command as parsed); `others` are other spellings (the raw input, the unwrapped command). Deny and
// ask rules match any of them, allow rules only the canonical one.
export interface MatchTarget {
  // Absent: only deny and ask rules can match (e.g. a whole shell line, judged per command for allow).
  readonly canonical?: Subject;
  readonly others: readonly Subject[];
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
  readonly projectFile: string;
}

const compile = (rules: readonly SourceRule[]): CompiledRule[] => rules.map((rule) => ({ ...rule, compiled: compilePattern(rule.pattern) }));
const publicRule = (rule: SourceRule): Rule => ({ pattern: rule.pattern, action: rule.action, ...(rule.file ? { file: rule.file } : {}) });

// The merged policy: --allow/--ask/--deny > project files > user files > built-in defaults. The
// highest-priority source with a matching rule decides; inside one source deny beats ask beats allow.
export class Policy {
  readonly root: string;
  readonly files: readonly PolicyFileInfo[];
  readonly problems: readonly PolicyProblem[];
  // Where 'always' and 'never' answers are saved (`<root>/.codeward/policy.json`).
  readonly projectFile: string;
  private readonly sources: Record<'cli' | 'project' | 'user', CompiledRule[]>;

  constructor(parts: PolicyParts) {
    this.root = parts.root;
    this.files = parts.files;
    this.problems = parts.problems;
    this.projectFile = parts.projectFile;
    this.sources = { cli: compile(parts.cli), project: compile(parts.project), user: compile(parts.user) };
  }

  // The deciding rule of the highest-priority source that has one, or undefined (defaults apply).
  match(target: MatchTarget): RuleMatch | undefined {
    const { canonical } = target;
    // `covers` (a recursive delete reaching what a rule names) only ever restricts.
    const allowSubject = canonical?.covers ? { ...canonical, covers: false } : canonical;
    for (const source of ['cli', 'project', 'user'] as const) {
      let best: CompiledRule | undefined;
      for (const rule of this.sources[source]) {
        if (best && STRENGTH[rule.action] >= STRENGTH[best.action]) continue;
        const subject = rule.action === 'allow' ? allowSubject : canonical;
        const hit = (subject !== undefined && rule.compiled.matches(subject)) || (rule.action !== 'allow' && target.others.some((s) => rule.compiled.matches(s)));
        if (hit) best = rule;
        if (best?.action === 'deny') break;
      }
      if (best) return { source, action: best.action, rule: publicRule(best) };
    }
    return undefined;
  }

  // The effective rules with their sources, in precedence order (defaults last).
  list(): ListedRule[] {
    const listed: ListedRule[] = [];
    for (const source of ['cli', 'project', 'user'] as const) {
      const rules = [...this.sources[source]].sort((a, b) => STRENGTH[a.action] - STRENGTH[b.action]);
      for (const { compiled: _compiled, ...rule } of rules) listed.push(rule);
    }
    return [...listed, ...defaultRules()];
  }

  // Saves a rule to the project policy file (created if missing, written atomically) and applies it
  // to this policy at once. An identical pattern in that file gets the new action.
  async addProjectRule(pattern: string, action: Action): Promise<Rule> {
    const normalized = normalizePattern(pattern);
    const index = await savePolicyRule(this.projectFile, normalized, action);
    const rule: SourceRule = { pattern: normalized, action, file: this.projectFile, source: 'project', index };
    const project = this.sources.project.filter((r) => !(r.file === this.projectFile && r.pattern === normalized));
    this.sources.project = [...project, { ...rule, compiled: compilePattern(normalized) }];
    return publicRule(rule);
  }
}

// How a refusal names where a rule came from.
export function ruleOrigin(source: RuleSource, rule: Rule | undefined): string {
  if (source === 'cli') return rule ? `--${rule.action}` : 'the command line';
  if (source === 'default') return 'the built-in defaults';
  return rule?.file ?? `the ${source} policy`;
}
