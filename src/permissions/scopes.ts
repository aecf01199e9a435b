import { immunePath } from './immune-paths.js';
import { escapePattern } from './pattern.js';
import type { ApprovalScope, Decision, Judged } from './types.js';

// What an 'always' answer may cover, narrowest first. Never broader than the permission system can keep
// safe: an allow rule is checked only after deny rules, safety immunity (policy files, .git, .husky ...,
// catastrophic and unverifiable commands) and an escalated session, so no scope approves those; and no scope
// is offered whose pattern would name a whole immune folder or the workspace root.
//
// - file edits (write, patch, multipatch, update, create): this file / all edits under its folder (not the
//   root, not an immune folder) / all edits in this workspace for this session (kept in memory, saved nowhere);
// - one shell command the defaults ask for: this exact command / commands starting with the program and
//   its subcommand, for package managers and build tools running the project's own tasks (`npm run *`,
//   `cargo test *`); never for a line with several asking commands, a redirection, or a program that runs
//   arbitrary code given as arguments (sh, node -e, npx, uv run, poetry run, yarn run, make VAR=..., git
//   with repository config ...).
//   Such a rule also matches options after the prefix (`npm run x --prefix=DIR`): the command still runs in
//   the OS sandbox, and the danger classifier and immunity still judge every command of the line;
// - a call with effect flags (`@coder delete --recursive build`, `@coder undo --steps 5 .`): that exact call;
// - other calls: the rule for the exact call (`@coder delete old.txt`, `@coder test`).

export const EDIT_COMMANDS: readonly string[] = ['write', 'patch', 'multipatch', 'update', 'create'];

// Programs whose `program subcommand *` is one family of the project's own tasks.
const TASK_FAMILIES: Readonly<Record<string, ReadonlySet<string>>> = {
  // `run` only where it runs the package's own scripts (yarn run and bun run also run any binary).
  npm: new Set(['run', 'run-script', 'test', 't', 'start']),
  pnpm: new Set(['run', 'test', 't', 'start']),
  yarn: new Set(['test', 'start']),
  bun: new Set(['test']),
  cargo: new Set(['test', 'build', 'check', 'clippy', 'fmt', 'bench', 'doc']),
  go: new Set(['test', 'build', 'vet']),
  dotnet: new Set(['test', 'build']),
  mvn: new Set(['test', 'verify', 'package', 'compile']),
  gradle: new Set(['test', 'build', 'check']),
  './gradlew': new Set(['test', 'build', 'check']),
};

// The start of every rule for a call: the tool and the call's effect flags (`@coder exec --dir sub`).
export function ruleHead(judged: Pick<Judged, 'tool' | 'qualifiers'>): string {
  return judged.qualifiers ? `${judged.tool} ${escapePattern(judged.qualifiers)}` : judged.tool;
}

// A rule that allows this call's text and nothing longer: `?` stands for the space after the tool, which
// makes the pattern a glob matched whole (a literal is a prefix: `@coder undo --steps 5` would also allow
// `@coder undo --steps 5 --force .`).
export function exactCallRule(judged: Pick<Judged, 'tool' | 'call'>): string {
  const rest = judged.call.slice(judged.tool.length + 1);
  return rest === '' ? judged.tool : `${judged.tool}?${escapePattern(rest)}`;
}

// The allow rule that covers exactly one judged call (the first rule an "always" saves, and what a refusal
// suggests): the call's text matched whole, never a path prefix. A path rule covers "the path or below": for
// a folder the call only looks in that is every other project (red team R16-2: `test .` chose the runner, and
// its `allow @coder test .` then allowed `test --dir sub`, another project's script; rename-symbol's searched
// `.` allowed every later rename), for a file it removes or moves every file below a folder of that name
// later. A wider scope is only ever one a person picks (editScopes' folder).
export function allowRuleFor(judged: Judged): string {
  if (judged.kind !== 'path' && !judged.qualifiers) return judged.tool;
  // A file edit's path is the file itself (an edit of a folder fails): its rule is the one editScopes offers.
  if (!judged.qualifiers && EDIT_COMMANDS.includes(judged.command)) return `${judged.tool} ${escapePattern(judged.subject!)}`;
  return exactCallRule(judged);
}

