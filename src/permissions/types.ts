import type { RunPreview, ScriptPin } from '../engine/command.js';
import type { Effect } from '../engine/effect.js';
import type { ShellParse } from '../shell/parse-types.js';
import type { Access } from '../workspace/types.js';

export type { Redirection, ShellParse, ShellWord, SimpleCommand } from '../shell/parse-types.js';

// What a rule or a decision says about a call.
export type Action = 'allow' | 'ask' | 'deny';
export const ACTIONS: readonly Action[] = ['allow', 'ask', 'deny'];

// Where a rule comes from: the CLI flags first; project and user files are one pool (deny > ask > allow,
// project allow rules only in a trusted workspace); the defaults last.
export type RuleSource = 'cli' | 'project' | 'user' | 'default';
export const RULE_SOURCES: readonly RuleSource[] = ['cli', 'project', 'user', 'default'];

// Where a decision comes from: a rule source, or one of the built-in checks.
export type DecisionSource = RuleSource | 'immune' | 'allowlist' | 'denials';

export interface Rule {
  readonly pattern: string;
  readonly action: Action;
  // The policy file the rule was read from (absent for --allow/--ask/--deny and built-in defaults).
  readonly file?: string;
  // An allow rule an "always" saved for a line that runs repository scripts: it matches only while the
  // scripts the call runs give this digest (red team R16-5; policy-file.ts, approval-pins.ts).
  readonly pin?: ScriptPin;
}

// A rule as `codeward policy list` shows it.
export interface ListedRule extends Rule {
  readonly source: RuleSource;
  // Position in its file's "rules" array.
  readonly index?: number;
  readonly note?: string;
}

export interface Decision {
  decision: Action;
  reason: string;
  source: DecisionSource;
  rule?: Rule;
  // The safety-immune class (name) that forced the ask.
  immune?: string;
  // The call as judged: `@coder exec npm test`, `@coder write src/a.ts`.
  judged: string;
  // For a shell line with several simple commands: the one that decided.
  part?: string;
  // Rules that would allow this call (for C241 messages); absent when no rule can (immune, redirection...).
  suggest?: string[];
}

// How the subject of a call is matched: a shell line, a workspace path, a search term or nothing.
export type JudgedKind = 'shell' | 'path' | 'term' | 'plain';

// One thing the permission system judges: a call, or one file of a multi-file call.
export interface Judged {
  // The command's canonical name: `exec`, `write`.
  readonly command: string;
  readonly effect: Effect;
  // The denial tracker's key: `@coder exec`.
  readonly tool: string;
  // The whole call as shown to people: `@coder exec npm test`.
  readonly call: string;
  readonly kind: JudgedKind;
  // The shell line, the workspace-relative path (resolved) or the search term.
  readonly subject?: string;
  // Other spellings of a path subject (the raw input, the path before symlinks): deny and ask rules
  // match them too, allow rules only match `subject`.
  readonly aliases?: readonly string[];
  readonly access?: Access;
  // The absolute resolved path, for the immune path classes.
  readonly real?: string;
  // The other workspace-relative paths the same call writes (create's files, a diff's new files): the
  // write gate judges each path against the tree as the whole call leaves it, so four files that together
  // make a folder a git directory by its shape are caught in one call (red team R13-3).
  readonly made?: readonly string[];
  // The flags that change the effect, as `call` shows them between the tool and the subject
  // (`--pattern '*.sqlite'`; CommandDefinition.effectArgs). Allow rules must name them; deny and ask rules
  // also match the call without them.
  readonly qualifiers?: string;
  // A shell line's run folder as the caller wrote it (exec/test --dir), relative to the workspace.
  readonly dir?: string;
  // A line the command found itself (test's detected runner: PreparedCall.shell), judged beside the call's own
  // part: only its deny, a rule's ask and the immune list count (decide.ts), the call's own part asks the rest.
  readonly detected?: true;
  // The call's run writes in place, not staged (exec/test: --no-stage, "stage": false, no OS sandbox or one
  // that cannot stage; shell/run-staging.ts): why, and how a person gets staging back. Its per-file rules
  // are judged before it runs (path-rules.ts, red team R6-12, R11-4).
  readonly inPlace?: { readonly why: string; readonly fix: string };
  // No OS sandbox contains the call's run (--sandbox off, or none runs here): a line whose writes the parse
  // cannot bound to the workspace needs a person (unconfined.ts, red team R13-18). Why, and the fix.
  readonly unconfined?: { readonly why: string; readonly fix: string };
  // The call's run is staged: what it changes is judged by the write gate after it (F8: a computed write
  // target needs no immunity before it). Neither field: not known (policy check) or no run.
  readonly staged?: true;
  // The digest of the repository scripts the call runs now (ScriptPin.sha256), read from the call's own run
  // preview when a pinned rule could match (approval-pins.ts); absent: a pinned allow rule never matches.
  readonly pin?: string;
  // The whole new text of the stylesheet a file tool writes, from its dry run (gate-written.ts): a Tailwind
  // project's stylesheet with plain text is not obeyed (css-code.ts). Absent: not known.
  readonly written?: string;
  // What the file tool's dry run leaves at the judged path is a program a shell runs by its name (runnable.ts
  // writesProgram: an executable mode, or a program's bytes under a command's name; gate-written.ts). Only asked
  // where a relative PATH entry `.` makes that matter (red team R28-1); false: not one; absent: not known.
  readonly program?: boolean;
}

