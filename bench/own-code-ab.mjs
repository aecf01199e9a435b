// A/B of the own-code walk's cost (own88: R45-a1/a4's file forms at every level, main, imports, relative NODE_PATH):
// CPU (user + sys, children included) of a cold `codeward write --yes` in a fresh git workspace, two builds
// alternated so machine noise hits both alike. A cold write loads the write gate's obeyed context, which walks
// codeward's own dependency tree (own-code-tree.ts) once per process.
//   node bench/own-code-ab.mjs A/dist/bin/codeward.js B/dist/bin/codeward.js [runs=15]
import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

const [a, b, runsText] = process.argv.slice(2);
if (!a || !b) throw new Error('usage: node bench/own-code-ab.mjs A/dist/bin/codeward.js B/dist/bin/codeward.js [runs]');
const runs = Number(runsText ?? 15);
const ws = mkdtempSync(join(tmpdir(), 'cw-own-code-ab-'));
spawnSync('git', ['init', '-q', ws]);
// Each build its own home and state folder (its own code cache).
const envOf = (side) => {
  const env = { ...process.env, HOME: join(ws, `.home-${side}`), CODEWARD_STATE_DIR: join(ws, `.state-${side}`) };
  delete env.NODE_OPTIONS;
  return env;
};

// CPU seconds of one cold call (bash's `time` counts the waited-for child).
function cpu(cli, round, side) {
  const script = `TIMEFORMAT='%U %S'; time "$0" "$1" --yes write --file "f${round}.txt" --content x >/dev/null 2>/dev/null`;
  const result = spawnSync('bash', ['-c', script, process.execPath, cli], { cwd: ws, env: envOf(side), encoding: 'utf8' });
  const [user, sys] = result.stderr.trim().split(/\s+/).map(Number);
  return (user + sys) * 1000;
}
const node0 = () => {
  const result = spawnSync('bash', ['-c', `TIMEFORMAT='%U %S'; time "$0" -e 0`, process.execPath], { encoding: 'utf8' });
  const [user, sys] = result.stderr.trim().split(/\s+/).map(Number);
  return (user + sys) * 1000;
};
const samples = { a: [], b: [], node: [] };
for (let round = 0; round < runs + 2; round++) {
  const got = { a: cpu(a, `a${round}`, 'a'), b: cpu(b, `b${round}`, 'b'), node: node0() };
  if (round >= 2) for (const key of Object.keys(got)) samples[key].push(got[key]);
}
rmSync(ws, { recursive: true, force: true });
const median = (xs) => [...xs].sort((x, y) => x - y)[Math.floor(xs.length / 2)];
const [ma, mb, mn] = [median(samples.a), median(samples.b), median(samples.node)];
console.log(`cold write --yes CPU median of ${runs}: A ${ma.toFixed(0)} ms (${(ma / mn).toFixed(2)}x node -e 0), B ${mb.toFixed(0)} ms (${(mb / mn).toFixed(2)}x), B/A ${(mb / ma).toFixed(3)}; node -e 0 ${mn.toFixed(0)} ms`);
