import type { CommandContext } from '../engine/command.js';
import { CodewardError, fail, isCodewardError } from '../engine/errors.js';
import { childEnv, namedIn } from './env.js';
import { removeLayout, upperEmpty } from '../sandbox/overlay.js';
import { removeLayoutAside } from '../sandbox/layout-aside.js';
import type { PreparedRun } from '../sandbox/sandbox.js';
import { networkHint } from './network-hint.js';
import { NO_LOCAL_SOCKETS } from '../sandbox/network-words.js';
import { foldNpmWalls } from './npm-walls.js';
import { runProcess, type RunOptions, type RunResult } from './run.js';
import type { StagedChanges } from './stage/apply.js';
import { applyRun, recoverRuns, stepLabel } from './stage/staged.js';
import { pinOwnState } from './state-pin.js';
import { isStaged, runStaging, type Staging } from './run-staging.js';
import { gitWriteRefusal, mentionsGit } from './git-only-line.js';
import { GIT_ALONE_ENV, gitAloneRepository, systemGit } from './git-alone-repo.js';
import { LazyShellParser } from './lazy-parser.js';
import { vanishedMountPoint } from '../sandbox/vanished.js';

// What exec and test return (and carry in `data` when the process failed or timed out).
export interface ProcessData {
  exitCode: number | null;
  signal?: string;
  stdout: string;
  stderr: string;
  timedOut: boolean;
  durationMs: number;
  // Bytes elided from the middle of each stream; only when something was.
  truncated?: { stdout: number; stderr: number };
  // A staged run (issue 27): what it changed in the workspace, applied as one checkpoint.
  changes?: StagedChanges;
  // Why a run that would be staged wrote in place (--no-stage, no overlay here).
  inPlace?: string;
}

export interface ShellCall {
  readonly command: string;
  // The folder as the caller wrote it (declared in the command's touches).
  readonly dir: string;
  readonly timeoutSeconds: number;
  readonly onChunk?: RunOptions['onChunk'];
  // Hand the output to the caller's onOutput as it arrives (exec; test reports a summary instead).
  readonly live?: boolean;
  // A run that may be staged (exec, test): its writes applied as one checkpoint labelled `exec …`/`test …`
  // (issue 27) when run-staging.ts decides it is staged; `requested`: the caller's --stage/--no-stage.
  readonly stage?: { readonly verb: string; readonly requested: boolean | undefined };
}

// A run's result with what staging did.
export type ShellResult = RunResult & Pick<ProcessData, 'changes' | 'inPlace'>;

export function toProcessData(result: ShellResult): ProcessData {
  const truncated = result.truncated.stdout + result.truncated.stderr > 0;
  return {
    exitCode: result.exitCode,
    ...(result.signal === null ? {} : { signal: result.signal }),
    stdout: result.stdout,
    stderr: result.stderr,
    timedOut: result.timedOut,
    durationMs: result.durationMs,
    ...(truncated ? { truncated: result.truncated } : {}),
    ...(result.changes ? { changes: result.changes } : {}),
    ...(result.inPlace ? { inPlace: result.inPlace } : {}),
  };
}

