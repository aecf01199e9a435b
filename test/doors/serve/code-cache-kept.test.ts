import { spawn } from 'node:child_process';
import { readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { CLI } from '../../helpers/fixture.js';
import { serveRig, startServe, stopServers } from '../../helpers/serve.js';

// Issue 31: a process that found no code cache for a chunk makes one at exit (src/bin/script-loader.ts). A warm engine
// (`codeward serve`) lives on for minutes while cold calls make the caches; when it stopped, it replaced theirs with
// its own, which held only what it had compiled itself: every later cold exec compiled the rest again (~+10-20 ms of
// CPU, measured in bench/startup-rows.mjs after a --warm run). A cache another process made meanwhile is kept.
const rig = serveRig('cw-cache-kept', { 'small.txt': 'hello\n' });

// The CLI core's cache file (the chunk every cold call and the server run), as inode, ns mtime and size.
function coreCache(): string {
  const folder = join(rig.state, 'code-cache');
  const name = readdirSync(folder).find((file) => /^cli-core-.*\.js\.script$/.test(file));
  expect(name).toBeDefined();
  const stats = statSync(join(folder, name!), { bigint: true });
  return `${stats.ino}:${stats.mtimeNs}:${stats.size}`;
}

describe('a warm engine keeps the code cache a cold call made while it ran', { timeout: 90_000 }, () => {
  it('the server stopping leaves the cold call\'s cache file as it was', async () => {
    await startServe(rig);
    const child = spawn(process.execPath, [CLI, '--json', '-C', rig.root, 'read', '--file', 'small.txt'], { cwd: rig.root, env: { ...rig.env, CODEWARD_NO_SERVE: '1' }, stdio: ['ignore', 'ignore', 'pipe'] });
    let stderr = '';
    child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
    // Bounded: a cold call that hangs fails here naming itself, not at the test's timeout with no clue.
    const status = await new Promise<number | null | 'late'>((done) => {
      const late = setTimeout(() => {
        child.kill('SIGKILL');
        done('late');
      }, 30_000);
      child.once('close', (code) => {
        clearTimeout(late);
        done(code);
      });
    });
    const cold = { status, stderr: `${status === 'late' ? 'the cold read did not end within 30 s; ' : ''}its stderr: ${stderr}` };
    expect(cold.status, cold.stderr).toBe(0);
    const made = coreCache();
    await stopServers(rig);
    expect(coreCache()).toBe(made);
  });
});
