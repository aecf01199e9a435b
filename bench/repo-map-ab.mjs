// Issue 30: repo-map --budget 1024 on the listing benchmark's 20,000-file tree, two builds A/B in ONE interleaved
// run (each with its own state folder and its own `codeward serve`):
//   node bench/repo-map-ab.mjs --a DIST_A/bin/codeward.js --b DIST_B/bin/codeward.js [--rounds N] [--phases 0,1,2]
// Rows per build, in three phases (each sees only its own kind of change; every row its own state folder):
// one changed file (a source file's content changed, a new function added: no folder changes), cold process
// and through serve; nothing changed (cold); a folder changed (a file made or removed in turn, cold).
// Wall and CPU (user+sys of the call and its children, + the server's threads when served), medians; the
// load average is printed. Every answer is checked against a fresh state folder's once at the end.
import { existsSync, mkdtempSync, readFileSync, rmSync, unlinkSync, writeFileSync } from 'node:fs';
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
// --phases 0 (one changed file), 1 (nothing changed), 2 (a folder changed): which to run.
const phases = value('--phases', '0,1,2').split(',').map(Number);
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
const state = (name) => mkdtempSync(join(ensureDir(join(FIXTURES, 'repo-map-ab')), `${name}-`));
const sampler = cpuSampler();
const servers = [];
try {
  const cases = [];
  for (const [build, cli] of Object.entries(builds)) {
    const env = (name) => ({ ...CLEAN_ENV, CODEWARD_NO_SERVE: '1', CODEWARD_STATE_DIR: state(`${build}-${name}`) });
    const warm = { ...CLEAN_ENV, CODEWARD_STATE_DIR: state(`${build}-serve`), XDG_RUNTIME_DIR: '', CODEWARD_NO_SERVE: '' };
    const server = await startServe(cli, TREE, warm, 120);
    servers.push(server);
    cases.push(
      { phase: 0, name: `${build} one changed file`, cli, env: env('changed'), before: editOne },
      { phase: 0, name: `${build} one changed file (serve)`, cli, env: warm, server, before: editOne },
      { phase: 1, name: `${build} nothing changed`, cli, env: env('nothing') },
      { phase: 2, name: `${build} a folder changed`, cli, env: env('folder'), before: toggle },
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
  // The answers now (after the last edits) against a fresh state folder's.
  for (const [build, cli] of Object.entries(builds)) {
    const fresh = answer(cli, { ...CLEAN_ENV, CODEWARD_NO_SERVE: '1', CODEWARD_STATE_DIR: state(`${build}-fresh`) });
    for (const each of cases.filter((one) => one.cli === cli)) {
      if (answer(cli, each.env).map !== fresh.map) throw new Error(`${each.name}: not a fresh state's map`);
    }
  }
  for (const { name } of cases) {
    const med = (key) => median(samples[name].map((one) => one[key]));
    console.log(`${name.padEnd(36)} wall ${med('wall').toFixed(0).padStart(6)} ms  CPU ${med('cpu').toFixed(0).padStart(6)} ms`);
  }
  console.log(`load average ${load.toFixed(2)} -> ${loadavg()[0].toFixed(2)}; ${rounds} rounds, interleaved`);
} finally {
  sampler.close();
  for (const server of servers) server.kill('SIGTERM');
  writeFileSync(edited, original);
  if (existsSync(toggled)) unlinkSync(toggled);
  rmSync(join(FIXTURES, 'repo-map-ab'), { recursive: true, force: true });
}