// Runs a shell line in a jailed workspace folder with the filtered environment (secret-looking
// variables only when the user named them); protected files the process planted are moved aside after.
export async function runShellCall(call: ShellCall, ctx: CommandContext): Promise<ShellResult> {
  const folder = ctx.path(call.dir);
  if (folder.kind !== 'dir') throw fail('C210', `--dir ${call.dir} is not a folder; pass the folder to run in`);
  // A staged command killed while its changes were applied: finished before this one runs.
  await recoverRuns(ctx);
  // Staged exactly when the call's staging says so (decided once before the gate: the per-file rules and the
  // immunity of a computed write target were judged by it, red team R11-4, F8).
  const staging = call.stage ? (ctx.staging ?? (await runStaging(call.stage.requested, ctx.config, ctx.sandbox))) : undefined;
  const git = ctx.sandbox ? await gitForRun(call.command, folder.real, ctx) : undefined;
  const gitReadOnly = git?.readOnly;
  const gitProtected = ctx.sandbox && !gitReadOnly ? await gitGuarded(ctx) : undefined;
  // Prepared again (once) when bubblewrap could not start because a path the run hides was gone by then.
  const prepare = async (): Promise<PreparedRun | undefined> => {
    const prepared = ctx.sandbox ? await ctx.sandbox.prepare(folder.real, { stage: isStaged(staging), ...(gitReadOnly ? { gitReadOnly } : {}), ...(gitProtected ? { gitProtected } : {}) }) : undefined;
    if (prepared?.warning) ctx.warn(prepared.warning);
    if (isStaged(staging) && !prepared?.stage && !prepared?.stageFailed) {
      for (const warning of (await prepared?.after?.()) ?? []) ctx.warn(warning);
      throw fail('C216', `nothing ran: the command was judged as a staged run, but it could not be staged (${prepared?.stageNote ?? 'no OS sandbox'}); run it again (codeward doctor shows the sandbox)`);
    }
    if (prepared?.stageFailed) {
      for (const warning of (await prepared.after?.()) ?? []) ctx.warn(warning);
      throw fail('C216', `nothing ran: the command was to run staged (undo takes it back), but ${prepared.stageFailed}; free space or fix the permissions of codeward's state folder (codeward doctor shows it), or a person runs it with --no-stage (in place, not undoable)`);
    }
    return prepared;
  };
  let prepared = await prepare();
  const sandboxed = (prepared?.wrapper.length ?? 0) > 0;
  const ownStateKept = pinOwnState(ctx.workspace);
  const live = call.live ? ctx.caller?.onOutput : undefined;
  const own = call.onChunk;
  const onChunk: RunOptions['onChunk'] = own && live ? (chunk, stream) => (own(chunk, stream), live(chunk, stream)) : (own ?? live);
  const dropped: string[] = [];
  const unlisted: string[] = [];
  const env = childEnv(process.env, { pass: ctx.sandbox?.passEnv ?? [], dropped, unlisted, ...(git?.env ? { overrides: git.env } : {}) });
  const [droppedNamed, unlistedNamed] = [namedIn(call.command, dropped), namedIn(call.command, unlisted)];
  if (droppedNamed.length > 0) ctx.warn(`not passed to the command (secret-looking): ${droppedNamed.join(', ')}; the user can let one through with --pass-env NAME`);
  if (unlistedNamed.length > 0) ctx.warn(`not passed to the command (not on the environment allow list): ${unlistedNamed.join(', ')}; the user can add one with --pass-env NAME or passEnv in ~/.codeward/config.json`);
  const start = async (run: PreparedRun | undefined): Promise<RunResult> => {
    try {
      return await runProcess({
        wrapper: run?.wrapper ?? [],
        ...(run?.inputs ? { inputs: run.inputs } : {}),
        command: call.command,
        cwd: folder.real,
        workspace: ctx.workspace.toolAreas,
        timeoutMs: call.timeoutSeconds * 1000,
        signal: ctx.signal,
        env,
        ...(onChunk ? { onChunk } : {}),
      });
    } catch (error) {
      // It never started (spawn E2BIG for a command over 128 KiB): the sandbox's after-run step still
      // runs, so its mount points do not stay in the workspace for the rest of a long session.
      await undo(run, ctx);
      throw error;
    }
  };
  let result = await start(prepared);
  // A path the run hides removed before bubblewrap started (a rotated log, red team R38-a9; vanished.ts): nothing
  // ran; the view is made again (the walk sees its folder changed) and the run starts once more.
  if (prepared && vanishedMountPoint(prepared.wrapper, result) !== undefined) {
    await undo(prepared, ctx);
    prepared = await prepare();
    result = await start(prepared);
  }
  // The write jail of `--sandbox off` could not start: nothing ran, and nothing runs unjailed instead (fail closed).
  if (prepared?.writeJail && jailFailed(result)) {
    for (const warning of (await prepared.after?.()) ?? []) ctx.warn(warning);
    throw fail('C210', `nothing ran: --sandbox off runs commands with their writes jailed to the workspace, and the jail (bubblewrap) failed to start: ${result.stderr.trim().split('\n')[0] ?? ''}; codeward doctor shows why bubblewrap cannot run here`);
  }
  // A write the jail refused (the program may have hidden its failure): said with the fix, the output kept.
  if (prepared?.writeJail && JAIL_REFUSED.test(`${result.stderr}\n${result.stdout}`)) ctx.warn(`a write was refused: ${prepared.writeJail}`);
  // A staged run that wrote nothing through the overlay: its run folder is removed while the after-run step runs
  // (no mount is left on it: the overlay lived in the run's own namespace).
  const removing = prepared?.stage && upperEmpty(prepared.stage) ? removeLayoutAside(prepared.stage.dir) : undefined;
  for (const warning of [...((await prepared?.after?.()) ?? []), ...ownStateKept()]) ctx.warn(warning);
  const staged = await stagedResult(call, staging, prepared, ctx, removing);
  // The repository tracks a non-accessible file, so the sandbox hid its git folder: say why git failed.
  if (prepared?.gitHidden && /not a git repository/i.test(`${result.stderr}\n${result.stdout}`)) ctx.warn(prepared.gitHidden);
  // A subfolder workspace (enclosing-git.ts), a line that runs more than git, a run nobody approved:
  // git reads its repository, but cannot write there.
  // Said also when the line hid git's failure (`git commit … >/dev/null || true`, `| cat`): a model must not
  // believe it committed (red team round 13, F3).
  // A read-only write that is not git's (`echo x > b.txt` under --sandbox read-only) gets no git hint (newcomer).
  const output = `${result.stderr}\n${result.stdout}`;
  const gitFailed = /index\.lock|\.git\/|unable to (?:create|write|append)/i.test(output) || (/read-only file system/i.test(output) && mentionsGit(call.command));
  if (prepared?.gitReadOnly && (gitFailed || (call.command.includes('git') && GIT_WRITES.test(call.command)))) ctx.warn(prepared.gitReadOnly);
  if (git?.hooksOff) ctx.warn(git.hooksOff);
  // A jailed run says so in its result whether or not a refusal reached its output (red team R37-a3: a program that
  // swallows EROFS returns ok, and "the OS sandbox is turned off" read as if the write outside had happened).
  const jailed = prepared?.writeJail ? { inPlace: `in place (not undoable), ${prepared.writeJail}; a write outside them was refused even where the program did not say so` } : {};
  return sandboxed ? { ...result, ...staged, ...jailed, sandboxed, ...(prepared?.networkBlocked ? { networkBlocked: true } : {}), ...(prepared?.readOnlyFrom ? { readOnlyFrom: prepared.readOnlyFrom } : {}), ...(prepared?.writeJail ? { writeJail: prepared.writeJail } : {}) } : result;
}

