// fix79's LEFTs (cfg92): read and search judge what EVERY repository config of the workspace loads
// (src/git/workspace-configs.ts: a walk of every folder through the jail, kept by the folders' stamps;
// workspace-loads.ts: their includes). Same-run before/after of that cost on `search`: two builds (`--before <dist>`
// of the base commit, `--after <dist>`, default ./dist), calls alternating old/new on one workspace of ~5,000 folders
// (3 levels, a small file each; 3 nested clones with includes). Rows: a cold CLI search (a process each, its CPU time),
// first with a fresh state folder (the walk), then with the kept one (one stat per folder); a warm engine's search;
// a cold read of a plain file (its content is judged first: no walk).
// Usage: node bench/workspace-loads-ab.mjs --before /tmp/base/dist [--after dist] [--rounds N] [--folders N]
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import { FIXTURES, cliOption, median } from './lib.mjs';

const option = cliOption;
const before = option('--before');
const after = option('--after', 'dist');
const ROUNDS = Number(option('--rounds', '9'));
const FOLDERS = Number(option('--folders', '5000'));
if (!before) {
  console.error('usage: node bench/workspace-loads-ab.mjs --before <dist of the base commit> [--after dist] [--rounds N] [--folders N]');
  process.exit(2);
}

const WS = join(FIXTURES, `workspace-loads-${FOLDERS}`);

function generate() {
  if (existsSync(join(WS, '.done'))) return;
  rmSync(WS, { recursive: true, force: true });
  mkdirSync(WS, { recursive: true });
  spawnSync('git', ['init', '-q', WS]);
  // 10 x 10 x (FOLDERS / 100) folders, one small file each.
  for (let i = 0; i < FOLDERS; i += 1) {
    const dir = join(WS, 'src', `p${i % 10}`, `q${Math.floor(i / 10) % 10}`, `r${Math.floor(i / 100)}`);
    mkdirSync(dir, { recursive: true });
    writeFileSync(join(dir, 'index.js'), `export const v${i} = ${i}; // billing cache\n`);
  }
  for (const name of ['a', 'b', 'c']) {
    const at = join(WS, 'vendor', name);
    spawnSync('git', ['init', '-q', at]);
    writeFileSync(join(at, 'extra.inc'), '[user]\n\tname = x\n');
    writeFileSync(join(at, '.git', 'config'), '[core]\n\tbare = false\n[include]\n\tpath = ../extra.inc\n');
  }
  writeFileSync(join(WS, 'src', 'remote.txt'), 'https://alice@example.com/x.git\n');
  writeFileSync(join(WS, '.done'), '');
}

// The CPU time (user + system, ms) of one cold CLI call and what it started (bash's `times`: children's times).
function cpuOf(dist, state, args) {
  const quoted = [process.execPath, join(resolve(dist), 'bin', 'codeward.js'), ...args].map((word) => `'${word.replace(/'/g, "'\\''")}'`).join(' ');
  const run = spawnSync('bash', ['-c', `${quoted} >/dev/null || exit 1; times`], { cwd: WS, env: { ...process.env, CODEWARD_STATE_DIR: state, CODEWARD_NO_SERVE: '1' }, encoding: 'utf8' });
  if (run.status !== 0) throw new Error(run.stderr);
  const children = run.stdout.trim().split('\n').at(-1).split(/\s+/).map((time) => {
    const [, minutes, seconds] = /^(\d+)m([\d.]+)s$/.exec(time);
    return Number(minutes) * 60_000 + Number(seconds) * 1000;
  });
  return children[0] + children[1];
}

async function engineFrom(dist, name) {
  const lib = await import(pathToFileURL(join(resolve(dist), 'index.js')).href);
  const state = join(FIXTURES, `workspace-loads-state-${name}`);
  rmSync(state, { recursive: true, force: true });
  mkdirSync(state, { recursive: true });
  return lib.createEngine({ workspace: WS, env: { ...process.env, CODEWARD_STATE_DIR: state } });
}

generate();
const builds = { before, after };
// `search cred`: a match in a file whose content looks like a credential (a URL with a user): that one is judged
// against what the repositories load (the walk).
const ROWS = { search: ['search', 'v12 ='], 'search cred': ['search', 'alice@'], read: ['read', 'src/p0/q0/r0/index.js'] };
const rows = Object.fromEntries([...Object.keys(ROWS).flatMap((cmd) => [`${cmd} fresh`, `${cmd} kept`]), 'search warm'].map((row) => [row, { before: [], after: [] }]));
for (let round = 0; round < ROUNDS; round += 1) {
  for (const [name, dist] of Object.entries(builds)) {
    for (const [cmd, args] of Object.entries(ROWS)) {
      const state = join(FIXTURES, `workspace-loads-cli-${name}`);
      rmSync(state, { recursive: true, force: true });
      rows[`${cmd} fresh`][name].push(cpuOf(dist, state, args));
      rows[`${cmd} kept`][name].push(cpuOf(dist, state, args));
    }
  }
}
for (const [name, dist] of Object.entries(builds)) {
  const engine = await engineFrom(dist, name);
  for (let round = 0; round < ROUNDS * 5; round += 1) {
    const start = process.cpuUsage();
    const result = await engine.run({ cmd: 'search', args: { term: 'v12 =' } });
    if (!result.ok) throw new Error(JSON.stringify(result.error));
    const used = process.cpuUsage(start);
    rows['search warm'][name].push((used.user + used.system) / 1000);
  }
  await engine.close?.();
}
console.log(`over ${FOLDERS} folders, ${ROUNDS} rounds (CPU ms, median)`);
for (const [row, by] of Object.entries(rows)) {
  const b = median(by.before);
  const a = median(by.after);
  console.log(`${row.padEnd(13)} before ${b.toFixed(1).padStart(7)}  after ${a.toFixed(1).padStart(7)}  ratio ${(a / b).toFixed(2)}x`);
}
