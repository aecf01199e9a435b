import { spawnSync } from 'node:child_process';
import { rmSync } from 'node:fs';
import { mkdir, mkdtemp, realpath, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Engine } from '../../src/index.js';

export const REPO_ROOT = fileURLToPath(new URL('../..', import.meta.url));
export const CLI = join(REPO_ROOT, 'dist/bin/codeward.js');

// A fresh real temp folder (realpath-ed, so macOS /private/tmp does not surprise assertions).
export async function tempDir(prefix = 'codeward-'): Promise<string> {
  return realpath(await mkdtemp(join(tmpdir(), prefix)));
}

// (synchronous: the promise-based rm takes one round trip per entry, ~2x slower on a tree of many folders)
export async function removeDir(path: string): Promise<void> {
  rmSync(path, { recursive: true, force: true, maxRetries: 3 });
}

// Creates files from a map of relative path → content (string or bytes).
export async function writeFiles(root: string, files: Record<string, string | Uint8Array>): Promise<void> {
  for (const [path, content] of Object.entries(files)) {
    const full = join(root, path);
    await mkdir(dirname(full), { recursive: true });
    await writeFile(full, content);
  }
}

export interface CliResult {
  status: number;
  // The signal that ended the child, when one did (status is then -1).
  signal?: NodeJS.Signals | null;
  stdout: string;
  stderr: string;
  json: Record<string, unknown> & { ok: boolean; cmd: string; data?: any; error?: { code: string; message: string }; warnings?: string[] };
}

// The environment to start the binary with for `args`: NODE_EXTRA_CA_CERTS held back under
// CODEWARD_NODE_EXTRA_CA_CERTS, as the documented launcher does (src/doors/ca-bundle.ts): node then skips
// parsing the bundle at start-up (~40 ms of CPU on every run of the binary), and the binary puts the
// variable back in its environment before anything reads it, so every program it starts sees it as it was.
// Left as it is for the entry points that open TLS themselves and refuse a deferred bundle (worker, agent,
// mcp, trust, serve: any argument naming one), and when the caller set either variable itself.
const PERSON_ONLY = /\b(worker|agent|mcp|trust|serve)\b/;
export function binaryEnv(args: readonly string[], env: NodeJS.ProcessEnv): NodeJS.ProcessEnv {
  const bundle = env['NODE_EXTRA_CA_CERTS'];
  if (bundle === undefined || bundle === '' || env['CODEWARD_NODE_EXTRA_CA_CERTS'] !== undefined || args.some((arg) => PERSON_ONLY.test(arg))) return env;
  const { NODE_EXTRA_CA_CERTS: _held, ...rest } = env;
  return { ...rest, CODEWARD_NODE_EXTRA_CA_CERTS: bundle };
}

// Runs the real built binary in a child process. Mutating calls need approval, so --yes is added unless
// `yes: false` (tests of the permission gate itself).
// A child that a signal ended before it printed anything was killed from outside (nothing here sends one: no
// timeout is set) and is run once more, with a note on stderr: the project's CI saw one such run in ~17,000
// (an empty stdout, C241 expected; 320 runs of the same call in parallel here all answered).
export function runCli(args: readonly string[], options: { cwd?: string; env?: Record<string, string>; yes?: boolean } = {}): CliResult {
  const run = () => spawnSync(process.execPath, [CLI, ...(options.yes === false ? [] : ['--yes']), ...args], {
    cwd: options.cwd ?? REPO_ROOT,
    env: binaryEnv(args, { ...process.env, ...options.env }),
    encoding: 'utf8',
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let result = run();
  if (result.signal !== null && result.stdout === '') {
    process.stderr.write(`runCli: codeward ${args.join(' ')} ended by ${result.signal} with no output (stderr: ${result.stderr.slice(0, 500)}); run again\n`);
    result = run();
  }
  let json: CliResult['json'] = { ok: false, cmd: '' };
  try {
    json = JSON.parse(result.stdout);
  } catch {
    // not JSON output; callers that asked for --json will fail on their own assertions
  }
  return { status: result.status ?? -1, signal: result.signal, stdout: result.stdout, stderr: result.stderr, json };
}

// The engine is loaded on first use: most files that take this helper only drive the built binary, and
// loading the whole engine's sources costs each of them about a second of the suite's time.
export async function engineFor(root: string): Promise<Engine> {
  const { createEngine } = await import('../../src/index.js');
  return createEngine({ workspace: root });
}

// The clock a test gives the engine (EngineOptions.clock) for the kept listings' racy window (workspace/kept-listing.ts:
// a path whose later of mtime and ctime lies within RACY_MS of the clock is listed again). Setting times back with
// utimes cannot age a path: it moves the ctime to now. So `pass()` moves the clock instead: from then on it reads at
// least RACY_MS past the real time of the call, so every change made before lies past the window, and a change made
// after lies within it until the real time passes that mark (the racy rows keep their meaning). Never backwards.
export class TestClock {
  #floor = 0;
  readonly now = (): number => Math.max(Date.now(), this.#floor);
  async pass(): Promise<void> {
    const { RACY_MS } = await import('../../src/workspace/kept-listing.js');
    // +1: Date.now() truncates to the millisecond; a time set just before may lie within the same one.
    this.#floor = Date.now() + RACY_MS + 1;
  }
}

// Makes every folder under `dir` (and `dir`), and each file `file(name)` picks, a minute old by their mtime (the
// per-file stamps judge by it), then passes `clock` (TestClock) beyond what was changed: older than the racy window
// of the kept listings (a folder changed just now is listed again). Links untouched.
export async function ageTree(dir: string, file: (name: string) => boolean = () => true, clock?: TestClock): Promise<void> {
  const { readdir, utimes } = await import('node:fs/promises');
  const past = new Date(Date.now() - 60_000);
  for (const entry of await readdir(dir, { withFileTypes: true })) {
    if (entry.isDirectory()) await ageTree(join(dir, entry.name), file);
    else if (!entry.isSymbolicLink() && file(entry.name)) await utimes(join(dir, entry.name), past, past);
  }
  await utimes(dir, past, past);
  await clock?.pass();
}
