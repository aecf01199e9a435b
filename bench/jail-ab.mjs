// Same-run before/after of the file-op rows for the handle-based jail (issue 16): two builds of codeward
// loaded in one process (`--before <dist>` of the base commit, `--after <dist>`, default ./dist), each
// with its own engine on the same fixtures, calls alternating old/new so machine noise hits both alike.
// Rows: read (4 KiB), read --tail 20 (64 MiB log), write (4 KiB), patch (one line of a 1 MiB file,
// forward then back), list (one 300-entry folder), tree and search over a 20,000-file tree.
// Usage: node bench/jail-ab.mjs --before /tmp/old/dist [--after dist] [--rounds N] [--only <row name prefix>]
import { existsSync, mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import { FIXTURES, MiB, cliOption, median, prng } from './lib.mjs';

const option = cliOption;
const before = option('--before');
const after = option('--after', 'dist');
const ROUNDS = Number(option('--rounds', '30'));
if (!before) {
  console.error('usage: node bench/jail-ab.mjs --before <dist of the base commit> [--after dist] [--rounds N]');
  process.exit(2);
}

const WS = join(FIXTURES, 'jail-ab');
const WORDS = ['auth', 'billing', 'cache', 'config', 'core', 'db', 'events', 'http', 'jobs', 'logger'];

function generate() {
  if (existsSync(join(WS, '.done'))) return;
  rmSync(WS, { recursive: true, force: true });
  const random = prng(0x1a11);
  for (let i = 0; i < 20_000; i += 1) {
    const dir = join(WS, 'tree', `m${i % 40}`, `s${i % 13}`, `d${i % 7}`);
    mkdirSync(dir, { recursive: true });
    const lines = Array.from({ length: random.int(3, 30) }, (_, n) => `export const v${n} = ${random.int(0, 1e6)}; // ${random.pick(WORDS)}`);
    writeFileSync(join(dir, `f${i}.ts`), `${lines.join('\n')}\n`);
  }
  mkdirSync(join(WS, 'flat'), { recursive: true });
  for (let i = 0; i < 300; i += 1) writeFileSync(join(WS, 'flat', `e${i}.txt`), `entry ${i}\n`);
  mkdirSync(join(WS, 'src', 'app'), { recursive: true });
  writeFileSync(join(WS, 'src', 'app', 'small.txt'), 'x'.repeat(4095) + '\n');
  const line = 'log line with some words in it, billing cache config\n';
  writeFileSync(join(WS, 'big.log'), line.repeat(Math.ceil((64 * MiB) / line.length)));
  const text = Array.from({ length: 20_000 }, (_, n) => `line ${n} of the patch target ${'.'.repeat(40)}`);
  text[10_000] = 'THE UNIQUE LINE';
  writeFileSync(join(WS, 'patch.txt'), `${text.join('\n')}\n`);
  writeFileSync(join(WS, '.done'), '');
}

async function engineFrom(dist, name) {
  const lib = await import(pathToFileURL(join(resolve(dist), 'index.js')).href);
  const state = join(FIXTURES, `jail-ab-state-${name}`);
  mkdirSync(state, { recursive: true });
  return lib.createEngine({ workspace: WS, env: { ...process.env, CODEWARD_STATE_DIR: state } });
}

const CASES = [
  { name: 'read 4 KiB', calls: 200, call: () => ({ cmd: 'read', args: { file: 'src/app/small.txt' } }) },
  { name: 'read --tail 20 (64 MiB)', calls: 20, call: () => ({ cmd: 'read', args: { file: 'big.log', tail: 20 } }) },
  { name: 'write 4 KiB', calls: 50, call: (i) => ({ cmd: 'write', args: { file: 'src/app/written.txt', content: `${i % 2}`.repeat(4096) } }) },
  { name: 'patch 1 MiB', calls: 20, call: (i) => ({ cmd: 'patch', args: { file: 'patch.txt', search: i % 2 ? 'THE OTHER LINE' : 'THE UNIQUE LINE', replace: i % 2 ? 'THE UNIQUE LINE' : 'THE OTHER LINE' } }) },
  { name: 'list 300 entries', calls: 100, call: () => ({ cmd: 'list', args: { path: 'flat', pageSize: 1000 } }) },
  { name: 'tree 20k files', calls: 2, call: () => ({ cmd: 'tree', args: { dir: 'tree', maxEntries: 1_000_000 } }) },
  // Every match: `all` lifts search's result caps (--max-results and the 100 KB --max-bytes); a build from
  // before `all` existed takes maxResults alone (it had no byte cap).
  { name: 'search 20k files', calls: 2, call: (_i, engine) => ({ cmd: 'search', args: { term: 'billing', dir: 'tree', ...(takes(engine, 'search', 'all') ? { all: true } : { maxResults: 1_000_000 }) } }) },
];

// Whether a build's command takes a flag (its schema's keys).
function takes(engine, command, flag) {
  const shape = engine.registry?.find(command)?.flags?._zod?.def?.shape;
  return shape !== undefined && Object.hasOwn(shape, flag);
}

const only = option('--only');
const chosen = only ? CASES.filter((each) => each.name.startsWith(only)) : CASES;
generate();
const engines = { before: await engineFrom(before, 'before'), after: await engineFrom(after, 'after') };
// Wall time per call, and this process's CPU time per call (user + system, every thread: far less
// sensitive to other load on a shared machine); the ratio is the median of the per-round ratios.
const samples = Object.fromEntries(CASES.map((each) => [each.name, { before: [], after: [], cpuBefore: [], cpuAfter: [] }]));
let counter = 0;
for (let round = 0; round < ROUNDS + 2; round += 1) {
  for (const each of chosen) {
    for (const side of round % 2 ? ['after', 'before'] : ['before', 'after']) {
      const start = process.hrtime.bigint();
      const cpu = process.cpuUsage();
      for (let i = 0; i < each.calls; i += 1) {
        const result = await engines[side].run(each.call(counter++, engines[side]));
        if (!result.ok) throw new Error(`${side} ${each.name}: ${JSON.stringify(result.error)}`);
        // A row measures the whole answer: a result cut by a cap would time a part of it.
        if (result.data?.truncated === true) throw new Error(`${side} ${each.name}: the result was cut (data.truncated); lift the cap`);
      }
      const perCall = Number(process.hrtime.bigint() - start) / 1e3 / each.calls;
      const used = process.cpuUsage(cpu);
      if (round >= 2) {
        samples[each.name][side].push(perCall);
        samples[each.name][side === 'before' ? 'cpuBefore' : 'cpuAfter'].push((used.user + used.system) / each.calls);
      }
    }
  }
}
const ratio = (after, before) => median(after.map((value, index) => value / before[index]));
console.log(`jail A/B, ${ROUNDS} alternating rounds, median µs per call (wall; CPU of this process)`);
console.log('row'.padEnd(26), 'wall before'.padStart(12), 'after'.padStart(10), 'ratio'.padStart(7), 'cpu before'.padStart(12), 'after'.padStart(10), 'ratio'.padStart(7));
for (const each of chosen) {
  const s = samples[each.name];
  console.log(
    each.name.padEnd(26),
    median(s.before).toFixed(1).padStart(12), median(s.after).toFixed(1).padStart(10), ratio(s.after, s.before).toFixed(3).padStart(7),
    median(s.cpuBefore).toFixed(1).padStart(12), median(s.cpuAfter).toFixed(1).padStart(10), ratio(s.cpuAfter, s.cpuBefore).toFixed(3).padStart(7),
  );
}
await engines.before.close();
await engines.after.close();
