import type { CommandContext, RunPreview } from '../engine/command.js';
import type { SandboxHandle } from '../engine/engine-sandbox.js';
import { isAbsolute, relative, resolve, sep } from 'node:path';
import type { NamedRead } from './run-script-files.js';
import { sharedNetwork } from '../sandbox/network-words.js';
import { JAIL_WORDS } from '../sandbox/jail-words.js';
import { gitAloneRepository, systemGit } from './git-alone-repo.js';
import { gitWriteRefusal, mentionsGit } from './git-only-line.js';
import { LazyShellParser } from './lazy-parser.js';
import { isStaged, runStaging } from './run-staging.js';

// What an exec or test call will run, for its approval question in every door (CommandDefinition.runs):
// the line, the folder, whether inside the OS sandbox (and with which limits), and where its writes go.
// The same facts the run uses: the sandbox's status, exec's `staging` rule, test's chosen runner.

// `inside the OS sandbox (bwrap, no network)` or `outside any OS sandbox (why)`.
export async function sandboxWords(sandbox: SandboxHandle | undefined): Promise<{ words: string; contained: boolean }> {
  const status = await sandbox?.status().catch(() => undefined);
  // `--sandbox off` in the write jail (sandbox/write-jail.ts): reads unconfined, writes jailed.
  if (!status?.backend && status?.writeJail) return { words: `outside the OS sandbox (${status.reason ?? 'turned off'}), reads unconfined, ${JAIL_WORDS} (${status.writeJail.kind})`, contained: false };
  if (!status?.backend) return { words: `outside any OS sandbox${status?.reason ? ` (${status.reason})` : ''}${status?.mode === 'off' ? ', writes not jailed (no bubblewrap here)' : ''}`, contained: false };
  // With the network on, what it reaches is said (red team R16-3).
  const limits = [status.network ? `with network: ${sharedNetwork(status.backend.kind)}` : 'no network', ...(status.mode === 'read-only' ? ['read-only'] : [])];
  return { words: `inside the OS sandbox (${status.backend.kind}, ${limits.join(', ')})`, contained: true };
}

export const folderWords = (dir: string | undefined): string => (dir === undefined || dir === '.' || dir === '' ? 'the workspace root' : dir);

// Staged exactly when the call's staging (decided once before the gate, run-staging.ts) says so.
async function writesOf(ctx: CommandContext, stage: boolean | undefined): Promise<'staged' | 'in place'> {
  return isStaged(ctx.staging ?? (await runStaging(stage, ctx.config, ctx.sandbox))) ? 'staged' : 'in place';
}

// A sandboxed line a person approves gets git's folder writable when it runs the system's git alone, in a
// repository whose configuration starts no program of the work tree (shell/run-call.ts gitForRun, red team
// R12-21/R13-1/R13-2): the question says so (R13-10), since undo does not take back commits or refs.
async function writesGitHistory(ctx: CommandContext, command: string | undefined, dir: string | undefined): Promise<boolean> {
  if (command === undefined || !mentionsGit(command)) return false;
  const parser = ctx.memo('git-line-parser', () => new LazyShellParser());
  if (gitWriteRefusal(await parser.parseShell(command)) !== undefined) return false;
  const root = ctx.workspace.root;
  return systemGit(process.env['PATH'] ?? '', resolve(root, dir ?? '.'), ctx.workspace.toolAreas) && gitAloneRepository(root, process.env['HOME']).refusal === undefined;
}

// The repository's script lines the line runs and their key (red team R16-5), read in the folder it runs in
// through the workspace jail; a folder the jail refuses runs nothing (the call fails before it runs).
async function scriptsOf(ctx: CommandContext, command: string, dir: string | undefined): Promise<Pick<RunPreview, 'script' | 'scriptPin'>> {
  const [{ readScripts }, { readOwnFile }] = await Promise.all([import('./run-scripts.js'), import('../workspace/own-read.js')]);
  const root = ctx.workspace.root;
  let folder: string;
  try {
    folder = ctx.path(dir ?? '.').real;
  } catch {
    folder = resolve(root, dir ?? '.');
  }
  const named = async (rel: string): Promise<NamedRead> => {
    const inside = relative(root, resolve(folder, rel)).split(sep).join('/');
    if (inside.startsWith('..') || isAbsolute(inside)) return { kind: 'refused', reason: 'outside the workspace' };
    const found = await readOwnFile(ctx.workspace, inside).catch((error: unknown) => ({ kind: 'refused' as const, reason: (error as Error).message }));
    return found.kind === 'file' && found.truncated ? { kind: 'refused', reason: 'too large to show' } : found;
  };
  const read = await readScripts(folder, ctx.workspace.jail, command, named);
  return read ? { script: read.lines, ...(read.pin ? { scriptPin: read.pin } : {}) } : {};
}

export async function runPreview(ctx: CommandContext, command: string | undefined, dir: string | undefined, stage: boolean | undefined): Promise<RunPreview> {
  const { words, contained } = await sandboxWords(ctx.sandbox);
  const git = contained && (await writesGitHistory(ctx, command, dir));
  const scripts = command === undefined ? {} : await scriptsOf(ctx, command, dir);
  return { ...(command ? { command } : {}), where: `in ${folderWords(dir)} · ${words}`, writes: await writesOf(ctx, stage), ...(git ? { gitHistory: true as const } : {}), ...scripts };
}
