// One table of "a wrapper runs its command in another folder" spellings (wrapper-folders.ts), each read through BOTH
// paths that need it: where a runner's script is read (decide-script-dirs.ts: `W sub npm run g` runs sub's `g` =
// `git push`, denied under `deny @coder exec git push*`) and where a line's relative paths land (immune-place.ts:
// `W .git sh -c "echo x >> config"` writes .git/config, asked under `allow @coder exec *`). Before, a regex read
// the first and a word split the second: `env --chd=D` (a getopt_long prefix), `env -iC D` (a short cluster), `sudo
// --ch=D`, `unshare -wD`, `nsenter -t 1 --w=D` went one way through one path and the other way through the other.
import { mkdir, writeFile } from 'node:fs/promises';
import { execFileSync } from 'node:child_process';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { DENY_PUSH, execDecider } from './helpers.js';

const decide = execDecider(async (box) => {
  execFileSync('git', ['init', '-q'], { cwd: box.root });
  await writeFile(join(box.root, 'package.json'), JSON.stringify({ name: 'r', version: '1.0.0', scripts: { t: 'echo ok' } }));
  await mkdir(join(box.root, 'sub'), { recursive: true });
  await writeFile(join(box.root, 'sub/package.json'), JSON.stringify({ name: 's', version: '1.0.0', scripts: { g: 'git push origin main', t: 'echo ok' } }));
});

// `D` is the folder. `asks`: the wrapper asks on its own (sudo/run0 run as another user), so no free row.
const ROWS: readonly { readonly spelling: string; readonly asks?: true }[] = [
  { spelling: 'env -C D' }, { spelling: 'env -CD' }, { spelling: 'env --chdir=D' }, { spelling: 'env --chdir D' },
  { spelling: 'env --chd=D' }, { spelling: 'env -iC D' }, { spelling: 'env -i -u X -C D' },
  { spelling: 'env -C "D"' }, { spelling: 'sudo -D D', asks: true }, { spelling: 'sudo --chdir=D', asks: true }, { spelling: 'sudo --chd=D', asks: true },
  { spelling: 'sudo -nD D', asks: true }, { spelling: 'sudo -u root -D D', asks: true }, { spelling: 'unshare -w D' }, { spelling: 'unshare -wD' },
  { spelling: 'unshare --wd=D' }, { spelling: 'unshare --wd D' }, { spelling: 'unshare -r --w=D' },
  { spelling: 'nsenter --wd=D' }, { spelling: 'nsenter -wD' }, { spelling: 'nsenter -t 1 --w=D' },
  { spelling: 'run0 -D D', asks: true }, { spelling: 'run0 --chdir=D', asks: true }, { spelling: 'nice -n 5 env -C D' },
  { spelling: 'timeout 5 sudo -D D', asks: true }, { spelling: 'command env --chdir=D' }, { spelling: 'env -C D/.. env -C D' },
];

describe('a wrapper folder spelling goes the same way through the runner reading and the path placement', () => {
  it.each(ROWS)('$spelling: runs sub\'s script', async ({ spelling }) => {
    const line = `${spelling.replaceAll('D', 'sub')} npm run g`;
    expect((await decide(line, DENY_PUSH)).decision, line).not.toBe('allow');
  }, 60_000);
  it.each(ROWS)('$spelling: writes the git config', async ({ spelling }) => {
    const line = `${spelling.replaceAll('D', '.git')} sh -c "echo x >> config"`;
    expect((await decide(line, ['allow @coder exec *'])).decision, line).not.toBe('allow');
  }, 60_000);
  it.each(ROWS.filter((row) => row.asks !== true))('$spelling: an ordinary script in sub stays free', async ({ spelling }) => {
    const line = `${spelling.replaceAll('D', 'sub')} npm run t`;
    expect((await decide(line, DENY_PUSH)).decision, line).toBe('allow');
  }, 60_000);
});

// Only known at run time: nsenter's folder is optional and attached (`-w` alone: the target's folder, and the next
// word is the command), find's -execdir/-okdir run in each match's folder, a folder from a variable.
describe('a folder only known at run time is not read as a literal one', () => {
  it.each(['nsenter -t 1 -w', 'nsenter -t 1 --wd', 'find sub -name package.json -execdir', 'find sub -okdir', 'env -C "$D"', 'sudo --ch "$D"'])('%s npm run g is not allowed', async (prefix) => {
    expect((await decide(`${prefix} npm run g`, DENY_PUSH)).decision).not.toBe('allow');
  }, 60_000);
});
