import { spawn } from 'node:child_process';
import { delimiter, join } from 'node:path';
import { outsidePath, usableProgram } from '../sandbox/which.js';
import { fail, isCodewardError, type CodewardError } from '../engine/errors.js';

// Runs git directly (no shell) for the read-only git commands, with everything a repository's own
// configuration could use to run a program switched off (fsmonitor hooks, hooks, pagers, external diff,
// signature checks), no prompts, no optional locks (status never takes the index lock) and C messages.

export interface GitOptions {
  readonly cwd: string;
  // The workspace: no PATH folder inside it (by any spelling) gives git or what git starts.
  readonly root: string;
  // The other folders a sandboxed run may write (Workspace.toolAreas): none gives git either (red team R42-a6).
  readonly writable?: readonly string[];
  readonly signal: AbortSignal;
  // Cap on the stdout kept; beyond it git is stopped and `truncated` is true.
  readonly maxBytes?: number;
  // Extra `-c key=value` pairs, placed after the fixed ones (so they can only add, never undo them).
  readonly config?: readonly string[];
  readonly timeoutMs?: number;
}

export interface GitResult {
  readonly stdout: string;
  readonly stderr: string;
  // -1 when git was stopped because stdout reached maxBytes.
  readonly exitCode: number;
  readonly truncated: boolean;
}

export const DEFAULT_GIT_MAX_BYTES = 16 * 1024 * 1024;
const DEFAULT_TIMEOUT_MS = 120_000;
const MAX_STDERR_BYTES = 64 * 1024;

// `-c` settings on every call. Later `-c` values win over every config file and GIT_CONFIG_PARAMETERS.
export const SAFE_CONFIG: readonly string[] = [
  'core.fsmonitor=false', // a repository's fsmonitor hook would run on status and diff
  'core.hooksPath=/dev/null', // e.g. post-index-change when diff refreshes the index
  'core.pager=cat',
  'core.quotePath=false',
  'color.ui=never',
  'log.showSignature=false', // would run gpg.program
  'status.relativePaths=false',
  // `git diff` refreshes the index's stat cache even with GIT_OPTIONAL_LOCKS=0; git >= 2.50 lets this
  // be switched off (older versions ignore the key, and then only the stat cache is rewritten).
  'diff.autoRefreshIndex=false',
  // A bare repository planted in the workspace (HEAD, objects/, refs/ committed as ordinary files, some
  // of them links out) is never discovered; only a `.git` entry is (and git-dir.ts judges where it points).
  'safe.bareRepository=explicit',
];

// Variables that would point git at another repository or work tree than the one found from --dir,
// or run programs of the caller's environment.
const DROPPED_ENV = [
  'GIT_DIR',
  'GIT_WORK_TREE',
  'GIT_INDEX_FILE',
  'GIT_OBJECT_DIRECTORY',
  'GIT_ALTERNATE_OBJECT_DIRECTORIES',
  'GIT_COMMON_DIR',
  'GIT_NAMESPACE',
  'GIT_PREFIX',
  'GIT_EXTERNAL_DIFF',
  'GIT_PAGER',
  'GIT_ASKPASS',
  'GIT_SSH',
  'GIT_SSH_COMMAND',
  'GIT_EDITOR',
  'GIT_SEQUENCE_EDITOR',
];

// PATH for git and what it starts: a relative or empty entry (`node_modules/.bin`, `.`) or one inside the
// workspace, a folder a run may write, or the folder git works in, also spelled through a link (sandbox/which.ts outsidePath), would run a
// repository's node_modules/.bin/git for every read-only git-* command.
// git itself is spawned by its absolute path from those folders (an empty PATH would make execvp search the
// current folder); none found: a path that does not exist, so the start fails as "git is not installed".
// A git FILE there that leads into an area (a link to, or a hard link of, one a run may rewrite) is skipped too (usableProgram).
function gitTools(areas: readonly string[]): { folders: string[]; program: string } {
  const env = outsidePath(process.env, areas);
  const folders = (env['PATH'] ?? '').split(delimiter).filter((dir) => dir !== '');
  return { folders, program: folders.map((dir) => join(dir, 'git')).find((file) => usableProgram(file, env)) ?? '/nonexistent/git' };
}

function gitEnv(folders: readonly string[]): NodeJS.ProcessEnv {
  const env: NodeJS.ProcessEnv = { ...process.env, PATH: folders.length > 0 ? folders.join(delimiter) : '/nonexistent' };
  for (const name of DROPPED_ENV) delete env[name];
  env.GIT_TERMINAL_PROMPT = '0';
  env.GIT_OPTIONAL_LOCKS = '0';
  env.GIT_PAGER = 'cat';
  env.PAGER = 'cat';
  env.LC_ALL = 'C';
  env.LANGUAGE = 'C';
  return env;
}

