// Issue 26, red team H4, the sandbox's side: git configuration that runs a workspace script through an
// interpreter (`core.fsmonitor = sh tools/fsm.sh`, an alias `!bash tools/al.sh`, a clean filter `node
// tools/clean.js`) made only the first word (the interpreter) read-only in the sandbox, so a sandboxed
// command rewrote the script git then runs outside the sandbox. The sandbox's view and the file tools'
// write gate now read the configuration with one reader (permissions/obeyed-git.ts): every word counts.
import { spawnSync } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { mkdtemp, realpath } from 'node:fs/promises';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { REPO_ROOT, removeDir, runCli, tempDir, writeFiles } from '../helpers/fixture.js';
import { overlayWorks } from '../shell/stage-helpers.js';

const bwrapWorks = spawnSync('bwrap', ['--ro-bind', '/', '/', '--unshare-net', 'true']).status === 0;
const ORIGINAL = '#!/bin/sh\nexit 0\n';
const SCRIPTS = ['tools/fsm.sh', 'tools/al.sh', 'tools/clean.js'];

let root: string;
let state: string;
let home: string;
let markers: string;

beforeEach(async () => {
  root = await tempDir('codeward-gitwords-ws-');
  state = await tempDir('codeward-gitwords-state-');
  home = await tempDir('codeward-gitwords-home-');
  markers = await realpath(await mkdtemp(join(existsSync('/var/tmp') ? '/var/tmp' : REPO_ROOT, 'codeward-gitwords-out-')));
  await writeFiles(home, { '.codeward/config.json': JSON.stringify({ sandboxReadable: [markers] }) });
  const env = { ...process.env, HOME: home, GIT_CONFIG_NOSYSTEM: '1' };
  expect(spawnSync('git', ['init', '-q'], { cwd: root, env }).status).toBe(0);
  await writeFiles(root, Object.fromEntries(SCRIPTS.map((file) => [file, ORIGINAL])));
  for (const [key, value] of [['core.fsmonitor', 'sh tools/fsm.sh'], ['alias.st', '!bash tools/al.sh'], ['filter.x.clean', 'node tools/clean.js %f']]) {
    expect(spawnSync('git', ['config', key!, value!], { cwd: root, env }).status).toBe(0);
  }
});
afterEach(async () => {
  for (const path of [root, state, home, markers]) await removeDir(path);
});

describe.skipIf(!bwrapWorks)('a sandboxed command and the scripts git configuration runs through an interpreter', () => {
  // In place and staged (issue 27: the attacker suites run both ways): neither may change a configured script.
  it.each(['--no-stage', '--stage'])('cannot rewrite any of them (names computed at run time, so only the sandbox can stop it), %s', (mode) => {
    const script = join(markers, 'plant.sh');
    // Each name is built at run time: the command line names no protected path for the gate to see.
    spawnSync('sh', ['-c', `cat > "${script}"`], {
      input: SCRIPTS.map((file) => `f="${file.slice(0, 3)}"; f="$f${file.slice(3)}"; printf 'touch /tmp/pwned\\n' > "$f" 2>/dev/null || echo "refused $f"`).join('\n') + '\n',
    });
    const run = runCli(['--json', '-C', root, 'exec', mode, '--cmd', `bash ${script}`], { env: { CODEWARD_STATE_DIR: state, GIT_CONFIG_NOSYSTEM: '1', HOME: home } });
    expect(run.json.ok, JSON.stringify(run.json)).toBe(true);
    if (mode === '--stage' && overlayWorks) expect(run.json.data).toHaveProperty('changes');
    for (const file of SCRIPTS) expect(readFileSync(join(root, file), 'utf8'), file).toBe(ORIGINAL);
  });

  it('cannot redirect a configured script through a new symlinked folder (red team H-A: ln -s t9 lib)', () => {
    // `lib` does not exist before the run: the command makes its own folder and links `lib` to it, so
    // `git run` outside the sandbox would run t9/run.sh.
    expect(spawnSync('git', ['config', 'alias.run', '!sh lib/run.sh'], { cwd: root, env: { ...process.env, HOME: home, GIT_CONFIG_NOSYSTEM: '1' } }).status).toBe(0);
    const run = runCli(['--json', '-C', root, 'exec', '--no-stage', '--cmd', 'mkdir -p t9 && printf "touch /tmp/pwned\\n" > t9/run.sh && ln -s t9 lib'], { env: { CODEWARD_STATE_DIR: state, GIT_CONFIG_NOSYSTEM: '1', HOME: home } });
    expect(run.json.ok, JSON.stringify(run.json)).toBe(true);
    expect(existsSync(join(root, 'lib', 'run.sh'))).toBe(false);
    expect((run.json.warnings ?? []).join('\n')).toMatch(/lib \(a symlink above lib\/run\.sh/);
  });

  it('staged (the default): a hook under core.hooksPath and a symlinked folder above a configured script are set aside, not applied', () => {
    const env = { ...process.env, HOME: home, GIT_CONFIG_NOSYSTEM: '1' };
    expect(spawnSync('git', ['config', 'core.hooksPath', 'hooks'], { cwd: root, env }).status).toBe(0);
    expect(spawnSync('git', ['config', 'alias.run', '!sh lib/run.sh'], { cwd: root, env }).status).toBe(0);
    const script = join(markers, 'stage-plant.sh');
    // Names computed at run time: only what judges the run's changes can stop them.
    spawnSync('sh', ['-c', `cat > "${script}"`], { input: 'd=hoo; d="${d}ks"; mkdir -p $d t9 && printf "#!/bin/sh\\ntouch /tmp/pwned\\n" > $d/pre-commit && chmod +x $d/pre-commit && echo "touch /tmp/pwned" > t9/run.sh && ln -s t9 lib\n' });
    const run = runCli(['--json', '-C', root, 'exec', '--stage', '--cmd', `sh ${script}`], { env: { CODEWARD_STATE_DIR: state, GIT_CONFIG_NOSYSTEM: '1', HOME: home } });
    expect(run.json.ok, JSON.stringify(run.json)).toBe(true);
    const changes = (run.json.data as { changes?: { setAside?: { path: string }[] } }).changes;
    if (changes === undefined) return; // no overlay on this machine: the in-place test above covers the run
    expect(existsSync(join(root, 'hooks', 'pre-commit'))).toBe(false);
    expect(existsSync(join(root, 'lib'))).toBe(false);
    expect(changes.setAside?.map((entry) => entry.path)).toEqual(expect.arrayContaining(['hooks/pre-commit', 'lib']));
  });
});
