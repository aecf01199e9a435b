// fix59 (home56's LEFT): the after-run walk asked every changed socket no list names by a connect() of up to 1 s, with
// no cap per walk: a run leaving 1000 sockets could hold the walk for minutes. Now at most PROBE_COUNT connects (and
// PROBE_TOTAL_MS) per walk; past it a socket is left in place unasked (as a live one is) and one warning says how many.
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { afterAll, describe, expect, it } from 'vitest';
import { clearRiskyModes } from '../../src/sandbox/modes.js';
import { PROBE_COUNT } from '../../src/sandbox/socket-listener.js';

const hasPython = spawnSync('python3', ['-c', '0']).status === 0;
const base = mkdtempSync('/var/tmp/cw-fix59-sockets-');
afterAll(() => rmSync(base, { recursive: true, force: true }));

describe.skipIf(!hasPython)('a run that leaves 200 sockets nothing listens on', () => {
  it('asks at most PROBE_COUNT of them; the rest are left in place, said in one line', async () => {
    const made = spawnSync('python3', ['-c', `import socket, os\nos.chdir(${JSON.stringify(base)})\nfor i in range(200):\n  socket.socket(socket.AF_UNIX, socket.SOCK_STREAM).bind(f's{i}.sock')`]);
    expect(made.status, made.stderr.toString()).toBe(0);
    const warnings = await clearRiskyModes(base, 0);
    expect(readdirSync(base)).toHaveLength(200 - PROBE_COUNT);
    const unasked = warnings.filter((warning) => warning.includes('left in place unasked'));
    expect(unasked).toEqual([expect.stringContaining(`and ${200 - PROBE_COUNT} more sockets`)]);
  });
});
