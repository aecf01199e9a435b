import { spawnSync } from 'node:child_process';
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { CLI, removeDir, tempDir } from '../../helpers/fixture.js';

// ci1: a socket path longer than a socket address holds (107 bytes on Linux) was cut by the kernel: `codeward serve`
// listened at the cut name, its chmod of the whole name failed (ENOENT), and the process hung, listening, for ever
// (the test that started it timed out with no clue). Now the server refuses such a path before listening, naming the
// fix, and a call of that workspace runs in its own process.
let base: string;
beforeEach(async () => {
  base = await tempDir('cw-long-sock-');
});
afterEach(async () => removeDir(base));

describe('codeward serve with a socket path too long for a socket address', () => {
  it('refuses with C216 naming XDG_RUNTIME_DIR, and exits; a call still runs cold', () => {
    const state = join(base, 'x'.repeat(60), 'y'.repeat(40));
    mkdirSync(state, { recursive: true });
    const env = { ...process.env, HOME: base, CODEWARD_STATE_DIR: state, XDG_RUNTIME_DIR: '', CODEWARD_NO_SERVE: '' };
    const served = spawnSync(process.execPath, [CLI, '-C', base, 'serve'], { env, encoding: 'utf8', timeout: 60_000 });
    expect(served.signal, 'serve did not exit').toBeNull();
    expect(served.status).not.toBe(0);
    expect(served.stderr).toMatch(/C216.*more than a socket path may hold \(10[37]\); set XDG_RUNTIME_DIR/);
    const read = spawnSync(process.execPath, [CLI, '--json', '-C', base, 'tree'], { env, encoding: 'utf8', stdio: ['ignore', 'pipe', 'pipe'], timeout: 60_000 });
    expect(read.status, read.stderr).toBe(0);
  });
});
