import { chmodSync, copyFileSync, existsSync, mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { homedir, tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, vi } from 'vitest';

// Run before each test file (vitest.config.ts setupFiles): the file gets its own temp folder as TMPDIR, its own
// codeward state folder and its own HOME inside it, all removed once the file's tests are done. Files running at
// the same time (several workers) share no state folder, no temp names and no home, and a temp folder a test or a
// child process forgets is still removed: one `npm test` leaves nothing in the machine's temp folder (issue 28),
// and nothing a test runs reads or writes the user's home (its start-up files, its caches, its ~/.npmrc).
// The home holds a copy of the user's ~/.gitconfig (git's identity for the commits tests make). The toolchains the
// user's PATH reaches through the home (rustup's proxies, pyenv's shims, go's build cache) keep finding their
// folders through the variables those tools read, set to where they are when the user has not set them.
// The files of a worker run one after another in one process (vitest.config.ts isolate: false): the environment
// as it was before this file is put back whole after it, whatever its tests set and did not undo.
const real = homedir();
const outer = { ...process.env };
const toolHomes: Record<string, string> = { RUSTUP_HOME: '.rustup', CARGO_HOME: '.cargo', PYENV_ROOT: '.pyenv', GOCACHE: '.cache/go-build' };
const folder = mkdtempSync(join(tmpdir(), 'codeward-test-file-'));
// Others may pass through, as through /tmp: tests that run a command as an unprivileged user reach their folders.
chmodSync(folder, 0o755);
const state = join(folder, 'state');
mkdirSync(state, { mode: 0o700 });
const home = join(folder, 'home');
mkdirSync(home, { mode: 0o755 });
if (existsSync(join(real, '.gitconfig'))) copyFileSync(join(real, '.gitconfig'), join(home, '.gitconfig'));
for (const [name, rel] of Object.entries(toolHomes)) {
  if (process.env[name] !== undefined || !existsSync(join(real, rel.split('/')[0]!))) continue;
  process.env[name] = join(real, rel);
}
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
