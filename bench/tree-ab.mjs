// Issue 31, the tree rows, two builds A/B in ONE interleaved run (wall and CPU of every sample):
//   node bench/tree-ab.mjs --before <dist copy> [--after dist] [--rounds 15]
// For each build: `tree` of the listing fixture's 20,000 files kept (nothing changed), one file made or removed
// before each call (on a copy of the tree per build: the other rows see no change), and kept through `codeward
// serve` (a server per build, each with its own state and socket folder; a served call's CPU adds its server's);
// beside `rg --files` (the listing flags) and `node -e 0`. Each build's answers are checked against a fresh walk
// first. Prints a markdown table: medians, ratios to rg --files, after/before, the load average.
import { chmodSync, cpSync, existsSync, mkdtempSync, rmSync, unlinkSync, writeFileSync } from 'node:fs';
import { loadavg } from 'node:os';
import { join } from 'node:path';
import { rgPath } from '@vscode/ripgrep';
import { CLEAN_ENV, FIXTURES, NODE, abArgs, ensureDir, median, serverCpu, startServe, timed } from './lib.mjs';
import { cpuSampler } from './cpu-sample.mjs';

const TREE = join(FIXTURES, 'tree');
const LISTING_RG = ['--files', '--no-require-git', '--no-ignore-parent', '--no-ignore-global', '--no-ignore-exclude', '--no-messages'];
const treeArgs = (cli, dir) => [cli, '-C', dir, '--json', 'tree', '--max-entries', '1000000'];
const { builds, rounds } = abArgs(process.argv.slice(2), 'tree-ab');
if (!existsSync(join(FIXTURES, 'tree.json'))) await (await import('./listing.mjs')).run();

const privateDir = (path) => {
  rmSync(path, { recursive: true, force: true });
  chmodSync(ensureDir(path), 0o700);
  return path;
};
const cold = { ...CLEAN_ENV, CODEWARD_NO_SERVE: '1' };
const cases = [
  { name: 'rg --files', command: rgPath, args: LISTING_RG, cwd: TREE, env: cold },
  { name: 'node -e 0', command: NODE, args: ['-e', '0'], cwd: TREE, env: cold },
];
const servers = [];
for (const [build, dist] of Object.entries(builds)) {
  const cli = join(dist, 'bin', 'codeward.js');
  const copy = join(FIXTURES, `tree-ab-copy-${build}`);
  if (!existsSync(join(copy, 'packages'))) cpSync(TREE, copy, { recursive: true });
  const toggled = join(copy, 'packages/auth/src/bench-ab-toggle.ts');
  const kept = { ...cold, CODEWARD_STATE_DIR: privateDir(join(FIXTURES, `tree-ab-kept-${build}`)) };
  const changed = { ...cold, CODEWARD_STATE_DIR: privateDir(join(FIXTURES, `tree-ab-changed-${build}`)) };
  const warm = { ...CLEAN_ENV, CODEWARD_STATE_DIR: privateDir(join(FIXTURES, `tree-ab-serve-${build}`)), XDG_RUNTIME_DIR: '', CODEWARD_NO_SERVE: '' };
  const server = await startServe(cli, TREE, warm, 10);
  servers.push(server);
  cases.push(
    { name: `${build} kept`, command: NODE, args: treeArgs(cli, TREE), cwd: TREE, env: kept, walk: true },
    { name: `${build} one changed`, command: NODE, args: treeArgs(cli, copy), cwd: copy, env: changed, before: () => (existsSync(toggled) ? unlinkSync(toggled) : writeFileSync(toggled, 'export const t = 1;\n')) },
    { name: `${build} served`, command: NODE, args: treeArgs(cli, TREE), cwd: TREE, env: warm, server, walk: true },
  );
}
const sampler = cpuSampler();
const samples = Object.fromEntries(cases.map((c) => [c.name, { wall: [], cpu: [] }]));
try {
  const fresh = mkdtempSync(join(FIXTURES, 'tree-ab-fresh-'));
  const walked = timed(NODE, treeArgs(join(builds.before, 'bin', 'codeward.js'), TREE), { cwd: TREE, env: { ...cold, CODEWARD_STATE_DIR: fresh } }).stdout;
  rmSync(fresh, { recursive: true, force: true });
  for (const c of cases) {
    for (let again = 0; again < 3; again += 1) {
      c.before?.();
      const r = timed(c.command, c.args, { cwd: c.cwd, env: c.env });
      if (r.status !== 0) throw new Error(`${c.name}: exit ${r.status}: ${r.stderr.slice(0, 300)}`);
      if (c.walk && r.stdout !== walked) throw new Error(`${c.name}: not the walk's answer`);
    }
  }
  const load = loadavg()[0];
  for (let round = 0; round < rounds + 1; round += 1) {
    for (const c of round % 2 ? [...cases].reverse() : cases) {
      c.before?.();
      const serverBefore = c.server ? serverCpu(c.server.pid) : 0;
      const one = await sampler.sample(c.command, c.args, c.cwd, c.env);
      if (one.status !== 0) throw new Error(`${c.name}: exit ${one.status}`);
      if (c.server) one.cpu += serverCpu(c.server.pid) - serverBefore;
      if (round > 0) for (const key of ['wall', 'cpu']) samples[c.name][key].push(one[key]);
    }
  }
  const med = (name, key) => median(samples[name][key]);
  console.log(`load average ${load.toFixed(2)} -> ${loadavg()[0].toFixed(2)}; ${rounds} rounds interleaved; medians in ms`);
  console.log('| row | before CPU | after CPU | after/before | before ÷ rg | after ÷ rg | before wall | after wall |');
  console.log('| --- | ---: | ---: | ---: | ---: | ---: | ---: | ---: |');
  for (const row of ['kept', 'one changed', 'served']) {
    const [b, a] = [med(`before ${row}`, 'cpu'), med(`after ${row}`, 'cpu')];
    const rg = med('rg --files', 'cpu');
    console.log(`| tree ${row} | ${b.toFixed(1)} | ${a.toFixed(1)} | ${(a / b).toFixed(2)} | ${(b / rg).toFixed(2)}× | ${(a / rg).toFixed(2)}× | ${med(`before ${row}`, 'wall').toFixed(1)} | ${med(`after ${row}`, 'wall').toFixed(1)} |`);
  }
  for (const base of ['rg --files', 'node -e 0']) console.log(`| ${base} | ${med(base, 'cpu').toFixed(1)} CPU | | | | | ${med(base, 'wall').toFixed(1)} wall | |`);
} finally {
  sampler.close();
  for (const server of servers) server.kill('SIGTERM');
}
