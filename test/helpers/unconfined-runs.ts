// The harness of the red-team tests that run one line unconfined (`--sandbox off`) under --yes and look at what it
// did (test/redteam28, test/redteam29, permissions/other-names-readers; rev32 folded their copies): one base folder
// per file, a fresh workspace w<n> (a git repository holding a.txt) and an empty home h<n> per run.
import { execFileSync } from 'node:child_process';
import { join } from 'node:path';
import { afterAll, beforeAll } from 'vitest';
import { removeDir, runCli, tempDir, writeFiles } from './fixture.js';

// No write jail (fix33a): `--sandbox off` runs in the write jail wherever bubblewrap runs (sandbox/write-jail.ts);
// these tests check the parse's rules for a run NOTHING contains, which still hold where no jail runs (no
// bubblewrap): a bubblewrap that fails its probe is that place (docs/configuration.md CODEWARD_BWRAP).
export const NO_JAIL = { CODEWARD_BWRAP: '/bin/false' } as const;

export interface RunPlace {
  readonly top: string;
  readonly home: string;
  readonly n: number;
}

export interface RunOptions {
  // Approve every ask (default true).
  readonly yes?: boolean;
  // Added to the run's environment (HOME is the place's home).
  readonly env?: Readonly<Record<string, string>>;
  // Global options before `-C`.
  readonly extra?: readonly string[];
}

export interface UnconfinedRuns {
  // The file's base folder (made before its first test).
  readonly base: string;
  // A fresh workspace and home; `commit`: a.txt committed.
  place(commit?: boolean): Promise<RunPlace>;
  // `codeward --json --sandbox off -C TOP exec --cmd LINE`: 'ran', or the error's code.
  exec(place: RunPlace, line: string, options?: RunOptions): string;
}

export function unconfinedRuns(prefix: string, setup?: (base: string) => Promise<void>): UnconfinedRuns {
  const at = { base: '', count: 0 };
  beforeAll(async () => {
    at.base = await tempDir(prefix);
    await setup?.(at.base);
  });
  afterAll(async () => {
    await removeDir(at.base);
  });
  return {
    get base() {
      return at.base;
    },
    async place(commit = false) {
      const n = ++at.count;
      const top = join(at.base, `w${n}`), home = join(at.base, `h${n}`);
      await writeFiles(top, { 'a.txt': 'a\n' });
      await writeFiles(home, { '.keep': '' });
      execFileSync('git', ['init', '-q', top]);
      if (commit) {
        execFileSync('git', ['-C', top, 'add', 'a.txt']);
        execFileSync('git', ['-C', top, '-c', 'user.name=x', '-c', 'user.email=x@x', 'commit', '-qm', 'a']);
      }
      return { top, home, n };
    },
    exec(place, line, options = {}) {
      const result = runCli(['--json', '--sandbox', 'off', ...(options.extra ?? []), '-C', place.top, 'exec', '--cmd', line], { env: { HOME: place.home, CODEWARD_NO_SERVE: '1', ...NO_JAIL, ...options.env }, yes: options.yes ?? true });
      return result.json.ok ? 'ran' : result.json.error?.code ?? result.stdout;
    },
  };
}