function editScopes(judged: Judged): ApprovalScope[] {
  const path = judged.subject!;
  // The asked command's own rule first: a bare 'always' (the CLI, MCP) saves that one, so approving a
  // `patch` allows that patch again and never grants a whole-file `write` instead (newcomer pass, issue 28).
  const commands = [judged.command, ...EDIT_COMMANDS.filter((cmd) => cmd !== judged.command)];
  const scopes: ApprovalScope[] = [{ label: `this file (${judged.command} ${path})`, rules: commands.map((cmd) => allowRuleFor({ ...judged, command: cmd, tool: `@coder ${cmd}` })) }];
  const folder = path.includes('/') ? path.slice(0, path.lastIndexOf('/')) : '.';
  if (folder !== '.' && !folder.startsWith('..') && immunePath(folder, true) === undefined && immunePath(`${folder}/`, true) === undefined) {
    scopes.push({ label: `all edits under ${folder}/`, rules: EDIT_COMMANDS.map((cmd) => `@coder ${cmd} ${escapePattern(folder)}`) });
  }
  scopes.push({ label: 'all edits in this workspace, this session', rules: [], session: 'edits' });
  return scopes;
}

function shellScopes(judged: Judged, decision: Decision): ApprovalScope[] {
  // Exactly one command of the line asks, by the defaults alone (the suggestion names it).
  if (decision.source !== 'default' || decision.suggest?.length !== 1 || decision.part === undefined) return [];
  const spelling = decision.part;
  // A literal pattern is a prefix; `?` standing for the one space after the command name makes it exact.
  const shown = judged.qualifiers ? `${judged.qualifiers} ${spelling}` : spelling;
  const scopes: ApprovalScope[] = [{ label: `this exact command (${shown})`, rules: [exactCallRule({ tool: judged.tool, call: `${judged.tool} ${shown}` })] }];
  const [program, sub] = spelling.split(' ');
  if (program !== undefined && sub !== undefined && TASK_FAMILIES[program]?.has(sub) === true) {
    const where = judged.qualifiers ? ` (${judged.qualifiers})` : '';
    scopes.push({ label: `commands starting with \`${program} ${sub}\`${where}`, rules: [`${ruleHead(judged)} ${escapePattern(`${program} ${sub}`)} *`] });
  }
  return scopes;
}

export function scopesFor(judged: Judged, decision: Decision): ApprovalScope[] {
  if (decision.source === 'immune') return [];
  if (judged.kind === 'shell') return shellScopes(judged, decision);
  // A call with effect flags: exactly that call (`clean --pattern '*.bak' .` does not cover `--pattern '*'`).
  if (judged.qualifiers) return [{ label: judged.call.replace(/^@coder /, ''), rules: [exactCallRule(judged)] }];
  if (judged.kind === 'path' && judged.subject !== undefined) {
    if (judged.effect === 'write' && EDIT_COMMANDS.includes(judged.command) && decision.source === 'default') return editScopes(judged);
    return [{ label: `${judged.command} ${judged.subject}`, rules: [allowRuleFor(judged)] }];
  }
  return [{ label: judged.tool.replace(/^@coder /, ''), rules: [judged.tool] }];
}

// Session grants ('all edits in this workspace, this session'): in memory, for one gate. They answer only
// what the built-in default asks (an ask rule someone wrote, immunity and escalation still ask).
export class SessionGrants {
  private edits = false;

  grant(scope: ApprovalScope): void {
    if (scope.session === 'edits') this.edits = true;
  }

  covers(judged: Judged, decision: Decision): boolean {
    return this.edits && decision.source === 'default' && judged.kind === 'path' && EDIT_COMMANDS.includes(judged.command);
  }
}
