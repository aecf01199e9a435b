// Issue 30: repo-map --budget 1024 on the listing benchmark's 20,000-file tree, two builds A/B in ONE interleaved
// run (each with its own state folder and its own `codeward serve`):
//   node bench/repo-map-ab.mjs --a DIST_A/bin/codeward.js --b DIST_B/bin/codeward.js [--rounds N] [--phases 0,1,2] [--seed]
// --seed: one cold index of the tree (build B's) copied into every state folder, instead of one per folder (a
// cold index of 20 k files is minutes at load; both builds must share the index format).
// Rows per build, in five phases (each sees only its own kind of change; every row its own state folder):
// one changed file (a source file's content changed, a new function added: no folder changes), cold process
// and through serve; nothing changed (cold); a folder changed (a file made or removed in turn, cold: a removal
// brings back a listing a kept page answers); a file added (a new one each call), then those removed, cold (issue
// 30's added or removed file, patched into the saved graph since 2026-12-07; phase 4 shares phase 3's state folders).
// Wall and CPU (user+sys of the call and its children, + the server's threads when served), medians; the
// load average is printed. Every answer is checked against a fresh state folder's once at the end.
import { cpSync, existsSync, mkdtempSync, readFileSync, rmSync, unlinkSync, writeFileSync } from 'node:fs';
import { loadavg } from 'node:os';
import { join, resolve } from 'node:path';
import { spawnSync } from 'node:child_process';
import { CLEAN_ENV, FIXTURES, NODE, ensureDir, median, serverCpu, startServe } from './lib.mjs';
import { cpuSampler } from './cpu-sample.mjs';

const TREE = join(FIXTURES, 'tree');
const MAP = ['--json', 'repo-map', '--budget', '1024'];

function answer(cli, env) {
  const result = spawnSync(NODE, [cli, '-C', TREE, ...MAP], { cwd: TREE, env, encoding: 'utf8', maxBuffer: 1 << 30 });
  const data = JSON.parse(result.stdout);
  if (data.ok !== true) throw new Error(`repo-map: ${result.stdout.slice(0, 300)} ${result.stderr.slice(0, 300)}`);
  return data.data;
}

