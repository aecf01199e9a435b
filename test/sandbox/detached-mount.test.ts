import { spawn, spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readdirSync, rmdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { CLI, removeDir, tempDir } from '../helpers/fixture.js';
import { WRITE_MODES } from '../helpers/write-modes.js';
import { shDriver } from '../helpers/sh-driver.js';

// Through a program the pre-run parse does not read (R34-6 reads a shell script run in place): the detached mount and
// the after-run step are what is tested.
const DRIVER = shDriver('plant.sh');

// A codeward with ANOTHER state folder removes the empty `.git` it made in a plain folder while this
// codeward's sandbox still runs there (their leases do not see each other; its check that no other mount
// namespace mounts the path races with this sandbox's start). Linux then detaches this sandbox's
// read-only mount too, and a process in it can create `.git` (HEAD, objects, hooks/pre-commit) for the
// user's next git to obey. The removal is done here by hand at the moment the attacker wants it.

const bwrapWorks = spawnSync('bwrap', ['--ro-bind', '/', '/', '--unshare-net', 'true']).status === 0;

let home: string;
let ws: string;
// Where the test says "go": a folder on PATH (the sandbox shows it, read-only; staged, a file the test
// wrote into the workspace's lower layer may stay hidden behind the overlay's cache).
let signals: string;

beforeEach(async () => {
  home = await tempDir('codeward-detach-home-');
  ws = await tempDir('codeward-detach-ws-');
  signals = await tempDir('codeward-detach-go-');
  mkdirSync(join(home, 'state'));
});

afterEach(async () => {
  await removeDir(home);
  await removeDir(ws);
  await removeDir(signals);
});

// The `ready` the script wrote: in the workspace (in place) or in the run's upper folder (staged).
const ready = (): boolean => existsSync(join(ws, 'ready')) || (readdirSync(join(home, 'state'), { recursive: true, encoding: 'utf8' }) as string[]).some((name) => name.endsWith('upper/ready'));
const waitGo = (): string => `i=0; while [ ! -e "${signals}/go" ] && [ $i -lt 300 ]; do sleep 0.05; i=$((i+1)); done`;

const pause = (ms: number): Promise<void> => new Promise((resolve) => setTimeout(resolve, ms));

// Inside the sandbox (a script file: the gate does not read it): says it runs, waits (bounded) for the
// go, then plants a repository with a hook.
const PLANT = (): string => [
  'touch ready',
  waitGo(),
  'mkdir -p .git/hooks .git/objects .git/refs/heads 2>/dev/null',
  'echo "ref: refs/heads/main" > .git/HEAD 2>/dev/null',
  "printf '#!/bin/sh\\ntouch PWNED\\n' > .git/hooks/pre-commit 2>/dev/null && chmod +x .git/hooks/pre-commit && echo PLANTED",
  'true',
].join('\n');

describe.skipIf(!bwrapWorks).each(WRITE_MODES)(`a placeholder removed by another codeward while this sandbox ($mode) runs${bwrapWorks ? '' : ' — skipped: bwrap (bubblewrap) is not installed or cannot run here'}`, ({ env: modeEnv }) => {
  const env = (): NodeJS.ProcessEnv => ({ ...process.env, HOME: home, CODEWARD_STATE_DIR: join(home, 'state'), PATH: `${signals}:${process.env['PATH'] ?? ''}`, ...modeEnv });

  it('leaves no repository or hook that the user\'s git would obey once the run ended', async () => {
    writeFileSync(join(ws, 'plant.sh'), PLANT());
    writeFileSync(join(ws, 'plant.py'), DRIVER);
    const child = spawn(process.execPath, [CLI, '--yes', '-C', ws, 'exec', '--cmd', 'python3 plant.py'], { env: env(), stdio: ['ignore', 'pipe', 'pipe'] });
    let out = '';
    child.stdout.on('data', (chunk: Buffer) => (out += chunk.toString()));
    child.stderr.on('data', (chunk: Buffer) => (out += chunk.toString()));
    const done = new Promise<void>((resolve) => child.once('exit', () => resolve()));
    for (let i = 0; i < 400 && !ready(); i++) await pause(25);
    expect(ready()).toBe(true);
    // What the other codeward's clean-up does: rmdir of its empty mount point.
    rmdirSync(join(ws, '.git'));
    writeFileSync(join(signals, 'go'), '');
    await done;
    // Nothing of it is left where git looks.
    expect(existsSync(join(ws, '.git', 'hooks', 'pre-commit')), out).toBe(false);
    expect(existsSync(join(ws, '.git', 'HEAD')), out).toBe(false);
    if (!modeEnv['CODEWARD_NO_OVERLAY']) return;
    // In place the attack itself worked inside (the mount was detached) and was moved aside after the run
    // (staged, the placeholder is the overlay's: the plant fails inside, or is set aside unapplied).
    expect(out).toContain('PLANTED');
    expect(out).toMatch(/created or replaced .*\.git/);
    expect(readdirSync(ws).some((name) => name.startsWith('.git.planted-by-sandbox-'))).toBe(true);
  }, 30_000);

  it('in a repository without .git/hooks: a hooks folder created through the detached mount is moved aside', async () => {
    spawnSync('git', ['init', '-q', ws]);
    await removeDir(join(ws, '.git', 'hooks'));
    writeFileSync(join(ws, 'plant.py'), DRIVER);
    writeFileSync(join(ws, 'plant.sh'), ['touch ready', waitGo(), "mkdir .git/hooks && printf '#!/bin/sh\\ntouch PWNED\\n' > .git/hooks/pre-commit && chmod +x .git/hooks/pre-commit && echo PLANTED", 'true'].join('\n'));
    const child = spawn(process.execPath, [CLI, '--yes', '-C', ws, 'exec', '--cmd', 'python3 plant.py'], { env: env(), stdio: ['ignore', 'pipe', 'pipe'] });
    let out = '';
    child.stdout.on('data', (chunk: Buffer) => (out += chunk.toString()));
    child.stderr.on('data', (chunk: Buffer) => (out += chunk.toString()));
    const done = new Promise<void>((resolve) => child.once('exit', () => resolve()));
    for (let i = 0; i < 400 && !ready(); i++) await pause(25);
    rmdirSync(join(ws, '.git', 'hooks'));
    writeFileSync(join(signals, 'go'), '');
    await done;
    expect(existsSync(join(ws, '.git', 'hooks', 'pre-commit')), out).toBe(false);
    // A script gets git's whole folder read-only (R12-21): the detached hooks mount leaves no way in. Were it
    // planted all the same, it is moved aside after the run.
    if (out.includes('PLANTED')) expect(readdirSync(join(ws, '.git')).some((name) => name.startsWith('hooks.planted-by-sandbox-'))).toBe(true);
    else expect(out).toContain("git's folder is read-only for this command");
  }, 30_000);
});
