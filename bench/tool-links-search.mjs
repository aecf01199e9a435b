// fix81 cost: `codeward search` CPU (children's user+sys, bash `times`) for two builds, interleaved rounds, in a
// workspace of ~3,000 files. Rows: plain PATH (bwrap has one name: one stat more), and a PATH whose first bwrap has a
// second name outside the areas (the "root with perf's ~/.debug" case: area-links.ts lists up to 1,000 entries once,
// then reads its kept answer). Usage: node bench/tool-links-search.mjs A_DIST B_DIST [rounds] [calls]
// mnt91, load 2-8, 5x5: plain 156.4 -> 167.4 ms (1.07x), second name 157.6 -> 163.0 ms (1.03x) (A main 2984db51, B h-mnt91).
import { execFileSync } from 'node:child_process';
import { copyFileSync, linkSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

const [a, b, rounds = '5', calls = '10'] = process.argv.slice(2);
const base = mkdtempSync(join(tmpdir(), 'cw-tool-links-bench-'));
const ws = join(base, 'ws');
for (let d = 0; d < 30; d += 1) {
  mkdirSync(join(ws, `d${d}`), { recursive: true });
  for (let f = 0; f < 100; f += 1) writeFileSync(join(ws, `d${d}`, `f${f}.txt`), `line ${f} needle\n`);
}
mkdirSync(join(base, 'bin'));
copyFileSync('/usr/bin/bwrap', join(base, 'bin', 'bwrap'));
linkSync(join(base, 'bin', 'bwrap'), join(base, 'second-name'));
const cpu = (dist, path) => {
  const line = `for i in $(seq ${calls}); do node ${dist}/bin/codeward.js -C ${ws} search needle >/dev/null 2>&1; done; times`;
  const out = execFileSync('bash', ['-c', line], { env: { ...process.env, PATH: path, HOME: join(base, 'h'), CODEWARD_STATE_DIR: join(base, 's') }, encoding: 'utf8' });
  const [user, sys] = out.trim().split('\n').at(-1).split(' ').map((t) => { const [m, s] = t.replace('s', '').split('m'); return Number(m) * 60 + Number(s); });
  return ((user + sys) * 1000) / Number(calls);
};
const rows = { plain: process.env.PATH, linked: `${join(base, 'bin')}:${process.env.PATH}` };
for (const [row, path] of Object.entries(rows)) {
  const times = { a: [], b: [] };
  for (let r = 0; r < Number(rounds); r += 1) {
    times.a.push(cpu(a, path));
    times.b.push(cpu(b, path));
  }
  const median = (list) => list.sort((x, y) => x - y)[Math.floor(list.length / 2)];
  console.log(`${row}: A ${median(times.a).toFixed(1)} ms, B ${median(times.b).toFixed(1)} ms CPU per search (B/A ${(median(times.b) / median(times.a)).toFixed(3)})`);
}
rmSync(base, { recursive: true, force: true });
