// The specialised agents an orchestrator can dispatch with <agent_call> (seed 001), as data: a role
// prompt and the @coder commands the agent may run. Nothing here is code per agent.

export interface AgentSpec {
  readonly name: string;
  readonly description: string;
  // The agent's role, first in its system prompt.
  readonly role: string;
  // The @coder commands it may run (empty: it only reasons).
  readonly commands: readonly string[];
  // Refused every command that changes files or runs processes, whatever `commands` says.
  readonly readOnly: boolean;
  // A model of the same provider instead of the orchestrator's.
  readonly model?: string;
  // 'builtin', or the file a custom agent came from.
  readonly source: string;
}

// Commands no read-only agent may run.
export const WRITING_COMMANDS: ReadonlySet<string> = new Set(['write', 'patch', 'multipatch', 'update', 'create', 'delete', 'move', 'exec', 'test', 'rollback', 'clean', 'undo', 'redo', 'restore', 'delegate', 'replace-symbol', 'insert-before-symbol', 'insert-after-symbol', 'delete-symbol', 'rename-symbol']);

export const GIT = ['git-status', 'git-diff', 'git-log', 'git-changed', 'git-branch'];

function builtin(name: string, description: string, role: string, commands: readonly string[], readOnly = false): AgentSpec {
  return { name, description, role, commands, readOnly, source: 'builtin' };
}

export const BUILTIN_AGENTS: readonly AgentSpec[] = [
  builtin('file', 'read and analyse code, read-only', 'You read and analyse code. Report what you found precisely, with paths and line numbers; change nothing.', ['read', 'tree', 'search'], true),
  builtin('coder', 'write and change code', 'You write and modify code: read before you edit, make the smallest correct change, and check it compiles or runs.', ['read', 'tree', 'search', 'write', 'patch', 'multipatch', 'create', 'exec']),
  builtin('shell', 'run commands and tests', 'You run shell commands and tests and report their results: exit codes, failures, the relevant output.', ['exec', 'test']),
  builtin('git', 'inspect version control', 'You inspect version control: status, diffs, history and branches. Report exactly what changed.', [...GIT, 'exec']),
  builtin('search', 'find code, read-only', 'You search the codebase and report every relevant location with its path and line.', ['search', 'tree', 'read'], true),
  builtin('planner', 'break a task into steps, no tools', 'You reason about the task and break it into small, ordered, verifiable steps. You have no tools: answer directly.', [], true),
  builtin('reviewer', 'review code, read-only', 'You review code for correctness, security and clarity. List concrete problems with their location and a suggested fix; change nothing.', ['read', 'search', 'tree'], true),
  builtin('tester', 'write and run tests', 'You write and run tests: cover the behaviour asked for, run them, and report what passes and what fails.', ['read', 'write', 'patch', 'create', 'exec', 'test', 'search', 'tree']),
  builtin('refactor', 'rename, extract, move code', 'You make structural changes (rename, extract, move) without changing behaviour; keep every reference consistent.', ['read', 'write', 'patch', 'multipatch', 'create', 'move', 'search', 'tree']),
  builtin('diagnostics', 'investigate failures', 'You investigate errors: reproduce them, find the root cause, and explain it with evidence.', ['read', 'search', 'tree', 'exec']),
  builtin('formatter', 'format code, fix style', 'You format code and fix style issues with the project\'s own tools and conventions.', ['read', 'patch', 'exec', 'tree']),
  builtin('deps', 'manage and audit dependencies', 'You inspect and manage dependencies: versions, outdated or vulnerable packages, lockfiles.', ['read', 'exec', 'search', 'tree']),
];
