import { chmodSync, copyFileSync, existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { homedir, tmpdir } from 'node:os';
import { delimiter, join } from 'node:path';
import { afterAll, vi } from 'vitest';

// Run before each test file (vitest.config.ts setupFiles): the file gets its own temp folder as TMPDIR, its own
// codeward state folder and its own HOME inside it, all removed once the file's tests are done. Files running at
// the same time (several workers) share no state folder, no temp names and no home, and a temp folder a test or a
// child process forgets is still removed: one `npm test` leaves nothing in the machine's temp folder (issue 28),
// and nothing a test runs reads or writes the user's home (its start-up files, its caches, its ~/.npmrc).
// The home holds a copy of the user's ~/.gitconfig (git's identity for the commits tests make). The toolchains the
// user's PATH reaches through proxies that find their folders through the home (rustup's proxies in ~/.cargo/bin,
// pyenv's shims) are found by their real program folders put first on PATH, and go's build cache by GOCACHE. Not by
// RUSTUP_HOME/CARGO_HOME/PYENV_ROOT naming the real folders: codeward's environment naming a tool home makes every
// engine walk it for links into the workspace (env-home-links.ts: rustup's toolchains/** is ~6,000 folders, a third of
// a permissions file's time); nor by links to them in the home, which the home scans follow.
// The files of a worker run one after another in one process (vitest.config.ts isolate: false): the environment
// as it was before this file is put back whole after it, whatever its tests set and did not undo.
const real = homedir();
const outer = { ...process.env };
// The first match of `pattern` in the file at `path`.
const firstLine = (path: string, pattern: RegExp): string | undefined => {
  try {
    return pattern.exec(readFileSync(path, 'utf8'))?.[1];
  } catch {
    return undefined;
  }
};
const rust = process.env['RUSTUP_HOME'] === undefined ? firstLine(join(real, '.rustup/settings.toml'), /^default_toolchain\s*=\s*"([^"]+)"/m) : undefined;
const python = process.env['PYENV_ROOT'] === undefined ? firstLine(join(real, '.pyenv/version'), /^([^\s#]+)/) : undefined;
const bins = [rust && join(real, '.rustup/toolchains', rust, 'bin'), python && join(real, '.pyenv/versions', python, 'bin')];
const toolBins = bins.filter((bin): bin is string => bin !== undefined && existsSync(bin));
const folder = mkdtempSync(join(tmpdir(), 'codeward-test-file-'));
// Others may pass through, as through /tmp: tests that run a command as an unprivileged user reach their folders.
chmodSync(folder, 0o755);
const state = join(folder, 'state');
mkdirSync(state, { mode: 0o700 });
const home = join(folder, 'home');
mkdirSync(home, { mode: 0o755 });
if (existsSync(join(real, '.gitconfig'))) copyFileSync(join(real, '.gitconfig'), join(home, '.gitconfig'));
if (toolBins.length > 0) process.env['PATH'] = [...toolBins, process.env['PATH'] ?? ''].join(delimiter);
if (process.env['GOCACHE'] === undefined && existsSync(join(real, '.cache/go-build'))) process.env['GOCACHE'] = join(real, '.cache/go-build');
process.env['TMPDIR'] = folder;
process.env['CODEWARD_STATE_DIR'] = state;
process.env['HOME'] = home;

afterAll(() => {
  // (vi.stubEnv's own record too, or a later file's unstubAllEnvs would put back this file's values)
  vi.unstubAllEnvs();
  for (const key of Object.keys(process.env)) if (!(key in outer)) delete process.env[key];
  Object.assign(process.env, outer);
  try {
    rmSync(folder, { recursive: true, force: true, maxRetries: 3 });
  } catch (error) {
    // A test made something in it this user cannot remove: say where, and let the tests' verdict stand.
    console.warn(`test temp folder ${folder} not removed: ${(error as Error).message}`);
  }
});
