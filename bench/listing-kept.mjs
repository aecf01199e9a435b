// Issues 31 and 30: `tree` and repo-map on the listing benchmark's 20,000-file tree with the kept listing
// (src/workspace/kept-listing.ts), wall AND CPU in one interleaved run:
//   node bench/listing-kept.mjs [--rounds N] [--cli dist/bin/codeward.js] [--cli-b OTHER]  (or `node bench/run.mjs listing-kept`)
// With --cli-b, every codeward row runs for both builds in the same interleaved rounds (A/B in one run: rows "[B]").
// tree rows against `rg --files` (the listing flags): cold (a fresh state folder each call: the first call, which
// walks and keeps), kept (nothing changed), one file made or removed (one folder listed again), and kept through
// `codeward serve` (docs/serve.md). repo-map --budget 1024 after one changed file (issue 30's 0.5 s wall bar): cold
// process and through serve. A CLI call's CPU is the call and every process it waited for (cpu-sample.mjs); a call
// handed to the server adds the server's CPU meanwhile (the sum of its threads' run time, /proc/PID/task/*/schedstat).
// The load average is printed: the machine is shared, read the CPU columns.
import { spawnSync } from 'node:child_process';
import { chmodSync, existsSync, mkdtempSync, readFileSync, rmSync, unlinkSync, writeFileSync } from 'node:fs';
import { loadavg } from 'node:os';
import { join, resolve } from 'node:path';
import { rgPath } from '@vscode/ripgrep';
import { CLEAN_ENV, CLI, FIXTURES, NODE, ensureDir, median, row, serverCpu, startServe } from './lib.mjs';
import { cpuSampler } from './cpu-sample.mjs';

const TREE = join(FIXTURES, 'tree');
const LISTING_RG = ['--files', '--no-require-git', '--no-ignore-parent', '--no-ignore-global', '--no-ignore-exclude', '--no-messages'];
const TREE_ARGS = ['--json', 'tree', '--max-entries', '1000000'];
const MAP_ARGS = ['--json', 'repo-map', '--budget', '1024'];

function stateDir(name) {
  const dir = ensureDir(join(FIXTURES, `kept-${name}`));
  chmodSync(dir, 0o700);
  return dir;
}

function ok(name, command, args, env) {
  const result = spawnSync(command, args, { cwd: TREE, env, encoding: 'utf8', maxBuffer: 1 << 30 });
  if (result.status !== 0) throw new Error(`${name}: exited ${result.status}: ${result.stderr.slice(0, 300)}`);
  if (command === NODE && args[0] !== '-e') {
    const envelope = JSON.parse(result.stdout);
    if (envelope.ok !== true) throw new Error(`${name}: not ok: ${result.stdout.slice(0, 300)}`);
    return envelope.data;
  }
  return result.stdout;
}

export async function run({ rounds = Number(process.env.BENCH_LISTING_KEPT_RUNS ?? 15), cli = CLI, cliB } = {}) {
  if (cliB !== undefined) {
    // A/B: the same rows for both builds, each with its own state folders and server, in one interleaved run.
    return runBoth(rounds, cli, cliB);
  }
  return runOne(rounds, [[cli, '']]);
}

function runBoth(rounds, cli, cliB) {
  return runOne(rounds, [[cli, ''], [cliB, ' [B]']]);
}

