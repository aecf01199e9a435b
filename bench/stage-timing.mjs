// Issue 31: where a cold call's milliseconds go, stage by stage (the bin's --debug-timing lines), for one or
// two builds in one interleaved run:
//   node bench/stage-timing.mjs [--before <dist inside this checkout>] [--after dist] [--rounds N] [--call exec|exec-write|read] [-C dir]
// Each round runs the call once per build, alternating; the table gives each stage's median wall and CPU
// time (this process's CPU only: bwrap and the command run in children, which bench/startup-rows.mjs counts).
// The default workspace is bench/.fixtures/startup (startup-rows' own), which lies in this checkout's git
// repository: its linked worktrees, history and enclosing-repository view are part of what is measured.
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, writeFileSync } from 'node:fs';
import { loadavg } from 'node:os';
import { join, resolve } from 'node:path';
import { CLEAN_ENV, DIST, FIXTURES, NODE, median } from './lib.mjs';

const argv = process.argv.slice(2);
const value = (flag, fallback) => (argv.includes(flag) ? argv[argv.indexOf(flag) + 1] : fallback);
const builds = Object.entries({ before: value('--before'), after: value('--after', DIST) }).filter(([, dist]) => dist).map(([side, dist]) => [side, resolve(dist)]);
const rounds = Number(value('--rounds', 9));
const workspace = resolve(value('-C', join(FIXTURES, 'startup')));
const CALLS = {
  exec: ['--sandbox', 'workspace-write', 'exec', '--cmd', 'true', '--yes'],
  read: ['read', '--file', 'small.txt'],
  // A staged run that writes one file: its change set is judged after it (the stage plan).
  'exec-write': ['--sandbox', 'workspace-write', 'exec', '--cmd', 'date > stage-timing.txt', '--yes'],
};
const call = CALLS[value('--call', 'exec')];
if (!call) throw new Error(`bench/stage-timing.mjs: --call is one of ${Object.keys(CALLS).join(', ')}`);
mkdirSync(workspace, { recursive: true });
if (!existsSync(join(workspace, 'small.txt'))) writeFileSync(join(workspace, 'small.txt'), 'hello\n');

// stage -> side -> [{ wall, cpu }]
const stages = new Map();
const load = [loadavg()[0]];
for (let round = 0; round < rounds; round++) {
  for (const [side, dist] of builds) {
    // Each build's own state folder: a shared one makes every interleaved call miss its kept answers (perf31j).
    const state = join(FIXTURES, `state-${side}`);
    mkdirSync(state, { recursive: true, mode: 0o700 });
    const run = spawnSync(NODE, [join(dist, 'bin', 'codeward.js'), '-C', workspace, '--json', '--debug-timing', ...call], { env: { ...CLEAN_ENV, CODEWARD_NO_SERVE: '1', CODEWARD_STATE_DIR: state }, encoding: 'utf8' });
    if (run.status !== 0) throw new Error(`bench/stage-timing.mjs: ${side} exited ${run.status}: ${run.stdout.slice(0, 300)} ${run.stderr.slice(0, 300)}`);
    for (const line of run.stderr.split('\n')) {
      const match = /^timing: (.*?)\s+([\d.]+) ms\s+cpu\s+([\d.]+) ms$/.exec(line);
      if (!match) continue;
      const bySide = stages.get(match[1]) ?? new Map();
      stages.set(match[1], bySide);
      bySide.set(side, [...(bySide.get(side) ?? []), { wall: Number(match[2]), cpu: Number(match[3]) }]);
    }
  }
}
load.push(loadavg()[0]);
const ms = (samples, key) => (samples ? median(samples.map((sample) => sample[key])).toFixed(1) : '-');
console.log(`${value('--call', 'exec')} in ${workspace}; load average ${load.map((each) => each.toFixed(2)).join(' -> ')}; ${rounds} rounds; medians in ms`);
console.log(`| stage | ${builds.map(([side]) => `${side} wall | ${side} CPU`).join(' | ')} |`);
console.log(`| --- | ${builds.map(() => '---: | ---:').join(' | ')} |`);
for (const [stage, bySide] of stages) console.log(`| ${stage} | ${builds.map(([side]) => `${ms(bySide.get(side), 'wall')} | ${ms(bySide.get(side), 'cpu')}`).join(' | ')} |`);
