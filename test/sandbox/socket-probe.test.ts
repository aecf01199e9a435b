// Red team R40-a4: a changed socket the kernel's list (/proc/net/unix, this network namespace, the bind() spelling) does
// not name is asked itself (modes-special.ts): ECONNREFUSED removes it, a listener keeps it, any other answer leaves it
// with a warning. Real sockets: a dead one (bound, never listened, its process gone), a datagram one held by a live
// process (a stream connect meets EPROTOTYPE), a dead one whose path is longer than a socket address holds.
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { settleSpecial } from '../../src/sandbox/modes-special.js';

const hasPython = spawnSync('python3', ['-c', '0']).status === 0;
let base: string;
let held: ChildProcess | undefined;
const bind = (path: string, kind = 'SOCK_STREAM'): string => `import socket; s=socket.socket(socket.AF_UNIX, socket.${kind}); s.bind(${JSON.stringify(path)})`;

beforeAll(async () => {
  base = mkdtempSync('/var/tmp/cw-socket-probe-');
  if (!hasPython) return;
  spawnSync('python3', ['-c', bind(join(base, 'dead.sock'))]);
  const long = join(base, 'x'.repeat(60), 'y'.repeat(60));
  mkdirSync(long, { recursive: true });
  spawnSync('python3', ['-c', `import os; os.chdir(${JSON.stringify(long)}); ${bind('dead.sock')}`]);
  // Bound through a spelling /proc/net/unix does not show for `base` (a relative name from another folder).
  mkdirSync(join(base, 'sub'));
  held = spawn('python3', ['-c', `import os, time; os.chdir(${JSON.stringify(base)}); ${bind('sub/../dgram.sock', 'SOCK_DGRAM')}; time.sleep(20)`], { stdio: 'ignore' });
  for (let i = 0; i < 100 && !existsSync(join(base, 'dgram.sock')); i += 1) await sleep(50);
});
afterAll(() => {
  held?.kill('SIGKILL');
  rmSync(base, { recursive: true, force: true });
});

describe.skipIf(!hasPython)('a changed socket the kernel list does not name is asked (R40-a4)', () => {
  it('no listener (ECONNREFUSED): removed, said as before', async () => {
    expect(await settleSpecial(join(base, 'dead.sock'), 'dead.sock', 0, {})).toMatch(/no process holds, was removed/);
    expect(existsSync(join(base, 'dead.sock'))).toBe(false);
  });

  it('a path longer than a socket address: asked through its folder', async () => {
    const path = join(base, 'x'.repeat(60), 'y'.repeat(60), 'dead.sock');
    expect(await settleSpecial(path, 'dead.sock', 0, {})).toMatch(/was removed/);
    expect(existsSync(path)).toBe(false);
  });

  it('another answer (a live datagram socket): left in place, said', async () => {
    const message = await settleSpecial(join(base, 'dgram.sock'), 'dgram.sock', 0, { live: () => false });
    expect(message).toMatch(/was left in place: whether something listens on it could not be told \(EPROTOTYPE\)/);
    expect(existsSync(join(base, 'dgram.sock'))).toBe(true);
  });
});
