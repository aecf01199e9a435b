import type { PreparedRun, PrepareOptions, ProcessSandbox, SandboxChoice, SandboxStatus, Unstaged } from '../sandbox/sandbox.js';
import type { ViewFolders } from '../sandbox/policy.js';

// What a command and a door use of the OS sandbox (ProcessSandbox fits).
export type SandboxHandle = Pick<ProcessSandbox, 'passEnv' | 'status' | 'prepare' | 'stagingUnavailable'>;

type SandboxConfig = Parameters<typeof ProcessSandbox.forWorkspace>[0];

// The engine's sandbox, built on first use: a call that runs no process (read, search, tree, edits) loads
// none of the sandbox's modules (bubblewrap arguments, overlays, the secret walks). The settings are taken
// when the engine is built, so the sandbox is the one a cold ProcessSandbox.forWorkspace would give.
export class LazySandbox implements SandboxHandle {
  private built: Promise<ProcessSandbox> | undefined;

  constructor(
    private readonly config: SandboxConfig,
    private readonly chosen: SandboxChoice | undefined,
    private readonly root: string,
    private readonly env: Readonly<Record<string, string | undefined>>,
    private readonly stateDir?: string,
  ) {}

  // The same names ProcessSandbox.forWorkspace takes (the user's, never the project's).
  get passEnv(): readonly string[] {
    return this.chosen?.passEnv ?? [];
  }

  private sandbox(): Promise<ProcessSandbox> {
    this.built ??= import('../sandbox/sandbox.js').then(({ ProcessSandbox }) => ProcessSandbox.forWorkspace(this.config, this.chosen, this.root, this.env, this.stateDir));
    return this.built;
  }

  async status(): Promise<SandboxStatus> {
    return (await this.sandbox()).status();
  }

  async prepare(cwd: string, options?: PrepareOptions): Promise<PreparedRun> {
    return (await this.sandbox()).prepare(cwd, options);
  }

  // The host folders a run's view binds (sandbox.ts boundFolders), for the permission gate.
  async boundFolders(): Promise<ViewFolders> {
    return (await this.sandbox()).boundFolders();
  }

  async stagingUnavailable(): Promise<Unstaged | undefined> {
    return (await this.sandbox()).stagingUnavailable();
  }
}