const argv = process.argv.slice(2);
const value = (flag, fallback) => (argv.includes(flag) ? argv[argv.indexOf(flag) + 1] : fallback);
const rounds = Number(value('--rounds', 7));
// --phases 0 (one changed file), 1 (nothing changed), 2 (a folder changed), 3 (a file added), 4 (a file removed:
// the ones phase 3 added): which to run.
const phases = value('--phases', '0,1,2,3,4').split(',').map(Number);
const builds = { A: resolve(value('--a')), B: resolve(value('--b')) };
if (!existsSync(TREE)) throw new Error('no fixture: run node bench/run.mjs listing first');
// A file the map lists (the fixture's list): not one a .gitignore hides (packages/auth/src/schema.generated.ts,
// which a first .ts under that folder found by readdir is: an edit there changes nothing the map reads).
const edited = join(TREE, JSON.parse(readFileSync(join(FIXTURES, 'tree.json'), 'utf8')).list.find((rel) => rel.startsWith('packages/auth/src/') && rel.endsWith('.ts')));
const original = readFileSync(edited, 'utf8');
const toggled = join(TREE, 'packages/billing/src/bench-ab-toggle.ts');
let edits = 0;
const editOne = () => writeFileSync(edited, `${original}export function benchAb${++edits}(): number { return ${edits}; }\n`);
const toggle = () => (existsSync(toggled) ? unlinkSync(toggled) : writeFileSync(toggled, `export const toggled${edits} = 1;\n`));
// Phase 3 adds a new file before each call (a new name each time: no kept page answers), phase 4 removes them.
const addedPath = (n) => join(TREE, `packages/billing/src/bench-ab-added-${n}.ts`);
let [added, removed] = [0, 0];
const addOne = () => writeFileSync(addedPath(++added), `export function benchAdded${added}(): number { return ${added}; }\n`);
const removeOne = () => removed < added && unlinkSync(addedPath(++removed));
const fresh = (name) => mkdtempSync(join(ensureDir(join(FIXTURES, 'repo-map-ab')), `${name}-`));
let seed;
const state = (name) => {
  const dir = fresh(name);
  if (seed !== undefined) cpSync(seed, dir, { recursive: true });
  return dir;
};
const sampler = cpuSampler();
const servers = [];
try {
  if (argv.includes('--seed')) {
    const dir = fresh('seed');
    answer(builds.B, { ...CLEAN_ENV, CODEWARD_NO_SERVE: '1', CODEWARD_STATE_DIR: dir });
    seed = dir;
  }
  const cases = [];
  for (const [build, cli] of Object.entries(builds)) {
    const env = (name) => ({ ...CLEAN_ENV, CODEWARD_NO_SERVE: '1', CODEWARD_STATE_DIR: state(`${build}-${name}`) });
    const addedEnv = env('added');
    const warm = { ...CLEAN_ENV, CODEWARD_STATE_DIR: state(`${build}-serve`), XDG_RUNTIME_DIR: '', CODEWARD_NO_SERVE: '' };
    const server = await startServe(cli, TREE, warm, 120);
    servers.push(server);
    cases.push(
      { phase: 0, name: `${build} one changed file`, cli, env: env('changed'), before: editOne },
      { phase: 0, name: `${build} one changed file (serve)`, cli, env: warm, server, before: editOne },
      { phase: 1, name: `${build} nothing changed`, cli, env: env('nothing') },
      { phase: 2, name: `${build} a folder changed`, cli, env: env('folder'), before: toggle },
      { phase: 3, name: `${build} a file added`, cli, env: addedEnv, before: addOne },
      { phase: 4, name: `${build} a file removed`, cli, env: addedEnv, before: removeOne },
    );
  }
  cases.splice(0, cases.length, ...cases.filter((each) => phases.includes(each.phase)));
  // Every state folder warmed (the first call indexes the tree), one at a time.
  for (const each of cases) answer(each.cli, each.env);
  const samples = Object.fromEntries(cases.map(({ name }) => [name, []]));
  const load = loadavg()[0];
  for (const phase of phases) {
    const these = cases.filter((each) => each.phase === phase);
    // Round 0 is not counted: it takes in what the phase before changed.
    for (let round = 0; round <= rounds; round++) {
      for (const each of round % 2 ? [...these].reverse() : these) {
        each.before?.();
        const serverBefore = each.server ? serverCpu(each.server.pid) : 0;
        const one = await sampler.sample(NODE, [each.cli, '-C', TREE, ...MAP], TREE, each.env);
        if (one.status !== 0) throw new Error(`${each.name}: exited ${one.status}`);
        if (each.server) one.cpu += serverCpu(each.server.pid) - serverBefore;
        if (round > 0) samples[each.name].push(one);
      }
    }
  }
  // The answers now (after the last edits) against a fresh state folder's (with --seed: the seed's index entries
  // without its graph, pages and kept listing, so the graph is built from every entry, no cold parse).
  for (const [build, cli] of Object.entries(builds)) {
    const dir = fresh(`${build}-fresh`);
    if (seed !== undefined) cpSync(seed, dir, { recursive: true, filter: (path) => !/repo-map-(graph\.bin|pages\.json|listing\.json)$/.test(path) });
    const made = answer(cli, { ...CLEAN_ENV, CODEWARD_NO_SERVE: '1', CODEWARD_STATE_DIR: dir });
    for (const each of cases.filter((one) => one.cli === cli)) {
      if (answer(cli, each.env).map !== made.map) throw new Error(`${each.name}: not a fresh state's map`);
    }
  }
  for (const { name } of cases) {
    const med = (key) => median(samples[name].map((one) => one[key]));
    const cpu = samples[name].map((one) => Math.round(one.cpu)).sort((a, b) => a - b);
    console.log(`${name.padEnd(36)} wall ${med('wall').toFixed(0).padStart(6)} ms  CPU ${med('cpu').toFixed(0).padStart(6)} ms  (CPU ${cpu.join(' ')})`);
  }
  console.log(`load average ${load.toFixed(2)} -> ${loadavg()[0].toFixed(2)}; ${rounds} rounds, interleaved`);
} finally {
  sampler.close();
  for (const server of servers) server.kill('SIGTERM');
  writeFileSync(edited, original);
  if (existsSync(toggled)) unlinkSync(toggled);
  for (let n = removed + 1; n <= added; n++) rmSync(addedPath(n), { force: true });
  rmSync(join(FIXTURES, 'repo-map-ab'), { recursive: true, force: true });
}
