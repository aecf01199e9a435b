// The engine's `classify` stage: every call that runs a shell command line (exec, test --cmd) is parsed
// and checked before the permission gate. A catastrophic line fails with C242 and is never run, not even
// with approval; only a human's --allow-unsafe lifts the block. A line that names a non-accessible file
// (`cat .env`, `cp .env /tmp/x`, `< .env`) fails with read's own C211, --allow-unsafe or not. A line that
// starts a program waiting for a terminal (vim, less, top, `git rebase -i`, `git commit` without -m) is
// C210 with the non-interactive way, --allow-unsafe or not (interactive.ts).
import { homedir } from 'node:os';
import type { EngineHooks, PreparedCall } from '../engine/engine.js';
import { fail } from '../engine/errors.js';
import { notAccessible } from '../workspace/refusals.js';
import type { DangerVerdict } from './danger.js';
import type { ShellParse } from './parse-types.js';

// Anything that parses a command line (ShellParser, or LazyShellParser which loads it on first use).
export interface ParsesShell {
  parseShell(command: string): Promise<ShellParse>;
}

// What the hook needs of the workspace to refuse non-accessible files (the Workspace class fits).
export interface SecretScope {
  readonly root: string;
  isNonAccessible(rel: string): boolean;
}

export interface ClassifyHookOptions {
  // --allow-unsafe: nothing is blocked as catastrophic (the caller may warn with `checkShellLine`).
  readonly allowUnsafe: boolean;
  // For `~` and `$HOME`; default: the operating system's home directory.
  readonly home?: string;
  // The workspace, for its non-accessible globs; without it files named by a command are not checked.
  readonly workspace?: SecretScope;
  // The workspace root when `workspace` is not given (deleting it or its .git is C242).
  readonly root?: string;
  // Whether the process will run in an OS sandbox that hides the workspace's non-accessible files (then a
  // recursive reader such as `grep -r x .` sees them empty and may run; a file the line names is still C211).
  readonly secretsHidden?: () => Promise<boolean>;
}

// The folder the command runs in, after the jail resolved it (a declared touch with the same input).
function runFolder(call: PreparedCall, dir: string): string | undefined {
  return call.touches.find(({ touch, resolved }) => resolved && touch.path === dir)?.resolved?.real;
}

// Parses and classifies one command line (for doors that want to warn under --allow-unsafe).
export async function checkShellLine(parser: ParsesShell, command: string, context: { home?: string; workspace?: string }): Promise<DangerVerdict> {
  const { classifyDanger } = await import('./danger.js');
  return classifyDanger(await parser.parseShell(command), context);
}

export function classifyHook(parser: ParsesShell, options: ClassifyHookOptions): Pick<EngineHooks, 'classify'> {
  const home = options.home ?? homedir();
  const scope = options.workspace;
  return {
    classify: async (call) => {
      const run = call.command.shell?.(call.args) ?? call.shell;
      if (!run) return;
      const workspace = runFolder(call, run.dir);
      const parse = await parser.parseShell(run.command);
      if (scope) {
        const { secretFile } = await import('./danger-secret-files.js');
        const secret = secretFile(parse, { runDir: workspace ?? scope.root, home, root: scope.root, isNonAccessible: (rel) => scope.isNonAccessible(rel) });
        if (secret?.searched && !(await options.secretsHidden?.())) {
          throw fail('C211', `${secret.path}: not accessible, and \`${secret.command}\` searches the folder holding it; exclude it (grep --exclude / --exclude-dir, rg without --hidden / --no-ignore) or use the search command, which skips non-accessible files`);
        }
        if (secret && !secret.searched) throw notAccessible(secret.path);
      }
      if (!options.allowUnsafe) {
        const { classifyDanger } = await import('./danger.js');
        const verdict = classifyDanger(parse, { home, ...(workspace ? { workspace } : {}), ...(scope ? { root: scope.root } : options.root ? { root: options.root } : {}) });
        if (verdict.blocked) {
          throw fail(
            'C242',
            `blocked: ${verdict.reason} (${verdict.rule}) in "${verdict.command}"; this is never run, not even with approval; only a person can lift this check, by starting codeward with --allow-unsafe (for MCP: in the server's args), and even then the permission gate still decides it like any other call (a safety-immune one needs a person's answer)`,
            { rule: verdict.rule, command: verdict.command },
          );
        }
      }
      // Would only wait for a terminal until the timeout: refused at once, before anyone is asked.
      const { interactiveProgram } = await import('./interactive.js');
      const waits = interactiveProgram(parse);
      if (waits) throw fail('C210', `${waits.program} needs a terminal, which exec and test do not have (in "${waits.command}"): ${waits.hint}`, { program: waits.program, command: waits.command });
    },
  };
}