// A run that did not start: the sandbox's after-run step (its warnings said), the staged layout removed.
async function undo(prepared: PreparedRun | undefined, ctx: CommandContext): Promise<void> {
  for (const warning of (await prepared?.after?.()) ?? []) ctx.warn(warning);
  if (prepared?.stage) removeLayout(prepared.stage.dir);
}

// bubblewrap's own failure before the command started: its message alone, a failing exit.
const jailFailed = (result: RunResult): boolean => result.exitCode !== 0 && result.stdout === '' && /^bwrap: /.test(result.stderr);
// A write the jail refused: a read-only folder, or one under the jail's emptied /var/tmp (R39-a2: a host folder there
// is not in the jail, so the write fails as a missing folder).
const JAIL_REFUSED = /read-only file system|\bEROFS\b|\/var\/tmp\/\S*: No such file or directory/i;

// How the run may use the workspace's git folder (red team R12-21, R13-1, R13-2): read-only, with the warning
// a failing git gets; or writable for a line that runs the system's git alone, approved, in a repository
// whose configuration names no filter or driver program, with hooks and the fsmonitor off (said after).
interface GitForRun {
  readonly readOnly?: string;
  readonly env?: Readonly<Record<string, string>>;
  readonly hooksOff?: string;
}

async function gitForRun(command: string, cwd: string, ctx: CommandContext): Promise<GitForRun> {
  if (ctx.unattended) return { readOnly: "git's folder is read-only for a command nobody approved (auto-edit ran it without asking): git status, diff and log work; to commit, the person approves a line that runs git alone (git add -A && git commit -m …)" };
  if (!mentionsGit(command)) return { readOnly: READ_ONLY_HINT };
  const parser = ctx.memo('git-line-parser', () => new LazyShellParser());
  const refusal = gitWriteRefusal(await parser.parseShell(command)) ?? (systemGit(process.env['PATH'] ?? '', cwd, ctx.workspace.toolAreas) ? undefined : "the first git on PATH is not the system's");
  if (refusal !== undefined) return { readOnly: `${READ_ONLY_HINT} (here: ${refusal})` };
  const repository = gitAloneRepository(ctx.workspace.root, process.env['HOME']);
  if (repository.refusal) return { readOnly: `git's folder is read-only for this command: ${repository.refusal}, and what they start could rewrite history; commit outside codeward (or with --sandbox off, which a person approves)` };
  return { env: GIT_ALONE_ENV, ...(repository.hooks ? { hooksOff: "the repository's git hooks did not run: a sandboxed git runs with core.hooksPath=/dev/null (a program a hook starts, such as the test suite, could rewrite git's history); run the commit yourself to run them" } : {}) };
}

