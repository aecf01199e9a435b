import type { Config } from '../engine/config-schema.js';
import type { SandboxHandle } from '../engine/engine-sandbox.js';
import type { Unstaged } from '../sandbox/sandbox.js';

// Whether a run of exec or test will be staged (its changes judged by the write gate and the person's
// per-file rules after it, applied as one undo step), decided once for everyone who needs to know: the
// permission gate (a run that writes in place is judged by the per-file rules before it runs,
// permissions/path-rules.ts, red team R6-12/R11-4; a dynamic write target needs no pre-run immunity when
// staged, F8), the question's "writes: staged / in place", the agent's containment, and the run itself
// (shell/run-call.ts stages exactly when this says so). The caller's --stage/--no-stage first, then the
// person's "stage" setting, then what the OS sandbox can do here (sandbox.ts stagingUnavailable).

export type { Unstaged } from '../sandbox/sandbox.js';

export const NO_STAGE: Unstaged = { why: '--no-stage', fix: 'run it staged (leave out --no-stage)' };
const CONFIG_NO_STAGE: Unstaged = { why: '"stage": false in your ~/.codeward/config.json', fix: 'pass --stage, or remove "stage": false from ~/.codeward/config.json' };
const NO_SANDBOX: Unstaged = { why: 'no OS sandbox', fix: 'run it where an OS sandbox is (codeward doctor)' };

// A run with no OS sandbox at all (--sandbox off, or none can run here): nothing bounds its writes to the
// workspace but the parse, so the gate asks a person for a line whose writes the parse cannot bound
// (permissions/unconfined.ts, red team R13-18). Why, and how a person turns the sandbox on.
export interface Unconfined {
  readonly why: string;
  readonly fix: string;
}

// A run that is not staged; `unconfined` when no OS sandbox contains it either.
export interface InPlace extends Unstaged {
  readonly unconfined?: Unconfined;
}

// 'staged': every write of the run goes through the overlay and is judged after it; 'partly': staged, but the
// person's sandboxWritable folders are written in place beside it (prepare's writableInPlace).
export type Staging = 'staged' | 'partly' | InPlace;

const NOT_INSTALLED_FIX = 'run it in the OS sandbox: install bubblewrap where it can run (codeward doctor shows why none runs here)';

// Whether an OS sandbox contains the run (a read-only or seatbelt sandbox does, though neither stages), or
// at least its writes: `--sandbox off` runs in the write jail wherever one runs (sandbox/write-jail.ts: the root
// read-only, the workspace, the temporary folder and sandboxWritable writable), so the parse's rules for a run
// nothing contains (permissions/unconfined.ts) are not needed for it; where no jail runs they hold.
async function confinement(sandbox: SandboxHandle | undefined): Promise<Unconfined | undefined> {
  if (!sandbox) return { why: 'no OS sandbox', fix: NOT_INSTALLED_FIX };
  const status = await sandbox.status().catch((error: unknown) => ({ backend: undefined, writeJail: undefined, reason: (error as Error).message }));
  if (status.backend || status.writeJail) return undefined;
  const off = status.reason?.startsWith('turned off') === true;
  return off
    ? { why: `the OS sandbox is ${status.reason ?? 'turned off'} and no write jail runs here (bubblewrap cannot), so writes are not jailed`, fix: 'turn the OS sandbox on (leave out --sandbox off, or remove "sandbox": "off" from ~/.codeward/config.json)' }
    : { why: `no OS sandbox (${status.reason ?? 'none runs here'})`, fix: NOT_INSTALLED_FIX };
}
export const isStaged = (staging: Staging | undefined): staging is 'staged' | 'partly' => staging === 'staged' || staging === 'partly';

export async function runStaging(stage: boolean | undefined, config: Pick<Config, 'stage' | 'sandboxWritable'>, sandbox: SandboxHandle | undefined): Promise<Staging> {
  const staging = await stagingOf(stage, config, sandbox);
  if (typeof staging !== 'object' || staging.writesNothing) return staging;
  const unconfined = await confinement(sandbox);
  return unconfined ? { ...staging, unconfined } : staging;
}

async function stagingOf(stage: boolean | undefined, config: Pick<Config, 'stage' | 'sandboxWritable'>, sandbox: SandboxHandle | undefined): Promise<Staging> {
  if (stage === false) return NO_STAGE;
  if (stage === undefined && !config.stage) return CONFIG_NO_STAGE;
  if (!sandbox) return NO_SANDBOX;
  const unstaged = await sandbox.stagingUnavailable().catch((error: unknown): Unstaged => ({ why: `whether it can be staged is unknown (${(error as Error).message})`, fix: 'codeward doctor shows the sandbox' }));
  return unstaged ?? (config.sandboxWritable.length > 0 ? 'partly' : 'staged');
}

// A run that writes the workspace in place (not a read-only sandbox, which writes nothing there).
export const writesInPlace = (staging: Staging | undefined): staging is InPlace => typeof staging === 'object' && staging.writesNothing !== true;

// PreparedCall.staging of a call (engine-call.ts), or undefined for a call that runs nothing.
export async function callStaging(stage: ((args: never) => boolean | undefined) | undefined, args: Record<string, unknown>, config: Pick<Config, 'stage' | 'sandboxWritable'>, sandbox: SandboxHandle | undefined): Promise<Staging | undefined> {
  return stage === undefined ? undefined : runStaging(stage(args as never), config, sandbox);
}
