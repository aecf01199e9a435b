// Issue 31's cold rows, wall AND CPU time in one interleaved run, for one or two builds:
//   node bench/startup-rows.mjs [--before <dist inside this checkout>] [--after dist] [--rounds N] [--only tree,...] [--tree-floor] [--warm] [--data DIR]
// read 1 KiB, `exec true` and `exec python3 w.py` (each sandboxed and `--sandbox off`, jailed) against `node -e 0`; `tree` of the listing benchmark's 20,000-file
// tree against `rg --files`; `search` with the default caps against the full `rg --json` scan (bench/startup.mjs's
// rows). Each sample is the wall clock around the call and the CPU of the call and every process it waited
// for (bwrap, unshare and rg included), so a loaded machine shows in wall time and much less in CPU. Every call is checked once (an ok envelope) before timing.
// --tree-floor adds, beside the tree row: the same tree with --max-depth 1 (the engine's fixed cost: start,
// workspace, policy, one folder), and bench/floor/tree-rg.mjs in its two modes (a Node `tree` whose listing
// comes from `rg --files`: files only, and exact with a readdir of every listed folder).
// --data DIR: the read's and exec's folder (made when missing; default bench/.fixtures/startup). The default lies in
// this checkout's git repository, whose shared .git other worktrees commit to: the sandbox view's walk of its git
// folders then misses about every other call (~400 ms of CPU a miss), in both builds alike. A folder outside any busy
// repository measures the exec row's own cost.
// --warm adds the warm read: each build's `codeward serve` on the read's folder (its own state folder), the same read
// handed to it (checked once: answered warm); its CPU is the call's plus the server's threads' meanwhile.
import { spawnSync } from 'node:child_process';
import { chmodSync, existsSync, readFileSync, writeFileSync } from 'node:fs';
import { loadavg } from 'node:os';
import { join, resolve } from 'node:path';
import { rgPath } from '@vscode/ripgrep';
import { CLEAN_ENV, DIST, FIXTURES, NODE, ROOT, ensureDir, median, serverCpu, startServe } from './lib.mjs';
import { cpuSampler } from './cpu-sample.mjs';
import { smallFile } from './cold-start.mjs';
import { writePy } from './startup.mjs';
import { RG_ARGS } from './search.mjs';

const argv = process.argv.slice(2);
const value = (flag, fallback) => (argv.includes(flag) ? argv[argv.indexOf(flag) + 1] : fallback);
const builds = Object.fromEntries(Object.entries({ before: value('--before'), after: value('--after', DIST) }).filter(([, dist]) => dist).map(([side, dist]) => [side, resolve(dist)]));
const rounds = Number(value('--rounds', 15));
const treeFloor = argv.includes('--tree-floor');
const warm = argv.includes('--warm');
// --only tree,search: only these rows (and every baseline).
const only = value('--only')?.split(',');
const DATA = resolve(value('--data', join(FIXTURES, 'startup')));
const TREE = join(FIXTURES, 'tree');
const LISTING_RG = ['--files', '--no-require-git', '--no-ignore-parent', '--no-ignore-global', '--no-ignore-exclude', '--no-messages'];
const env = { ...CLEAN_ENV, CODEWARD_NO_SERVE: '1' };
// Each build keeps its answers in a state folder of its own: kept answers are build-keyed, so a shared folder would
// make every interleaved call miss (each build overwriting the other's) and the rows compare miss paths (perf31j).
const stateEnv = (side) => {
  const dir = ensureDir(join(FIXTURES, `state-${side}`));
  chmodSync(dir, 0o700);
  return { ...env, CODEWARD_STATE_DIR: dir };
};

// One sample: { wall, cpu } in ms of `command args` run in `cwd`, output discarded (bench/cpu-sample.mjs).
const sampler = cpuSampler();
async function sample(command, args, cwd, callEnv = env, server = undefined) {
  const serverBefore = server ? serverCpu(server.pid) : 0;
  const reply = await sampler.sample(command, args, cwd, callEnv);
  if (reply.status !== 0) throw new Error(`bench/startup-rows.mjs: ${command} ${args.join(' ')} exited ${reply.status}`);
  return server ? { ...reply, cpu: reply.cpu + serverCpu(server.pid) - serverBefore } : reply;
}

function check(name, command, args, cwd, callEnv = env) {
  const result = spawnSync(command, args, { cwd, env: callEnv, encoding: 'utf8', maxBuffer: 1 << 30, stdio: ['ignore', 'pipe', 'pipe'] });
  if (result.status !== 0) throw new Error(`bench/startup-rows.mjs: ${name} exited ${result.status}: ${result.stderr.slice(0, 300)}`);
  if (command === NODE && args[0] !== '-e' && JSON.parse(result.stdout).ok !== true) throw new Error(`bench/startup-rows.mjs: ${name} not ok: ${result.stdout.slice(0, 300)}`);
}

ensureDir(DATA);
if (!existsSync(join(DATA, 'small.txt')) || readFileSync(join(DATA, 'small.txt'), 'utf8') !== smallFile()) writeFileSync(join(DATA, 'small.txt'), smallFile());
writePy(DATA);
if (!existsSync(join(FIXTURES, 'tree.json')) || !existsSync(TREE)) await (await import('./listing.mjs')).run();

