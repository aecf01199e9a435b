import { chmodSync, mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll } from 'vitest';

// Run before each test file (vitest.config.ts setupFiles): the file gets its own temp folder as TMPDIR, and
// its own codeward state folder inside it, both removed once the file's tests are done. Files running at the
// same time (several workers) share no state folder and no temp names, and a temp folder a test or a child
// process forgets is still removed: one `npm test` leaves nothing in the machine's temp folder (issue 28).
const outer = { TMPDIR: process.env['TMPDIR'], CODEWARD_STATE_DIR: process.env['CODEWARD_STATE_DIR'] };
const folder = mkdtempSync(join(tmpdir(), 'codeward-test-file-'));
// Others may pass through, as through /tmp: tests that run a command as an unprivileged user reach their folders.
chmodSync(folder, 0o755);
const state = join(folder, 'state');
mkdirSync(state, { mode: 0o700 });
process.env['TMPDIR'] = folder;
process.env['CODEWARD_STATE_DIR'] = state;

afterAll(() => {
  for (const [key, value] of Object.entries(outer)) {
    if (value === undefined) delete process.env[key];
    else process.env[key] = value;
  }
  try {
    rmSync(folder, { recursive: true, force: true, maxRetries: 3 });
  } catch (error) {
    // A test made something in it this user cannot remove: say where, and let the tests' verdict stand.
    console.warn(`test temp folder ${folder} not removed: ${(error as Error).message}`);
  }
});