// The shell parser (src/shell/parse.ts), as far as permissions rely on it.
export interface ShellParserLike {
  parse(command: string): Promise<ShellParse>;
}

export type ApprovalAnswer = 'once' | 'always' | 'no' | 'never';

// What an 'always' answer can cover (src/permissions/scopes.ts), narrowest first: rules saved to the user's
// answers file for this workspace, or a grant kept for this session only.
export interface ApprovalScope {
  // For people: 'this file (patch src/a.ts)', 'all edits under src/', 'commands starting with `npm run`'.
  readonly label: string;
  // The allow rules saved (empty for a session grant).
  readonly rules: readonly string[];
  // A grant for the rest of this session, saved nowhere: 'edits' = every file edit the defaults ask for.
  readonly session?: 'edits';
}

// An approver's answer; 'always' alone means the first (narrowest) scope.
// `unattended`: 'once' given by a rule of the door, not a person (auto-edit's contained exec and test, H1):
// the run then gets every git folder read-only in the sandbox (nobody approved what it does to history).
// `unanswered`: no answer came at all (end of input, Ctrl+C): a "no" the refusal names as such, not as the user's.
export type ApprovalReply = ApprovalAnswer | { readonly answer: 'always'; readonly scope: number } | { readonly answer: 'once'; readonly unattended: true } | { readonly answer: 'no'; readonly unanswered: string };

// What a call that changes files will change (permissions/approval-preview.ts): from the dry run of the
// command's own handler, the bytes the run then writes.
export interface ApprovalPreview {
  // Every file the call changes, workspace-relative.
  readonly files: readonly string[];
  // A unified diff of each (capped; what is cut is counted).
  readonly diff: string;
  // What a diff cannot show: a folder removed with its files, a mode, a binary file, the handler's warnings.
  readonly notes: readonly string[];
  // True when a cap cut diff lines (counted in the diff): neither "once" nor "always" is offered (gate.ts).
  readonly capped?: boolean;
  // For exec and test: the line that will run, where, inside the OS sandbox or not, and where its writes go.
  readonly runs?: RunPreview;
}

// What an approver is asked: plain data, so it can cross a process or a protocol (MCP elicitation).
export interface ApprovalRequest {
  readonly judged: string;
  readonly tool: string;
  readonly reason: string;
  readonly source: DecisionSource;
  readonly immune: string | null;
  readonly options: readonly ApprovalAnswer[];
  // The rule 'always' (allow) or 'never' (deny) would add to the project policy.
  readonly suggestion: string | null;
  // The allow rules an 'always' without a scope saves (absent: `suggestion` alone); one per file of a
  // call that changes several.
  readonly saves?: readonly string[];
  // What 'always' can cover, narrowest first (absent or one entry: `suggestion`).
  readonly scopes?: readonly ApprovalScope[];
  // How the call was judged: 'shell' for a command line (exec, test --cmd).
  readonly kind?: JudgedKind;
  // A dispatched agent or subagent asking ("coder agent ac-2"); absent when the main run asks.
  readonly requester?: string;
  // What the call changes, for a command that writes files: one question per call, however many files.
  readonly preview?: ApprovalPreview;
  // The shell line an exec or test --cmd call runs (kind 'shell'), as judged.
  readonly line?: string;
  // The call's effect flags as parsed (CommandDefinition.effectArgs; a flag not given is absent): how it
  // runs, e.g. exec's `stage` (false: in place), for an approver that decides by where a call runs.
  readonly effect?: Readonly<Record<string, unknown>>;
  // Where an exec or test run's writes go, when the door knows it: staged (judged by the write gate, one
  // undo step) or in place.
  readonly writes?: 'staged' | 'in place';
}

export type Approver = (request: ApprovalRequest) => Promise<ApprovalAnswer>;
// An approver that can also say which scope an 'always' covers (the agent's terminal UI); every Approver is one.
export type ScopedApprover = (request: ApprovalRequest) => Promise<ApprovalReply>;
