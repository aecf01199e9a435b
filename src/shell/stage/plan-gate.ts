import { dirname, join, relative, resolve } from 'node:path';
import { isInside } from '../../workspace/contains.js';
import { whereLinksLead } from '../../workspace/links-lead.js';
import { immunePath } from '../../permissions/immune-paths.js';
import { compiledKept } from '../../sandbox/pyc-leftovers.js';
import { linkReaches } from '../../permissions/obeyed-alias.js';
import type { ObeyedContext } from '../../permissions/obeyed.js';
import { utf8 } from '../../permissions/gate-written.js';
import { judgedAsSheet } from '../../permissions/stylesheet-kinds.js';
import { readHeadBeneath } from '../../workspace/own-read-sync.js';
import type { PathRules } from '../../engine/command.js';
import type { Workspace } from '../../workspace/workspace.js';

// The write gate of a staged run's change set (plan.ts), and of an interrupted apply's journal
// (journal-check.ts): why a path may not be written or removed, or undefined.
// - what a program later runs or obeys (immunePath, the same predicate as the file tools' and undo's);
// - a symlink above a path the git configuration names, or pointing out of the workspace or at a
//   protected path;
// - what is non-accessible;
// - the person's own path rules (red team R6-12: `--deny '@coder * prod.conf'` and policy.json rules were
//   not applied to what `exec 'sh build.sh'` changed). Each path is judged as the file tool that would
//   make the same change (`write`, `create` or `edit` for a file or folder it writes, `delete` for one it
//   removes), so `@coder * prod.conf`, `@coder write prod.conf` and `@coder delete prod.conf` all apply.
//   A deny rule sets the change aside; so does an ask rule: the apply runs after the command, as one
//   transaction, and cannot stop to ask a person per file (the result names the rule; the person applies
//   the kept version on purpose with a file tool, which asks).

export type Verb = 'write' | 'delete';

export class StageGate {
  constructor(
    private readonly workspace: Workspace,
    // What the git configuration names (permissions/obeyed-context.ts): the hooks folder, the scripts
    // configured commands run. Without it a staged run planted `hooks/pre-commit` under core.hooksPath.
    private readonly obeyed: ObeyedContext = { gitPaths: [] },
    // The person's deny and ask rules on paths (CommandContext.pathRules); absent: none apply.
    private readonly rules?: PathRules,
  ) {}

  // Why `rel` may not be written (or removed: `verb`), or undefined. A symlink above a path the git
  // configuration names redirects it (`ln -s t9 tools` under `core.fsmonitor = sh tools/fsm.sh`).
  // `staged`: the file's bytes in the staged tree (a compiled cache is judged by them: pyc-leftovers.ts); `mode`: its
  // mode there (a program a shell runs by name is judged by its executable bit: runnable.ts, red team R28-1).
  judge(rel: string, link = false, verb: Verb = 'write', staged?: string, mode?: number): string | undefined {
    const kept = !link && compiledKept(rel, this.obeyed, verb === 'delete', this.workspace.root, staged);
    // A stylesheet is judged by the text the run left in it, as the file tools' write is (css-code.ts: a Tailwind
    // project's plain stylesheet is free); not readable, too large or not UTF-8: no text, obeyed (it asks).
    const written = !link && verb === 'write' && staged !== undefined && judgedAsSheet(rel, this.obeyed) ? stagedText(rel, staged) : undefined;
    // Removing a program plants nothing; a file is the program its staged mode makes it.
    const runnable = verb === 'delete' ? { runnable: () => false } : mode !== undefined ? { runnable: () => (mode & 0o111) !== 0 } : {};
    const immune = immunePath(rel, true, kept ? ['obeyed-later'] : [], { ...this.obeyed, ...runnable, ...(written === undefined ? {} : { written }) });
    if (immune) return `protected: ${immune.description}`;
    const redirected = link ? linkReaches(rel, this.obeyed) : undefined;
    if (redirected) return `protected: a symlink above ${redirected}, which a program runs or obeys (git's configuration or src/permissions/obeyed.ts)`;
    if (this.workspace.isNonAccessible(rel)) return 'non-accessible (nonAccessibleGlobs)';
    const ruled = this.rules?.(verb, rel);
    if (ruled?.action === 'deny') return `denied by ${ruled.rule}`;
    if (ruled?.action === 'ask') return `${ruled.rule} asks before it is ${verb === 'delete' ? 'removed' : 'written'}, and a staged command's changes are applied after it ran, without a question per file`;
    return undefined;
  }

  // The same for a link to `target` (where it points is judged too).
  judgeLink(rel: string, target: string): string | undefined {
    return this.judge(rel, true) ?? this.linkOut(rel, target);
  }

  // Red team round 6 R6-7: a link the command made that points out of the workspace (`dist/index.js ->
  // ~/.bashrc`, `homelink -> ~`) or at a path the gate protects (`x -> ../.git/hooks/pre-commit`) is an
  // escape hatch for every later writer that follows links (a build, `cp`, `>`), outside any sandbox: set
  // aside. Its target is resolved by name from the link's folder (a link inside the workspace applies).
  private linkOut(rel: string, target: string): string | undefined {
    const at = resolve(dirname(join(this.workspace.root, rel)), target);
    if (!isInside(this.workspace.root, at)) return `a symlink pointing out of the workspace (to ${target}): a later writer that follows it would write there`;
    const inside = relative(this.workspace.root, at).split('\\').join('/');
    const blocked = inside === '' ? undefined : this.judge(inside);
    if (blocked) return `a symlink to ${inside}, which is ${blocked}`;
    // Through links the workspace already has (`a -> b`, `b -> ~/.bashrc`): where it really leads.
    const real = whereLinksLead(at);
    if (!isInside(this.workspace.root, real)) return `a symlink to ${inside}, which leads out of the workspace (to ${real}): a later writer that follows it would write there`;
    const reached = relative(this.workspace.root, real).split('\\').join('/');
    const through = reached === inside || reached === '' ? undefined : this.judge(reached);
    return through ? `a symlink to ${inside}, which leads to ${reached}, which is ${through}` : undefined;
  }
}

// The UTF-8 text of a staged file (`staged`: its path in the staged tree, ending with `rel`), up to 1 MiB.
function stagedText(rel: string, staged: string): string | undefined {
  if (!staged.endsWith(rel)) return undefined;
  const bytes = readHeadBeneath(staged.slice(0, -rel.length), staged, MAX_SHEET + 1);
  if (bytes === undefined || bytes.length > MAX_SHEET) return undefined;
  return utf8(bytes);
}
const MAX_SHEET = 1 << 20;
