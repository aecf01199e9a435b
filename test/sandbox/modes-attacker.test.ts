// Red team H2 from the attacker's side: a sandboxed command (real bwrap, the real binary) leaves a setuid or
// setgid program, or a world-writable file or folder, in the workspace, in place and staged, and hopes it
// stays so: outside the sandbox (no nosuid there) it would run as its owner (root, when codeward runs as
// root) for any local user. After the run no such bit is left, and the result names each file.
import { spawnSync } from 'node:child_process';
import { chmodSync, existsSync, mkdirSync, statSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { removeDir, runCli, tempDir, type CliResult } from '../helpers/fixture.js';
import { shDriver } from '../helpers/sh-driver.js';

const bwrapWorks = spawnSync('bwrap', ['--ro-bind', '/', '/', '--unshare-net', 'true']).status === 0;
const overlayWorks = spawnSync('sh', ['-c', 'd=$(mktemp -d) && mkdir $d/l $d/u $d/w $d/m && unshare -Urm mount -t overlay x -o lowerdir=$d/l,upperdir=$d/u,workdir=$d/w,userxattr $d/m; s=$?; rm -rf $d; exit $s']).status === 0;

let root: string;
let state: string;

beforeEach(async () => {
  root = await tempDir('cw-modes-');
  state = await tempDir('cw-modes-state-');
  writeFileSync(join(root, 'tool.sh'), '#!/bin/sh\nid\n');
  chmodSync(join(root, 'tool.sh'), 0o755);
  mkdirSync(join(root, 'node_modules/.bin'), { recursive: true });
  writeFileSync(join(root, 'node_modules/.bin/x'), '#!/bin/sh\n');
  spawnSync('git', ['init', '-q', root]);
});

afterEach(async () => {
  await removeDir(root);
  await removeDir(state);
});

// The line runs from a script the repository ships (a test or build step): the gate sees `python3 evil.py`.
function exec(script: string, flags: readonly string[]): CliResult {
  writeFileSync(join(root, 'evil.sh'), `set -e\n${script}\n`);
  // Through a program the pre-run parse does not read (R34-6 reads a shell script run in place): the modes are the
  // after-run step's to clear.
  writeFileSync(join(root, 'evil.py'), shDriver('evil.sh'));
  return runCli(['-C', root, '--json', 'exec', ...flags, '--cmd', 'python3 evil.py'], { env: { CODEWARD_STATE_DIR: state } });
}
const mode = (rel: string): number => statSync(join(root, rel)).mode & 0o7777;
const warnings = (result: CliResult): string => JSON.stringify(result.json);

// Every way a run can leave the bits: chmod of an existing file, a new file made with the mode (install
// -m, mkdir -m), a file under node_modules, a setgid-only file, umask 0 (git's folder is read-only to a
// line that runs more than git: below).
const ATTACK = [
  'chmod 4755 tool.sh',
  'printf "#!/bin/sh\\n" > made && chmod 6755 made',
  'install -m 2755 tool.sh gid',
  'chmod u+s node_modules/.bin/x',
  'mkdir -m 4777 open',
  '(umask 0 && touch shared)',
].join(' && ');

describe.skipIf(!bwrapWorks)('a sandboxed command leaves no setuid, setgid or world-writable file behind', { timeout: 180_000 }, () => {
  it('in place: every bit is cleared and each file is named', () => {
    const result = exec(ATTACK, ['--stage', 'false']);
    expect(result.json, result.stdout + result.stderr).toMatchObject({ ok: true });
    for (const rel of ['tool.sh', 'made', 'gid', 'node_modules/.bin/x']) {
      expect(mode(rel) & 0o6000, rel).toBe(0);
      expect(warnings(result), rel).toContain(`left ${rel} `);
    }
    expect(mode('tool.sh')).toBe(0o755);
    expect(mode('open') & 0o4002).toBe(0);
    expect(mode('shared') & 0o002).toBe(0);
    expect(warnings(result)).toMatch(/left open setuid, world-writable/);
    expect(warnings(result)).toMatch(/left shared world-writable/);
  });

  // Issue 26: a folder's setgid bit survived (files the person makes in it later take its group), the
  // workspace folder itself was not looked at, and a subfolder made inside a setgid one inherits the bit.
  it('in place: a setgid folder, the workspace folder itself and an inherited bit are cleared', () => {
    mkdirSync(join(root, 'src'));
    const group = spawnSync('id', ['-G'], { encoding: 'utf8' }).stdout.trim().split(/\s+/).at(-1) ?? '0';
    const result = exec(`chmod g+s src && mkdir -m 2755 made-dir && chmod 2755 . && mkdir src/inner && chgrp ${group} src`, ['--stage', 'false']);
    expect(result.json, result.stdout + result.stderr).toMatchObject({ ok: true });
    for (const rel of ['src', 'made-dir', 'src/inner']) {
      expect(mode(rel) & 0o2000, rel).toBe(0);
      expect(warnings(result), rel).toContain(`left ${rel} setgid`);
    }
    expect(mode('.') & 0o2000).toBe(0);
    expect(warnings(result)).toContain('left . setgid');
    expect(warnings(result)).toContain('give files made in it its group');
  });

  it.skipIf(!overlayWorks)('staged: a setgid folder made or changed by the run is applied without the bit', () => {
    mkdirSync(join(root, 'src'));
    const result = exec('mkdir -m 2755 made-dir && chmod g+s src', ['--stage']);
    expect(result.json, result.stdout + result.stderr).toMatchObject({ ok: true });
    expect(mode('made-dir') & 0o2000).toBe(0);
    expect(mode('src') & 0o2000).toBe(0);
  });

  it('a setuid file the person made before the run is theirs: left as it is', () => {
    chmodSync(join(root, 'tool.sh'), 0o4755);
    // Its change time before the run's window (which has a 2 s margin for the file system's coarse clock).
    spawnSync('sleep', ['3']);
    const result = exec('true', ['--stage', 'false']);
    expect(result.json).toMatchObject({ ok: true });
    expect(mode('tool.sh')).toBe(0o4755);
  });

  // A staged run writes the real workspace only where a bind makes it writable (git's folder, for a line that
  // runs git alone): that is walked after it, the rest is judged by the stage plan. A script gets git's
  // folder read-only (R12-21), so it cannot leave a setuid file there at all.
  it.skipIf(!overlayWorks)('staged: a script cannot write git\'s folder; a setuid file the person made just before it is left', () => {
    chmodSync(join(root, 'tool.sh'), 0o4755);
    const result = exec('cp tool.sh .git/objects/run && chmod 4755 .git/objects/run', ['--stage']);
    expect(result.json, result.stdout + result.stderr).toMatchObject({ ok: false });
    expect(result.stdout + result.stderr).toMatch(/Read-only file system/);
    expect(existsSync(join(root, '.git/objects/run'))).toBe(false);
    // Inside the run's 2 s window, but not written by it: a staged run cannot have changed it in place.
    expect(mode('tool.sh')).toBe(0o4755);
  });

  it.skipIf(!overlayWorks)('staged: a setuid or setgid file is set aside, a world-writable one applied without the bit', () => {
    const result = exec('chmod 4755 tool.sh && printf x > made && chmod 2755 made && (umask 0 && echo s > shared)', ['--stage']);
    expect(result.json, result.stdout + result.stderr).toMatchObject({ ok: true });
    const changes = (result.json as { data: { changes: { setAside?: { path: string; reason: string }[] } } }).data.changes;
    expect(changes.setAside?.map((aside) => aside.path).sort()).toEqual(['made', 'tool.sh']);
    expect(changes.setAside?.every((aside) => /set(u|g)id/.test(aside.reason))).toBe(true);
    expect(mode('tool.sh')).toBe(0o755);
    expect(existsSync(join(root, 'made'))).toBe(false);
    expect(mode('shared') & 0o002).toBe(0);
    expect(warnings(result)).toMatch(/left shared world-writable/);
  });
});
