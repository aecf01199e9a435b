// The harness of the red-team tests that run one line in-process, unconfined (`--sandbox off`) under --yes, in a
// repository with uncommitted work, and look whether the work survived (test/redteam31 make-remakes-makefile,
// npmrc-workspace, and the package-picking rows: fix32a folded their copies). One base folder per file; per run a
// fresh workspace w<n> (a git repository holding `files` and a.txt, committed) and an empty home h<n>.
import { execFileSync } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { mkdir, mkdtemp, rm } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import { afterAll, beforeAll } from 'vitest';
import { createEngine } from '../../src/setup.js';
import { removeDir, tempDir, writeFiles } from './fixture.js';

const GIT_ENV = { ...process.env, GIT_AUTHOR_NAME: 'x', GIT_AUTHOR_EMAIL: 'x@x', GIT_COMMITTER_NAME: 'x', GIT_COMMITTER_EMAIL: 'x@x' };

export interface YesRuns {
  // `line` run with --sandbox off --yes after a.txt's committed text was changed (`before`: called on the workspace
  // after the commit, before the change): 'ran' or the error's code, and whether the change is still there.
  run(files: Readonly<Record<string, string>>, line: string, before?: (root: string) => void): Promise<{ code: string; kept: boolean }>;
}

export function yesRuns(prefix: string): YesRuns {
  const at = { base: '', count: 0 };
  beforeAll(async () => {
    at.base = await tempDir(prefix);
  });
  afterAll(async () => {
    await removeDir(at.base);
  });
  return {
    async run(files, line, before) {
      const root = join(at.base, `w${++at.count}`), home = join(at.base, `h${at.count}`);
      await writeFiles(root, { 'a.txt': 'a\n', ...files });
      await writeFiles(home, { '.keep': '' });
      execFileSync('git', ['init', '-q', root]);
      execFileSync('git', ['-C', root, 'add', '-A'], { env: GIT_ENV });
      execFileSync('git', ['-C', root, 'commit', '-qm', 'a'], { env: GIT_ENV });
      before?.(root);
      await writeFiles(root, { 'a.txt': 'CHANGED\n' });
      const engine = await createEngine({ workspace: root, env: { HOME: home, PATH: process.env['PATH'] ?? '' }, sandbox: { mode: 'off' as const }, permissions: { home, yes: true } });
      try {
        const result = await engine.run({ cmd: 'exec', args: { cmd: line } });
        return { code: result.ok ? 'ran' : result.error.code, kept: readFileSync(join(root, 'a.txt'), 'utf8') === 'CHANGED\n' };
      } finally {
        await engine.close();
      }
    },
  };
}

// A line run in-process with --sandbox off --yes, one engine per row; `env` is added to the run's (NO_JAIL: where no
// write jail runs).
export type Verdict = (line: string, env?: Readonly<Record<string, string>>) => Promise<string>;

const engineRun = async (root: string, home: string, line: string, env: Readonly<Record<string, string>>): ReturnType<Awaited<ReturnType<typeof createEngine>>['run']> => {
  const engine = await createEngine({ workspace: root, env: { HOME: home, PATH: process.env['PATH'] ?? '', ...env }, sandbox: { mode: 'off' as const }, permissions: { home, yes: true } });
  try {
    return await engine.run({ cmd: 'exec', args: { cmd: line } });
  } finally {
    await engine.close();
  }
};

// The harness of the red-team rows that check a write OUTSIDE the workspace (test/redteam33: option-string-env,
// sqlite-statements, xargs-input-args, socat-file-address, option-files, allexport-spellings): one base below /var/tmp
// (the temporary folder is writable by design, in the write jail too) holding `project` (a.txt and what `files(out)`
// gives: the repository's files naming `out`) and an empty `home`. `verdict(line)`: OUT in the line is home/x (made
// afresh per row); 'wrote OUT' when it exists after the run (the outcome, whatever the parse said: fix33a), else 'ran'
// or the error's code.
export function outsideWrites(prefix: string, files: (out: string) => Readonly<Record<string, string>> = () => ({})): { verdict: Verdict } {
  const at = { root: '', home: '' };
  beforeAll(async () => {
    const base = await mkdtemp(`/var/tmp/${prefix}`);
    at.root = join(base, 'project');
    at.home = join(base, 'home');
    await mkdir(at.root);
    await writeFiles(at.root, { 'a.txt': 'a\n', ...files(join(at.home, 'x')) });
    await writeFiles(at.home, { '.keep': '' });
  });
  afterAll(async () => rm(dirname(at.root), { recursive: true, force: true }));
  return {
    async verdict(line, env = {}) {
      const out = join(at.home, 'x');
      await rm(out, { force: true, recursive: true });
      const result = await engineRun(at.root, at.home, line.replaceAll('OUT', out), env);
      return existsSync(out) ? 'wrote OUT' : result.ok ? 'ran' : result.error.code;
    },
  };
}

// The harness of the red-team rows that check a private key READ outside the workspace (test/redteam34: cd-lost-read-
// bare, cd-lost-read-keys, key-read-run-time-path): a home `h` with ~/.ssh/id_rsa, ~/.ssh/mykey and a gnupg private key
// (each `PRIVATE-KEY`), a workspace `w` with a.txt, sub/, d.txt and g.txt holding the two key folders' paths and s.txt
// holding `sub`. `verdict(line)`: 'ran, printed the key' when the run's output holds a key, else 'ran' or the code.
export function keyReads(prefix: string): { verdict: Verdict } {
  const at = { base: '' };
  beforeAll(async () => {
    at.base = await tempDir(prefix);
    const root = join(at.base, 'w'), home = join(at.base, 'h');
    mkdirSync(join(home, '.ssh'), { recursive: true });
    mkdirSync(join(home, '.gnupg/private-keys-v1.d'), { recursive: true });
    mkdirSync(join(root, 'sub'), { recursive: true });
    for (const key of ['.ssh/id_rsa', '.ssh/mykey', '.gnupg/private-keys-v1.d/k.key']) writeFileSync(join(home, key), 'PRIVATE-KEY\n');
    writeFileSync(join(root, 'a.txt'), 'a\n');
    writeFileSync(join(root, 'd.txt'), `${home}/.ssh\n`);
    writeFileSync(join(root, 'g.txt'), `${home}/.gnupg\n`);
    writeFileSync(join(root, 's.txt'), 'sub\n');
  });
  afterAll(async () => removeDir(at.base));
  return {
    async verdict(line, env = {}) {
      const result = await engineRun(join(at.base, 'w'), join(at.base, 'h'), line, env);
      if (!result.ok) return result.error.code;
      return JSON.stringify(result.data).includes('PRIVATE-KEY') ? 'ran, printed the key' : 'ran';
    },
  };
}
