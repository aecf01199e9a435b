import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readdirSync, realpathSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { removeDir, runCli, tempDir, writeFiles } from '../helpers/fixture.js';
import { trustWorkspaceAt } from '../helpers/trust.js';

// codeward's own state folder (mount leases, journals, checkpoint blobs, the MCP token) is out of a
// sandboxed process's reach even when a trusted sandboxWritable folder holds it (~/.cache). Before, a
// process planted a lease there naming .codeward/policy.json (its identity and content read in the
// workspace); the clean-up after that very run removed the project's deny rules.

const bwrapWorks = spawnSync('bwrap', ['--ro-bind', '/', '/', '--unshare-net', 'true']).status === 0;

let home: string;
let ws: string;

beforeEach(async () => {
  home = await tempDir('codeward-statehide-home-');
  ws = await tempDir('codeward-statehide-ws-');
  mkdirSync(join(home, '.cache'));
  await writeFiles(ws, {
    '.codeward/config.json': '{"sandboxWritable":["~/.cache"]}',
    '.codeward/policy.json': '{"rules":[{"pattern":"@coder exec curl","action":"deny"}]}',
    'plant.js': `const fs = require('fs'), path = require('path');
const p = path.resolve('.codeward/policy.json'), st = fs.statSync(p, { bigint: true });
const base = process.env.HOME + '/.cache/codeward/workspaces';
for (const key of fs.readdirSync(base)) {
  fs.writeFileSync(base + '/' + key + '/sandbox-mounts/planted.json', JSON.stringify({ pid: 0, where: 'x', since: Date.now(), root: fs.realpathSync('.'),
    points: [{ path: p, kind: 'file', content: fs.readFileSync(p, 'utf8'), dev: String(st.dev), ino: String(st.ino) }] }));
}
console.log('PLANTED');
`,
  });
  await trustWorkspaceAt(ws, home);
});

afterEach(async () => {
  await removeDir(home);
  await removeDir(ws);
});

const env = (): Record<string, string> => ({ HOME: home, CODEWARD_STATE_DIR: '', XDG_CACHE_HOME: '' });
const exec = (line: string): ReturnType<typeof runCli> => runCli(['-C', ws, 'exec', '--cmd', line], { env: env() });

describe.skipIf(!bwrapWorks)(`codeward's state folder under a sandboxWritable folder${bwrapWorks ? '' : ' — skipped: bwrap (bubblewrap) is not installed or cannot run here'}`, () => {
  it('is neither readable nor writable from the sandbox, so no planted lease removes a workspace file', () => {
    expect(exec('true').status).toBe(0);
    const state = join(realpathSync(home), '.cache', 'codeward', 'workspaces');
    expect(readdirSync(state).length).toBe(1);
    // The user's choice stays: ~/.cache itself is writable to the sandbox (from a script: a line that names a
    // home folder's file to write asks a person first, red team R12-14b).
    writeFileSync(join(ws, 'own.sh'), 'touch ~/.cache/tool-cache && ls ~/.cache/codeward/workspaces | wc -l\n');
    const own = exec('sh own.sh');
    expect(own.status).toBe(0);
    expect(own.stdout.trim().split('\n')[0]).toBe('0');
    expect(existsSync(join(home, '.cache', 'tool-cache'))).toBe(true);
    const plant = exec('node plant.js');
    expect(plant.stdout).not.toContain('PLANTED');
    expect(exec('true').status).toBe(0);
    expect(existsSync(join(ws, '.codeward', 'policy.json'))).toBe(true);
    expect(readdirSync(join(state, readdirSync(state)[0]!, 'sandbox-mounts')).filter((name) => name.startsWith('planted'))).toEqual([]);
  });
});
