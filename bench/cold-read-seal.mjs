// st89 (R45-a2): a cold `codeward read x` of two builds, alternated (default: /work/main's dist against this one's), with
// the user's default cache folder and with a state folder elsewhere (CODEWARD_STATE_DIR: the seals are checked). Child
// CPU time (user + system) per call, the median of N; usage: node bench/cold-read-seal.mjs [OTHER_DIST_BIN] [N].
import { spawnSync } from 'node:child_process';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

const mine = new URL('../dist/bin/codeward.js', import.meta.url).pathname;
const other = process.argv[2] ?? '/work/main/dist/bin/codeward.js';
const n = Number(process.argv[3] ?? 20);
const ws = mkdtempSync(join(tmpdir(), 'cw-bench-seal-'));
spawnSync('git', ['init', '-q', ws]);
writeFileSync(join(ws, 'x'), 'x\n');
const elsewhere = mkdtempSync(join(tmpdir(), 'cw-bench-seal-state-'));
const { HOME, PATH } = process.env;
const envs = { default: { HOME, PATH, CODEWARD_NO_SERVE: '1' }, elsewhere: { HOME, PATH, CODEWARD_NO_SERVE: '1', CODEWARD_STATE_DIR: elsewhere } };

// One call's CPU (ms): a shell's `times` after it.
function cpu(bin, env) {
  const out = spawnSync('bash', ['-c', `${JSON.stringify(process.execPath)} ${JSON.stringify(bin)} read x >/dev/null 2>&1; times`], { cwd: ws, env, encoding: 'utf8' }).stdout;
  const [, children] = out.trim().split('\n');
  const [user, system] = children.split(/\s+/).map((t) => { const [m, s] = t.replace('s', '').split('m'); return Number(m) * 60_000 + Number(s) * 1000; });
  return user + system;
}
const median = (values) => values.sort((a, b) => a - b)[Math.floor(values.length / 2)];
for (const [name, env] of Object.entries(envs)) {
  for (const bin of [other, mine]) cpu(bin, env); // warm the caches
  const times = { other: [], mine: [] };
  for (let i = 0; i < n; i++) {
    times.other.push(cpu(other, env));
    times.mine.push(cpu(mine, env));
  }
  const [a, b] = [median(times.other), median(times.mine)];
  console.log(`${name}: other ${a.toFixed(0)} ms, this ${b.toFixed(0)} ms CPU (median of ${n}): ratio ${(b / a).toFixed(3)}`);
}
