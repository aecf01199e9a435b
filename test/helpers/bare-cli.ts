// Rounds 40/41's red-team harness for the built binary run as a person would from a shell: a base folder under /var/tmp
// holding git workspaces (ws/ unless named) and a home h/, and runs of the CLI with nothing of the test's environment
// but HOME, PATH and codeward's own state folder (s/): no CODEWARD_* setting of the suite reaches the run.
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, writeFileSync } from 'node:fs';
import { mkdtemp } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import { afterAll, beforeAll } from 'vitest';
import { bwrapWorks } from '../shell/stage-helpers.js';
import { CLI } from './fixture.js';

// Whether the built CLI runs sandboxed here (bwrap works, dist is built): each bare-CLI test's first condition.
export const BARE_USABLE = bwrapWorks && existsSync(CLI);

export const HOST_PATH = process.env['PATH'] ?? '/usr/bin:/bin';
// nobody's uid and gid, and what starts a program as nobody (the tests that use it run as root: as-nobody.ts).
export const NOBODY = 65534;
export const AS_NOBODY = ['setpriv', `--reuid=${NOBODY}`, `--regid=${NOBODY}`, '--clear-groups'] as const;

// A workspace script that leaves a setuid file x (the after-run walk clears the bit and says so: `left x setuid`).
export const SETUID_SCRIPT = 'cp /bin/true x\nchmod 4755 x\n';

export interface BareMade {
  // The workspaces made below the base (`git init`, then `files`, by relative path): ['ws'] unless given.
  readonly workspaces?: readonly string[];
  readonly files?: Readonly<Record<string, string>>;
  // The whole base (workspaces, home) owned by nobody.
  readonly nobody?: boolean;
}

// A fresh /var/tmp/<prefix>XXXXXX with an empty h/ and the workspaces `made` names; its path.
export async function bareBase(prefix: string, made: BareMade = {}): Promise<string> {
  const base = await mkdtemp(`/var/tmp/${prefix}`);
  mkdirSync(join(base, 'h'));
  for (const name of made.workspaces ?? ['ws']) {
    const ws = join(base, name);
    spawnSync('git', ['init', '-q', ws]);
    for (const [file, text] of Object.entries(made.files ?? {})) {
      mkdirSync(dirname(join(ws, file)), { recursive: true });
      writeFileSync(join(ws, file), text);
    }
  }
  if (made.nobody) spawnSync('chown', ['-R', `${NOBODY}:${NOBODY}`, base]);
  return base;
}

// Removes a base whatever its modes and depth (a run may leave a folder unwritable or thousands of levels deep).
export function removeBare(base: string | undefined): void {
  if (!base) return;
  spawnSync('chmod', ['-R', 'u+rwx', base]);
  spawnSync('rm', ['-rf', base]);
}

export interface BareRun {
  // The folder the CLI starts in (base/ws unless given), its HOME (base/h), state folder (base/s) and PATH.
  readonly cwd?: string;
  readonly home?: string;
  readonly state?: string;
  readonly path?: string;
  // A program the CLI is started through (`setpriv --reuid=65534 …`: AS_NOBODY).
  readonly through?: readonly string[];
  readonly timeout?: number;
  // The codeward started (the built dist/bin/codeward.js unless given: a copy installed in the workspace).
  readonly cli?: string;
}

// `codeward ARGS` in `base`'s workspace: its stdout and stderr together.
export function bareCli(base: string, args: readonly string[], run: BareRun = {}): string {
  const env = { HOME: run.home ?? join(base, 'h'), PATH: run.path ?? HOST_PATH, CODEWARD_STATE_DIR: run.state ?? join(base, 's') };
  const [program, ...before] = [...(run.through ?? []), process.execPath];
  const result = spawnSync(program!, [...before, run.cli ?? CLI, ...args], { cwd: run.cwd ?? join(base, 'ws'), env, encoding: 'utf8', timeout: run.timeout ?? 60_000, maxBuffer: 64 * 1024 * 1024 });
  return `${result.stdout}${result.stderr}`;
}

// `codeward --yes exec [--no-stage] --cmd LINE`: the runs the red-team tests make.
export function bareExec(base: string, line: string, stage: boolean, run: BareRun = {}): string {
  return bareCli(base, ['--yes', 'exec', ...(stage ? [] : ['--no-stage']), '--cmd', line], run);
}

export interface BareSuite {
  // What the runs printed, by the names `setUp` gave them.
  readonly outs: Record<string, string>;
  // The base folder (once made).
  base(): string;
}

// One bare-CLI test file's base: when `usable` (BARE_USABLE unless given), made before all (bareBase with `made`),
// then `setUp` writes its fixtures and makes its runs into `outs`; removed after all.
export function bareSuite(prefix: string, setUp: (base: string, outs: Record<string, string>) => void | Promise<void>, options: { made?: BareMade; usable?: boolean; timeout?: number } = {}): BareSuite {
  const at = { base: undefined as string | undefined };
  const outs: Record<string, string> = {};
  beforeAll(async () => {
    if (!(options.usable ?? BARE_USABLE)) return;
    at.base = await bareBase(prefix, options.made);
    await setUp(at.base, outs);
  }, options.timeout ?? 120_000);
  afterAll(() => removeBare(at.base));
  return { outs, base: () => at.base! };
}
