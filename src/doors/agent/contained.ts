import type { Engine } from '../../engine/engine.js';
import type { ApprovalRequest } from '../../permissions/index.js';
import { isDownloader } from '../../shell/danger-rules.js';
import type { ShellParse } from '../../shell/parse-types.js';

// Whether an exec or test call runs where auto-edit may let it run unasked (issue 29): inside the OS
// sandbox with no network, its writes STAGED (judged by the write gate and applied as one undo step),
// and its command line fully known with no program that exists to reach the network. What the danger
// classifier blocks (C242), secrets (C211) and safety-immune commands never reach this question.
// Resolves to why the call is not contained, or undefined when it is.
export type Containment = (request: ApprovalRequest) => Promise<string | undefined>;

export type Writes = (request: ApprovalRequest) => Promise<NonNullable<ApprovalRequest['writes']>>;

// Before the engine exists nothing is contained, and nothing staged.
export const NOT_YET: Containment = async () => 'the engine is not ready';
export const IN_PLACE: Writes = async () => 'in place';

const RUNS_A_PROCESS: ReadonlySet<string> = new Set(['@coder exec', '@coder test']);

export const runsAProcess = (request: ApprovalRequest): boolean => RUNS_A_PROCESS.has(request.tool);

// What in a command line keeps it from running unasked: a program known only when it runs, a line the
// parser could not read whole, a downloader (the sandbox has no network: a person decides), or git.
function lineProblem(parse: ShellParse): string | undefined {
  for (const reading of [parse, ...(parse.alternatives ?? [])]) {
    if (!reading.ok) return 'its command line could not be read whole';
    if (reading.commands.some((command) => command.name === null)) return 'a program of its command line is known only when it runs';
    const downloader = reading.commands.find(isDownloader);
    if (downloader) return `${downloader.name} reaches the network, which the sandbox withholds`;
    // The sandbox binds the real .git over the staged view (git's objects, index and refs are written in
    // place): a git that writes (a read-only one never asks) is not taken back by undo.
    if (reading.commands.some((command) => command.name === 'git')) return 'git writes the repository (.git) in place, which undo does not take back';
  }
  return undefined;
}

// Why a run's writes would not be staged (in place: not judged, not undoable); undefined when staged. The
// same decision the gate and the run use (shell/run-staging.ts).
async function stagingProblem(engine: Engine, request: ApprovalRequest): Promise<string | undefined> {
  const status = await engine.sandbox?.status().catch(() => undefined);
  if (!status?.backend) return `it would run outside any OS sandbox${status?.reason ? ` (${status.reason})` : ''}`;
  const stage = request.effect?.['stage'];
  const { runStaging } = await import('../../shell/run-staging.js');
  const unstaged = await runStaging(typeof stage === 'boolean' ? stage : undefined, engine.config, engine.sandbox);
  if (typeof unstaged !== 'object') return undefined;
  return unstaged.writesNothing ? `its writes cannot be staged here (${unstaged.why})` : `it would write in place, not staged (${unstaged.why}): undo could not take it back`;
}

// The line is read by the engine's own parser (the one its danger classifier and gate judged it with): an
// engine without one (a test double) contains no command line.
export function containment(engine: Engine): Containment {
  return async (request) => {
    const status = await engine.sandbox?.status().catch(() => undefined);
    if (status?.backend && status.network) return 'the sandbox lets it reach the network (--sandbox-network)';
    // The workspace's own git folder is read-only to a run nobody approved (runShellCall: ctx.unattended),
    // so whatever program the run starts cannot commit, move refs or delete objects (red team round 4 H1, H2).
    const staging = await stagingProblem(engine, request);
    if (staging) return staging;
    if (request.line === undefined) return undefined;
    return engine.shellParser ? lineProblem(await engine.shellParser.parse(request.line)) : 'its command line could not be read whole';
  };
}

// Where an exec or test call's writes go, for the person's question: 'staged' or 'in place'.
export function writesOf(engine: Engine): Writes {
  return async (request) => ((await stagingProblem(engine, request)) === undefined ? 'staged' : 'in place');
}