const cases = [
  ['node -e 0', NODE, ['-e', '0'], DATA],
  ['rg --files', rgPath, LISTING_RG, TREE],
  ['rg --json', rgPath, RG_ARGS, TREE],
];
const ALL_ROWS = [
  ['read', 'node -e 0', 1.8, (cli) => [cli, '-C', DATA, '--json', 'read', '--file', 'small.txt'], DATA],
  ['exec', 'node -e 0', 2.8, (cli) => [cli, '-C', DATA, '--json', '--sandbox', 'workspace-write', 'exec', '--cmd', 'true', '--yes'], DATA],
  // `--sandbox off` (the jailed in-place run) beside the sandboxed rows; python3 w.py starts a real program that writes.
  ['exec off', 'node -e 0', 2.8, (cli) => [cli, '-C', DATA, '--json', '--sandbox', 'off', 'exec', '--cmd', 'true', '--yes'], DATA],
  ['exec py', 'node -e 0', 2.8, (cli) => [cli, '-C', DATA, '--json', '--sandbox', 'workspace-write', 'exec', '--cmd', 'python3 w.py', '--yes'], DATA],
  ['exec py off', 'node -e 0', 2.8, (cli) => [cli, '-C', DATA, '--json', '--sandbox', 'off', 'exec', '--cmd', 'python3 w.py', '--yes'], DATA],
  ['tree', 'rg --files', 2.2, (cli) => [cli, '-C', TREE, '--json', 'tree', '--max-entries', '1000000'], TREE],
  ['search', 'rg --json', 1.1, (cli) => [cli, '-C', TREE, '--json', 'search', '--term', 'billing'], TREE],
];
if (treeFloor) {
  const floor = join(ROOT, 'bench', 'floor', 'tree-rg.mjs');
  cases.push(['floor files', NODE, [floor, rgPath, TREE, 'files'], TREE], ['floor exact', NODE, [floor, rgPath, TREE, 'exact'], TREE]);
  for (const [side, dist] of Object.entries(builds)) cases.push([`tree depth 1 ${side}`, NODE, [join(dist, 'bin', 'codeward.js'), '-C', TREE, '--json', 'tree', '--max-depth', '1'], TREE, stateEnv(side)]);
}
// The warm engines (one per build, on DATA, in the build's state folder), stopped at the end.
const servers = {};
if (warm) {
  for (const [side, dist] of Object.entries(builds)) {
    const cli = join(dist, 'bin', 'codeward.js');
    const warmEnv = { ...stateEnv(side), CODEWARD_NO_SERVE: '' };
    servers[side] = await startServe(cli, DATA, warmEnv);
    const args = [cli, '-C', DATA, '--json', 'read', '--file', 'small.txt'];
    const answered = spawnSync(NODE, [cli, '--debug-timing', ...args.slice(1)], { cwd: DATA, env: warmEnv, encoding: 'utf8' });
    if (!/^timing: warm engine call/m.test(answered.stderr)) throw new Error(`bench/startup-rows.mjs: the ${side} read was not answered warm: ${answered.stderr.slice(0, 300)}`);
    cases.push([`warm read ${side}`, NODE, args, DATA, warmEnv, servers[side]]);
  }
}
const ROWS = ALL_ROWS.filter(([name]) => only === undefined || only.includes(name));
for (const [name, , , args, cwd] of ROWS) for (const [side, dist] of Object.entries(builds)) cases.push([`${name} ${side}`, NODE, args(join(dist, 'bin', 'codeward.js')), cwd, stateEnv(side)]);
// Also each build's warm-up: its state folder holds its kept answers before the timed rounds.
for (const [name, command, args, cwd, callEnv] of cases) check(name, command, args, cwd, callEnv);

const samples = Object.fromEntries(cases.map(([name]) => [name, []]));
const load = loadavg()[0];
for (let round = 0; round < rounds + 2; round += 1) {
  // the order alternates each round; the first two rounds warm the file cache and are dropped
  for (const [name, command, args, cwd, callEnv, server] of round % 2 ? [...cases].reverse() : cases) {
    const one = await sample(command, args, cwd, callEnv, server);
    if (round >= 2) samples[name].push(one);
  }
}
const med = (name, key) => median(samples[name].map((one) => one[key]));
console.log(`load average ${load.toFixed(2)} -> ${loadavg()[0].toFixed(2)}; ${rounds} rounds; medians, wall / CPU ms`);
const extra = [...(treeFloor ? ['floor files', 'floor exact', ...Object.keys(builds).map((side) => `tree depth 1 ${side}`)] : []), ...(warm ? Object.keys(builds).map((side) => `warm read ${side}`) : [])];
const byNode = (name, key) => `${(med(name, key) / med('node -e 0', key)).toFixed(2)}×`;
for (const name of ['node -e 0', 'rg --files', 'rg --json', ...extra]) console.log(`${name.padEnd(18)} wall ${med(name, 'wall').toFixed(1).padStart(7)}  cpu ${med(name, 'cpu').toFixed(1).padStart(7)}  (÷ node -e 0: wall ${byNode(name, 'wall')}, cpu ${byNode(name, 'cpu')})`);
console.log('| row | build | wall ms | ÷ base (wall) | CPU ms | ÷ base (CPU) | target |');
console.log('| --- | --- | ---: | ---: | ---: | ---: | ---: |');
for (const [name, base, target] of ROWS) {
  for (const side of Object.keys(builds)) {
    const key = `${name} ${side}`;
    const [wall, cpu] = [med(key, 'wall'), med(key, 'cpu')];
    console.log(`| ${name} | ${side} | ${wall.toFixed(1)} | ${(wall / med(base, 'wall')).toFixed(2)}× | ${cpu.toFixed(1)} | ${(cpu / med(base, 'cpu')).toFixed(2)}× | ≤ ${target}× ${base} |`);
  }
}
sampler.close();
for (const server of Object.values(servers)) server.kill('SIGTERM');
