// Round 40's red-team harness for the built binary run as a person would from a shell: a base folder under /var/tmp
// holding a git workspace ws/ and a home h/, and runs of the CLI with nothing of the test's environment but HOME,
// PATH and codeward's own state folder (s/): no CODEWARD_* setting of the suite reaches the run.
import { spawnSync } from 'node:child_process';
import { mkdirSync } from 'node:fs';
import { mkdtemp } from 'node:fs/promises';
import { join } from 'node:path';
import { CLI } from './fixture.js';

export const HOST_PATH = process.env['PATH'] ?? '/usr/bin:/bin';

// A fresh /var/tmp/<prefix>XXXXXX with `git init`'s ws/ and an empty h/; its path.
export async function bareBase(prefix: string): Promise<string> {
  const base = await mkdtemp(`/var/tmp/${prefix}`);
  spawnSync('git', ['init', '-q', join(base, 'ws')]);
  mkdirSync(join(base, 'h'));
  return base;
}

export interface BareRun {
  // The folder the CLI starts in (base/ws unless given), its HOME (base/h), state folder (base/s) and PATH.
  readonly cwd?: string;
  readonly home?: string;
  readonly state?: string;
  readonly path?: string;
  // A program the CLI is started through (`setpriv --reuid=65534 …`).
  readonly through?: readonly string[];
}

// `codeward ARGS` in `base`'s workspace: its stdout and stderr together.
export function bareCli(base: string, args: readonly string[], run: BareRun = {}): string {
  const env = { HOME: run.home ?? join(base, 'h'), PATH: run.path ?? HOST_PATH, CODEWARD_STATE_DIR: run.state ?? join(base, 's') };
  const [program, ...before] = [...(run.through ?? []), process.execPath];
  const result = spawnSync(program!, [...before, CLI, ...args], { cwd: run.cwd ?? join(base, 'ws'), env, encoding: 'utf8', timeout: 60_000 });
  return `${result.stdout}${result.stderr}`;
}