export function gitArgv(args: readonly string[], config: readonly string[] = []): string[] {
  const settings = [...SAFE_CONFIG, ...config].flatMap((pair) => ['-c', pair]);
  return ['--no-pager', ...settings, ...args];
}

function abortReason(signal: AbortSignal): CodewardError {
  return isCodewardError(signal.reason) ? signal.reason : fail('C250', 'git was cancelled');
}

// Never throws for a non-zero exit; throws C251 when git cannot be started, C250 on timeout or abort.
export function runGit(args: readonly string[], options: GitOptions): Promise<GitResult> {
  const maxBytes = options.maxBytes ?? DEFAULT_GIT_MAX_BYTES;
  const { signal } = options;
  if (signal.aborted) return Promise.reject(abortReason(signal));
  return new Promise<GitResult>((resolve, reject) => {
    const { folders, program } = gitTools([options.root, options.cwd, ...(options.writable ?? [])]);
    const child = spawn(program, gitArgv(args, options.config), {
      cwd: options.cwd,
      env: gitEnv(folders),
      stdio: ['ignore', 'pipe', 'pipe'],
      windowsHide: true,
      shell: false,
    });
    const out: Buffer[] = [];
    const err: Buffer[] = [];
    let outBytes = 0;
    let errBytes = 0;
    let truncated = false;
    let failure: CodewardError | undefined;
    let settled = false;

    const stop = (reason?: CodewardError): void => {
      if (reason && !failure) failure = reason;
      if (child.exitCode === null && child.signalCode === null) child.kill('SIGTERM');
    };
    const onAbort = (): void => stop(abortReason(signal));
    signal.addEventListener('abort', onAbort, { once: true });
    const timeoutMs = options.timeoutMs ?? DEFAULT_TIMEOUT_MS;
    const timer = setTimeout(() => stop(fail('C250', `git ${args[0] ?? ''} timed out after ${Math.round(timeoutMs / 1000)}s`)), timeoutMs);
    const finish = (): void => {
      settled = true;
      clearTimeout(timer);
      signal.removeEventListener('abort', onAbort);
    };

    child.stdout.on('data', (chunk: Buffer) => {
      if (truncated) return;
      const room = maxBytes - outBytes;
      if (chunk.length > room) {
        if (room > 0) out.push(chunk.subarray(0, room));
        outBytes = maxBytes;
        truncated = true;
        stop();
        return;
      }
      out.push(chunk);
      outBytes += chunk.length;
    });
    child.stderr.on('data', (chunk: Buffer) => {
      if (errBytes >= MAX_STDERR_BYTES) return;
      err.push(chunk.subarray(0, MAX_STDERR_BYTES - errBytes));
      errBytes += chunk.length;
    });
    child.on('error', (error: NodeJS.ErrnoException) => {
      if (settled) return;
      finish();
      if (error.code === 'ENOENT') reject(fail('C251', 'git is not installed (or not on PATH)'));
      else reject(fail('C251', `could not run git: ${error.message}`));
    });
    child.on('close', (code) => {
      if (settled) return;
      finish();
      if (failure) {
        reject(failure);
        return;
      }
      const stdout = Buffer.concat(out).toString('utf8');
      const stderr = Buffer.concat(err).toString('utf8');
      resolve({ stdout, stderr, exitCode: truncated ? -1 : (code ?? -1), truncated });
    });
  });
}

// git's own words for a failure, first lines only.
export function gitMessage(stderr: string): string {
  const lines = stderr.split('\n').map((line) => line.trim()).filter((line) => line !== '' && !line.startsWith('hint:'));
  const text = lines.slice(0, 4).join('; ');
  return text === '' ? 'git failed without a message' : text;
}

export function isNotARepository(stderr: string): boolean {
  return /not a git repository/i.test(stderr);
}

// C251 for a failed call: "not a repository" in plain words, anything else with git's message.
export function gitFailure(result: GitResult, dir: string, what: string): CodewardError {
  if (isNotARepository(result.stderr)) return fail('C251', `${dir} is not inside a git repository`);
  if (/dubious ownership/i.test(result.stderr)) {
    return fail('C251', `git refuses ${dir}: the repository is owned by another user (see git config safe.directory)`);
  }
  return fail('C251', `git ${what} failed (exit ${result.exitCode}): ${gitMessage(result.stderr)}`);
}

// Runs git and throws C251 unless it exited 0 (a capped stdout counts as success; see `truncated`).
export async function git(args: readonly string[], options: GitOptions & { dir: string }): Promise<GitResult> {
  const result = await runGit(args, options);
  if (result.exitCode !== 0 && !result.truncated) throw gitFailure(result, options.dir, args[0] ?? '');
  return result;
}