// What a line that writes git's history may not put into the index or a commit beyond the write gate
// (sandbox/git-state.ts sets it back after the run): a path the person's deny or ask rules cover (red team
// R13-11: `git revert` under `--deny '@coder write prod.conf'` committed prod.conf's old content), and a
// file hidden from the sandbox, which git there sees as an empty placeholder (R13-9: `git add -A && git
// commit` committed .env emptied; the person's next checkout lost the secret).
async function gitGuarded(ctx: CommandContext): Promise<(rel: string) => boolean> {
  const rules = await ctx.pathRules?.();
  return (rel) => ctx.workspace.isHiddenFromReaders(rel) || rules?.('write', rel) !== undefined;
}

// A line that names a git subcommand that writes history (for the warning when its failure was hidden). Tried only
// on a line that holds `git`, as every match does: a plain line does not compile it (issue 31).
const GIT_WRITES = /\bgit\b[^;&|]*\b(?:add|commit|stash|mv|rm|branch|tag|checkout|switch|restore|reset|merge|rebase|cherry-pick|revert|fetch|pull|push|am|apply|notes|update-ref|update-index)\b/;

const READ_ONLY_HINT = "git's folder is read-only for this command: only a line that runs git alone (git add, commit, checkout, switch, merge, rebase, stash, pull, push …, with no -c, --exec, --output or program option) writes git history from the sandbox; run the git part as a command of its own, e.g. exec \"git add -A && git commit -m '…'\"";

// What staging did for this run: the changes it applied, or why it wrote in place.
async function stagedResult(call: ShellCall, staging: Staging | undefined, prepared: PreparedRun | undefined, ctx: CommandContext, removing: Promise<void> | undefined): Promise<Pick<ProcessData, 'changes' | 'inPlace'>> {
  if (call.stage === undefined || staging === undefined) {
    await removing;
    return {};
  }
  if (!isStaged(staging)) {
    await removing;
    return { inPlace: staging.why };
  }
  if (!prepared?.stage) return {};
  // sandboxWritable folders (trusted config: ~/.npm, ~/.cargo) are bound in place, outside the overlay:
  // said in the result, the warning and the step's label (undo and checkpoints show it).
  const outside = prepared.writableInPlace ?? [];
  const inPlace = outside.length === 0 ? '' : ` [not undoable: also writable in place ${outside.join(', ')}]`;
  if (outside.length > 0) ctx.warn(`written in place, not staged: ${outside.join(', ')} (sandboxWritable): what the command wrote there is not in its change set, and undo cannot take it back`);
  try {
    const applied = await applyRun(ctx, prepared.stage, `${stepLabel(call.stage.verb, call.command)}${inPlace}`, removing);
    const changes = outside.length === 0 ? applied : { ...applied, writtenInPlace: outside };
    // Exit 0 is the command's own; what it wrote and was not applied is said where a person sees it too.
    const aside = changes.setAside ?? [];
    if (aside.length > 0) ctx.warn(`${aside.length + (changes.asideMore ?? 0)} path(s) the command wrote were not applied (${aside.slice(0, 3).map((each) => each.path).join(', ')}${aside.length > 3 ? ', …' : ''}): protected, non-accessible, held by your path rules or changed meanwhile; see the result's "not applied" lines`);
    return { changes };
  } catch (error) {
    // Refused before anything was applied (a run nobody approved finds no room in the checkpoint store, R5-1).
    if ((error as { code?: unknown }).code === 'C213') throw error;
    ctx.warn(`the command's changes could not all be applied (${(error as Error).message}); what was applied is one checkpoint (undo takes it back), the rest stays in ${prepared.stage.upper}`);
    return {};
  }
}