async function runOne(rounds, builds) {
  if (!existsSync(join(FIXTURES, 'tree.json')) || !existsSync(TREE)) await (await import('./listing.mjs')).run();
  const cold = { ...CLEAN_ENV, CODEWARD_NO_SERVE: '1' };
  const fresh = ensureDir(join(FIXTURES, 'kept-fresh'));
  // The file made and removed in turn (one folder changes), and the source file edited in turn (no folder changes).
  const toggled = join(TREE, 'packages/auth/src/bench-kept-toggle.ts');
  // The file edited: one the listing shows (tree's answer: not gitignored, no dot-folder, node_modules or vendor on
  // the way), so repo-map's map really sees the edit (a gitignored file timed nothing: map37's finding).
  const shown = ok('tree', NODE, [builds[0][0], '-C', TREE, ...TREE_ARGS], cold).entries;
  const edited = shown.find((entry) => entry.type === 'file' && entry.path.startsWith('packages/auth/src/') && entry.path.endsWith('.ts') && !/(^|\/)(\.|node_modules\/|vendor\/)/i.test(entry.path) && !entry.path.includes('bench-kept'))?.path;
  if (edited === undefined) throw new Error('no listed .ts file under packages/auth/src to edit');
  const editedPath = join(TREE, edited);
  const original = readFileSync(editedPath, 'utf8');
  let edits = 0;
  const editOne = () => writeFileSync(editedPath, `${original}export function benchKept${++edits}(): number { return ${edits}; }\n`);
  const toggle = () => (existsSync(toggled) ? unlinkSync(toggled) : writeFileSync(toggled, 'export const toggled = 1;\n'));
  const sampler = cpuSampler();
  const servers = [];
  const cases = [
    { name: 'rg --files', command: rgPath, args: LISTING_RG, env: cold },
    { name: 'node -e 0', command: NODE, args: ['-e', '0'], env: cold },
  ];
  for (const [cli, tag] of builds) {
    const id = tag === '' ? '' : '-b';
    const kept = { ...cold, CODEWARD_STATE_DIR: stateDir(`tree${id}`) };
    const changed = { ...cold, CODEWARD_STATE_DIR: stateDir(`tree-changed${id}`) };
    const mapCold = { ...cold, CODEWARD_STATE_DIR: stateDir(`map${id}`) };
    const warm = { ...CLEAN_ENV, CODEWARD_STATE_DIR: stateDir(`serve${id}`), XDG_RUNTIME_DIR: '', CODEWARD_NO_SERVE: '' };
    const server = await startServe(cli, TREE, warm, 10);
    servers.push(server);
    const pid = server.pid;
    cases.push(
      { name: `tree cold${tag}`, command: NODE, args: [cli, '-C', TREE, ...TREE_ARGS], before: () => ({ ...cold, CODEWARD_STATE_DIR: mkdtempSync(join(fresh, 's-')) }) },
      { name: `tree kept${tag}`, command: NODE, args: [cli, '-C', TREE, ...TREE_ARGS], env: kept },
      { name: `tree one file changed${tag}`, command: NODE, args: [cli, '-C', TREE, ...TREE_ARGS], env: changed, before: () => (toggle(), changed) },
      { name: `tree kept (serve)${tag}`, command: NODE, args: [cli, '-C', TREE, ...TREE_ARGS], env: warm, server: pid },
      { name: `tree one file changed (serve)${tag}`, command: NODE, args: [cli, '-C', TREE, ...TREE_ARGS], env: warm, server: pid, before: () => (toggle(), warm) },
      { name: `repo-map one changed file${tag}`, command: NODE, args: [cli, '-C', TREE, ...MAP_ARGS], env: mapCold, before: () => (editOne(), mapCold) },
      { name: `repo-map one folder changed${tag}`, command: NODE, args: [cli, '-C', TREE, ...MAP_ARGS], env: mapCold, before: () => (toggle(), mapCold) },
      { name: `repo-map one changed file (serve)${tag}`, command: NODE, args: [cli, '-C', TREE, ...MAP_ARGS], env: warm, server: pid, before: () => (editOne(), warm) },
      { name: `repo-map one folder changed (serve)${tag}`, command: NODE, args: [cli, '-C', TREE, ...MAP_ARGS], env: warm, server: pid, before: () => (toggle(), warm) },
    );
  }
  try {
    // Checked once, and every state folder warmed (repo-map's first call indexes the tree: a minute or more).
    for (const each of cases) {
      const env = each.before?.() ?? each.env;
      ok(each.name, each.command, each.args, env);
      if (each.name.startsWith('tree')) ok(each.name, each.command, each.args, env);
      if (each.name.startsWith('tree kept') && JSON.stringify(ok(each.name, each.command, each.args, env)) !== JSON.stringify(ok('tree', NODE, [each.args[0], '-C', TREE, ...TREE_ARGS], cold))) throw new Error(`${each.name}: not the walk's answer`);
    }
    for (const server of servers) {
      const before = serverCpu(server.pid);
      ok('serve check', NODE, [builds[servers.indexOf(server)][0], '-C', TREE, ...TREE_ARGS], { ...cases.find((each) => each.server === server.pid).env });
      if (serverCpu(server.pid) - before < 1) throw new Error('tree (serve): the server did not answer');
    }
    const samples = Object.fromEntries(cases.map(({ name }) => [name, []]));
    const load = loadavg()[0];
    for (let round = 0; round < rounds + 1; round++) {
      for (const each of round % 2 ? [...cases].reverse() : cases) {
        const env = each.before?.() ?? each.env;
        const serverBefore = each.server ? serverCpu(each.server) : 0;
        const one = await sampler.sample(each.command, each.args, TREE, env);
        if (one.status !== 0) throw new Error(`${each.name}: exited ${one.status}`);
        if (each.server) one.cpu += serverCpu(each.server) - serverBefore;
        if (env.CODEWARD_STATE_DIR?.startsWith(fresh)) rmSync(env.CODEWARD_STATE_DIR, { recursive: true, force: true });
        if (round > 0) samples[each.name].push(one);
      }
    }
    const med = (name, key) => median(samples[name].map((one) => one[key]));
    const note = `load average ${load.toFixed(2)} -> ${loadavg()[0].toFixed(2)}; ${rounds} rounds, interleaved; CPU = user+sys of the call and its children (+ the server's threads when served)`;
    const rows = [];
    for (const [, tag] of builds) {
      for (const name of ['tree cold', 'tree kept', 'tree one file changed', 'tree kept (serve)', 'tree one file changed (serve)'].map((each) => each + tag)) {
        for (const key of ['cpu', 'wall']) {
          const [codeward, baseline] = [med(name, key), med('rg --files', key)];
          rows.push(row({ name: `listing-kept: ${name} vs rg --files (${key === 'cpu' ? 'CPU' : 'wall'})`, unit: 'ms', codeward, baseline, ratio: codeward / baseline, target: '≤ 2.2×', pass: codeward / baseline <= 2.2, note }));
        }
      }
      for (const name of ['repo-map one changed file', 'repo-map one folder changed', 'repo-map one changed file (serve)', 'repo-map one folder changed (serve)'].map((each) => each + tag)) {
        const [wall, cpu] = [med(name, 'wall'), med(name, 'cpu')];
        rows.push(row({ name: `listing-kept: ${name} (wall; CPU ${cpu.toFixed(0)} ms)`, unit: 'ms', codeward: wall, baseline: med('node -e 0', 'wall'), ratio: wall / med('node -e 0', 'wall'), target: '≤ 500 ms wall', pass: wall <= 500, note }));
      }
    }
    return rows;
  } finally {
    sampler.close();
    for (const server of servers) server.kill('SIGTERM');
    writeFileSync(editedPath, original);
    if (existsSync(toggled)) unlinkSync(toggled);
    rmSync(fresh, { recursive: true, force: true });
  }
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const argv = process.argv.slice(2);
  const value = (flag, fallback) => (argv.includes(flag) ? argv[argv.indexOf(flag) + 1] : fallback);
  const rows = await run({ rounds: Number(value('--rounds', 15)), cli: resolve(value('--cli', CLI)), ...(argv.includes('--cli-b') ? { cliB: resolve(value('--cli-b', CLI)) } : {}) });
  for (const each of rows) console.log(`${each.name.padEnd(80)} ${each.codeward.toFixed(1).padStart(8)} ms  base ${each.baseline.toFixed(1).padStart(7)}  ${each.ratio.toFixed(2)}×  ${each.target}`);
  console.log(rows[0]?.note ?? '');
}
