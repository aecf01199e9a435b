import { join, resolve } from 'node:path';
import { builtinCommands } from './commands/index.js';
import { loadConfig } from './engine/config.js';
import { Engine, JOURNAL_PREFIX, type EngineHooks, type FileLocker } from './engine/engine.js';
import { Registry } from './engine/registry.js';
import { lockDirFor, stateDirFor } from './engine/state-dir.js';
import { acquireFileLocks } from './files/lock-file.js';
import { SessionStore } from './files/session-store.js';
import { stalenessHooks } from './files/staleness-hooks.js';
import { StalenessTracker } from './files/staleness.js';
import { recoverJournals } from './files/transaction.js';
import { Workspace } from './workspace/workspace.js';

export interface CreateEngineOptions {
  // Workspace root; relative paths resolve against the process's current directory.
  readonly workspace: string;
  readonly hooks?: Partial<EngineHooks>;
  readonly env?: Readonly<Record<string, string | undefined>>;
  readonly registry?: Registry;
  // A CLI --session: read stamps persist between calls in the user's cache folder.
  readonly session?: string;
  // Serialise writers across processes with lock files (the CLI, where every call is a process).
  readonly crossProcessLocks?: boolean;
}

// The composition root every door uses: config from the workspace, the jail, the built-in commands,
// a staleness tracker (in memory, or persisted for a --session), crash recovery of multi-file commits.
export async function createEngine(options: CreateEngineOptions): Promise<Engine> {
  const env = options.env ?? process.env;
  // A missing root has no config (defaults); Workspace.open then reports it as C211.
  const config = await loadConfig(resolve(options.workspace));
  const workspace = await Workspace.open(options.workspace, { nonAccessibleGlobs: config.nonAccessibleGlobs, env });
  const stateDir = stateDirFor(workspace.root, env);
  await recoverJournals(join(stateDir, 'journal'), JOURNAL_PREFIX);
  const store = options.session === undefined ? undefined : await SessionStore.open({ workspaceRoot: workspace.root, sessionId: options.session, env });
  const tracker = store ? await store.load() : new StalenessTracker();
  const lockDir = lockDirFor(env);
  const fileLocks: FileLocker | undefined = options.crossProcessLocks
    ? (paths) => acquireFileLocks(lockDir, paths, { timeoutMs: 30_000, staleMs: 30_000 })
    : undefined;
  return new Engine({
    registry: options.registry ?? new Registry(builtinCommands),
    workspace,
    config,
    stateDir,
    hooks: { ...stalenessHooks(tracker), ...options.hooks },
    ...(fileLocks ? { fileLocks } : {}),
    ...(store ? { onClose: () => store.save(tracker) } : {}),
  });
}