// Lines that end a failing run's output but say nothing about why: node's version banner, npm's log
// pointers, stack frames and source carets (newcomer pass: `exit code 1: Node.js v20.20.2`).
const NOISE = /^(?:Node\.js v\d|npm (?:error|ERR!) (?:A complete log|Log files were not written|You can rerun|$)|at\s|\^+$|\}$|\]$|Traceback \(most recent call last\))/;
// A line that names the cause: an error type, `error`/`fatal`/`panic`, an errno-like code.
const TELLING = /\b(?:(?:[A-Z][A-Za-z]*)?(?:Error|Exception)\b|error\b|ERR!|fatal\b|panic\b|FAIL|E[A-Z]{4,}\b)/;

// The line of a failed run's output that says why: the last telling one, else the last that is not noise.
function causeLine(text: string): string {
  const lines = text.split('\n').map((line) => line.trim()).filter((line) => line !== '' && !NOISE.test(line));
  const line = lines.findLast((each) => TELLING.test(each)) ?? lines.at(-1) ?? '';
  return line.length > 200 ? `${line.slice(0, 200)}…` : line;
}

// What a refused write (or, with the network on, a refused unix socket: node says `connect EACCES`) says.
const DENIED = /read-only file system|permission denied|operation not permitted|\bEACCES\b/i;
// A refusal that was a write for sure: `find /` saying "Permission denied" was reading (newcomer26), so a bare
// permission error gets the write hint as a condition, not as the cause.
const WRITE_REFUSED = /read-only file system|\bEROFS\b|cannot (?:create|touch|remove|move|overwrite|write)|can't create|unable to (?:create|write)|could not (?:create|write)|for writing|(?:EACCES|EPERM): [^,\n]*, (?:mkdir|rename|unlink|rmdir|copyfile|symlink|link|chmod|utime|write)/i;
const networkFailure = (text: string): boolean => NETWORK_CODE.test(text) || NETWORK_PHRASE.test(text);
// What a failed name lookup or connection says (curl, git, npm, node, pip, python, go, cargo, ping).
// The errno names are matched as written (case-insensitive, ENOTFOUND matched python's "FileNotFoundError": newcomer26).
const NETWORK_CODE = /\b(?:ENOTFOUND|EAI_AGAIN|ENETUNREACH|EHOSTUNREACH)\b/;
const NETWORK_PHRASE = /could not resolve (?:host|proxy)|network is unreachable|getaddrinfo|temporary failure in name resolution|name or service not known|nodename nor servname|no such host|failed to establish a new connection|could not connect to server|failed to connect to|connection refused|unable to access 'https?:|dial tcp|socket: operation not permitted/i;
// Programs that (may) go to the network.
const NETWORK_COMMAND = /(?:^|[\s;&|(`/])(?:npm|npx|pnpm|yarn|bun|bunx|pip3?|pipx|uv|poetry|cargo|go\s+(?:get|mod|install)|curl|wget|git\s+(?:clone|fetch|pull|push|ls-remote|submodule)|ssh|scp|rsync|docker|podman|apt(?:-get)?|brew|gem|bundle|composer|mvn|gradle|dotnet|ping|nc|dig|nslookup|host)(?=\s|$)/;

// The error for a run that did not succeed, carrying `data`; undefined when it exited 0.
// `command`: the line that ran; a timeout of a line that uses the network (or whose output says it
// tried) mentions the blocked network.
export function processFailure<D extends ProcessData>(result: RunResult, data: D, signal: AbortSignal, timeoutSeconds: number, command = ''): CodewardError | undefined {
  if (result.timedOut) {
    const tried = NETWORK_COMMAND.test(command) || networkFailure(result.stderr) || networkFailure(result.stdout);
    const network = result.networkBlocked && tried ? ` (if it was waiting for the network: ${networkHint(command, '', true)})` : '';
    return fail('C250', `timed out after ${timeoutSeconds}s; the process group was killed${network}`, data);
  }
  if (result.cancelled) {
    const reason: unknown = signal.reason;
    if (isCodewardError(reason)) return new CodewardError(reason.code, reason.message, { data });
    return fail('C250', 'cancelled before it finished; the process group was killed', data);
  }
  if (result.exitCode === 0) return undefined;
  const last = causeLine(result.stderr) || causeLine(result.stdout);
  const how = result.exitCode === null ? `killed by ${result.signal ?? 'a signal'}` : `exit code ${result.exitCode}`;
  const home = process.env['HOME'];
  const readOnlyFrom = result.readOnlyFrom;
  const offline = result.networkBlocked ? networkHint(command, `${result.stderr}\n${result.stdout}`, networkFailure(result.stderr) || networkFailure(result.stdout)) : undefined;
  const hint = !result.sandboxed
    ? ''
    : result.writeJail !== undefined
      ? DENIED.test(result.stderr) ? ` (${WRITE_REFUSED.test(result.stderr) ? '' : 'if it was a write: '}${result.writeJail})` : ''
    : offline !== undefined
      ? ` (${offline})`
      : DENIED.test(result.stderr) && readOnlyFrom !== undefined
      ? ` (the OS sandbox is read-only (${readOnlyFrom}): commands cannot write anywhere, not even in the workspace, only to their private temp folder ($TMPDIR); change files with codeward's write and edit commands, or ${readOnlyFrom.startsWith('--sandbox') ? 'a person runs with --sandbox workspace-write' : `a person changes ${readOnlyFrom}`})`
      : DENIED.test(result.stderr)
      ? ` (${WRITE_REFUSED.test(result.stderr) ? '' : 'if it was a write: '}the OS sandbox lets commands write only inside the workspace and their private temp folder ($TMPDIR), never to .git control files, policy, agent or shell start-up files; see --sandbox and codeward doctor${result.networkBlocked ? '' : `; ${NO_LOCAL_SOCKETS}`})`
      : /no such file|not found/i.test(result.stderr) && ((home && home !== '/' && result.stderr.includes(home)) || /(^|[\s'"`(])\/[^\s/]/.test(result.stderr))
        ? ' (if that path is outside the workspace: the OS sandbox shows only the workspace, the system folders and the toolchain folders codeward doctor lists; name more in "sandboxReadable" in ~/.codeward/config.json)'
        : '';
  return fail('C253', `${last === '' ? how : `${how}: ${last}`}${hint}`, data);
}

// How it ended: `[exit 0]`, `[killed by SIGTERM]` (the line a door prints after output shown live).
export function formatProcessEnd(data: Pick<ProcessData, 'exitCode' | 'signal'>): string {
  return data.exitCode === null ? `[killed by ${data.signal ?? 'a signal'}]` : `[exit ${data.exitCode}]`;
}

// stdout, then stderr under a marker, then how it ended.
export function formatProcessOutput(data: ProcessData): string {
  const parts: string[] = [];
  if (data.stdout !== '') parts.push(foldNpmWalls(data.stdout.replace(/\n$/, '')));
  if (data.stderr !== '') parts.push(`--- stderr ---\n${foldNpmWalls(data.stderr.replace(/\n$/, ''))}`);
  parts.push(formatProcessEnd(data));
  return parts.join('\n');
}
