// Issue 31: what a call pays before it does its work, per command class, side by side in one run.
// Cold processes: `read` of a 1 KiB file and `exec true` (sandboxed) against `node -e 0`; `tree` of the
// 20,000-file listing fixture against `rg --files`; `search` with its default caps against the full
// `rg --json` scan. Warm: the same `read` handed to `codeward serve`, and BENCH_STARTUP_PLUGIN_CALLS
// (200) ChatCLI plugin-door calls in a row, warm against cold. And how many chunk files a cold `read`
// opens (strace, when present). All cases alternate; every output is checked. The cold rows again by CPU time
// (`startup CPU:` rows, the call's and its children's user+sys), which a loaded machine does not skew.
import { spawnSync } from 'node:child_process';
import { chmodSync, existsSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { loadavg } from 'node:os';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { rgPath } from '@vscode/ripgrep';
import { CLEAN_ENV, CLI, FIXTURES, NODE, ROOT, alternate, ensureDir, errorRow, median, row, startServe, timed } from './lib.mjs';
import { smallFile } from './cold-start.mjs';
import { RG_ARGS } from './search.mjs';
import { cpuSampler } from './cpu-sample.mjs';

const DATA = join(FIXTURES, 'startup');
const STATE = join(FIXTURES, 'startup-state');
const TREE = join(FIXTURES, 'tree');
const RUNS = Number(process.env['BENCH_STARTUP_RUNS'] ?? 15);
const PLUGIN_CALLS = Number(process.env['BENCH_STARTUP_PLUGIN_CALLS'] ?? 200);
const TARGETS = { read: 1.8, exec: 2.8, tree: 2.2, search: 1.1, warmRead: 1.3, plugin: 2 };
const LISTING_RG = ['--files', '--no-require-git', '--no-ignore-parent', '--no-ignore-global', '--no-ignore-exclude', '--no-messages'];
// No warm engine for the cold rows; the warm rows use the server started below (its own state folder).
const COLD = { ...CLEAN_ENV, CODEWARD_NO_SERVE: '1' };
const WARM = { ...CLEAN_ENV, CODEWARD_STATE_DIR: STATE, XDG_RUNTIME_DIR: '', CODEWARD_NO_SERVE: '' };

const ok = (r) => (r.status === 0 ? undefined : `exit ${r.status}`);
const envelopeOk = (r) => {
  try {
    return JSON.parse(r.stdout).ok === true ? undefined : `not ok: ${r.stdout.slice(0, 200)}`;
  } catch {
    return `exit ${r.status}: no JSON`;
  }
};

async function treeFixture() {
  if (existsSync(join(FIXTURES, 'tree.json')) && existsSync(TREE)) return;
  await (await import('./listing.mjs')).run();
}

function ratioRow(name, samples, key, base, target, atMost = true) {
  const codeward = median(samples[key]);
  const baseline = median(samples[base]);
  return row({ name, unit: 'ms', codeward, baseline, target: `${atMost ? '≤' : '≥'} ${target}×`, pass: atMost ? codeward / baseline <= target : baseline / codeward >= target, samples: { [key]: samples[key], [base]: samples[base] } });
}

function coldCases() {
  return [
    { name: 'node', command: NODE, args: ['-e', '0'], cwd: DATA, env: COLD },
    { name: 'read', command: NODE, args: [CLI, '-C', DATA, '--json', 'read', '--file', 'small.txt'], cwd: DATA, env: COLD, check: envelopeOk },
    { name: 'exec', command: NODE, args: [CLI, '-C', DATA, '--json', '--sandbox', 'workspace-write', 'exec', '--cmd', 'true', '--yes'], cwd: DATA, env: COLD, check: envelopeOk },
    { name: 'tree', command: NODE, args: [CLI, '-C', TREE, '--json', 'tree', '--max-entries', '1000000'], cwd: TREE, env: COLD, check: envelopeOk },
    { name: 'rg --files', command: rgPath, args: LISTING_RG, cwd: TREE, env: COLD, check: ok },
    { name: 'search', command: NODE, args: [CLI, '-C', TREE, '--json', 'search', '--term', 'billing'], cwd: TREE, env: COLD, check: envelopeOk },
    { name: 'rg --json', command: rgPath, args: RG_ARGS, cwd: TREE, env: COLD, check: ok },
  ];
}

const COLD_ROWS = [
  ['cold read 1 KiB vs node -e 0', 'read', 'node', TARGETS.read],
  ['cold exec true (sandboxed) vs node -e 0', 'exec', 'node', TARGETS.exec],
  ['tree of 20,000 files vs rg --files', 'tree', 'rg --files', TARGETS.tree],
  ['search, default caps vs full rg --json', 'search', 'rg --json', TARGETS.search],
];

function coldRows() {
  const { samples, errors } = alternate(coldCases(), { runs: RUNS, warmup: 2 });
  const rows = [];
  const add = (name, key, base, target) => rows.push(errors[key] || errors[base] ? errorRow(name, errors[key] ?? errors[base]) : ratioRow(name, samples, key, base, target));
  for (const [name, key, base, target] of COLD_ROWS) add(`startup: ${name}`, key, base, target);
  return rows;
}

// The same cold rows by CPU time (user+sys of the call and every process it waited for: bench/cpu-sample.mjs), in
// one alternating run of their own: on a shared, loaded machine wall time counts the waits for a core. The
// load average at the start and end is in each row's note. (The wall rows checked every output.)
async function coldCpuRows() {
  const cases = coldCases();
  const sampler = cpuSampler();
  const samples = Object.fromEntries(cases.map((c) => [c.name, []]));
  const load = loadavg()[0];
  try {
    for (let round = 0; round < RUNS + 2; round += 1) {
      // the order alternates each round; the first two rounds warm the file cache and are dropped
      for (const c of round % 2 ? [...cases].reverse() : cases) {
        const one = await sampler.sample(c.command, c.args, c.cwd, c.env);
        if (one.status !== 0) return [errorRow(`startup CPU: ${c.name}`, `exit ${one.status}`)];
        if (round >= 2) samples[c.name].push(one.cpu);
      }
    }
  } finally {
    sampler.close();
  }
  const note = `CPU ms (user+sys, children included); load average ${load.toFixed(2)} -> ${loadavg()[0].toFixed(2)}`;
  return COLD_ROWS.map(([name, key, base, target]) => ({ ...ratioRow(`startup CPU: ${name}`, samples, key, base, target), note }));
}

// Starts `codeward serve` on DATA and resolves once it listens.
const startServer = () => startServe(CLI, DATA, WARM);

// The wrapper docs/chatcli-plugin.md installs (its heredoc, run by sh with $CODEWARD this checkout's snapshot
// folder): it starts node without NODE_EXTRA_CA_CERTS, which codeward hands on to what it runs.
function pluginWrapper() {
  const heredoc = /^cat > ~\/\.chatcli\/plugins\/coder <<EOF\n[\s\S]*?\nEOF$/m.exec(readFileSync(join(ROOT, 'docs', 'chatcli-plugin.md'), 'utf8'))?.[0];
  if (!heredoc) throw new Error('docs/chatcli-plugin.md: no wrapper heredoc');
  const wrapper = join(FIXTURES, 'startup-coder');
  const written = spawnSync('sh', ['-c', heredoc.replace('~/.chatcli/plugins/coder', '"$TARGET"').replace('$CODEWARD/dist/bin/codeward.js', '$CODEWARD_CLI')], { env: { PATH: CLEAN_ENV.PATH, CODEWARD_CLI: CLI, TARGET: wrapper }, encoding: 'utf8' });
  if (written.status !== 0) throw new Error(`plugin wrapper: ${written.stderr}`);
  chmodSync(wrapper, 0o755);
  return wrapper;
}

// PLUGIN_CALLS plugin-door reads in a row, through the documented wrapper as ChatCLI runs it, in blocks that
// alternate warm and cold; the total per side.
function pluginCalls() {
  const wrapper = pluginWrapper();
  const totals = { warm: 0, cold: 0 };
  const block = Math.max(1, Math.min(20, PLUGIN_CALLS));
  for (let done = 0; done < PLUGIN_CALLS; done += block) {
    for (const side of ['warm', 'cold']) {
      const env = { ...(side === 'warm' ? WARM : COLD), CODEWARD_CHATCLI_PLUGIN: '1' };
      const started = performance.now();
      for (let call = 0; call < Math.min(block, PLUGIN_CALLS - done); call += 1) {
        const r = timed(wrapper, ['read', 'small.txt'], { cwd: DATA, env });
        if (r.status !== 0 || !r.stdout.includes('line 16')) throw new Error(`plugin-door ${side} call failed: ${r.stderr.slice(0, 300)}`);
      }
      totals[side] += performance.now() - started;
    }
  }
  return totals;
}

async function warmRows() {
  rmSync(STATE, { recursive: true, force: true });
  const server = await startServer();
  try {
    const warmCheck = (r) => envelopeOk(r) ?? (/^timing: warm engine call/m.test(r.stderr) ? undefined : 'not answered by the warm engine');
    const { samples, errors } = alternate(
      [
        { name: 'node', command: NODE, args: ['-e', '0'], cwd: DATA, env: WARM },
        { name: 'warm read', command: NODE, args: [CLI, '--debug-timing', '--json', 'read', '--file', 'small.txt'], cwd: DATA, env: WARM, check: warmCheck },
      ],
      { runs: RUNS, warmup: 3 },
    );
    const rows = [errors['warm read'] ? errorRow('startup: warm read vs node -e 0', errors['warm read']) : ratioRow('startup: warm read (codeward serve) vs node -e 0', samples, 'warm read', 'node', TARGETS.warmRead)];
    const totals = pluginCalls();
    rows.push(row({ name: `startup: ${PLUGIN_CALLS} plugin-door calls, warm vs cold (speed-up)`, unit: 'ms', codeward: totals.warm, baseline: totals.cold, ratio: totals.cold / totals.warm, target: `≥ ${TARGETS.plugin}×`, pass: totals.cold / totals.warm >= TARGETS.plugin }));
    return rows;
  } finally {
    server.kill('SIGTERM');
  }
}

// How many of dist's chunk files a cold `read` opens (strace), against the number built.
function chunkRow() {
  const trace = join(FIXTURES, 'startup-strace.txt');
  const traced = spawnSync('strace', ['-f', '-e', 'trace=openat', '-o', trace, NODE, CLI, '-C', DATA, 'read', 'small.txt'], { env: COLD, encoding: 'utf8' });
  if (traced.error || traced.status !== 0) return [];
  const opened = new Set(readFileSync(trace, 'utf8').match(/chunks\/[^"]+\.js/g) ?? []);
  const built = spawnSync('ls', [join(CLI, '..', '..', 'chunks')], { encoding: 'utf8' }).stdout.split('\n').filter((name) => name.endsWith('.js')).length;
  return [row({ name: 'startup: chunk files a cold read loads (of all built)', unit: 'files', codeward: opened.size, baseline: built, note: `${opened.size} of ${built} chunks` })];
}

export async function run() {
  ensureDir(DATA);
  const file = join(DATA, 'small.txt');
  if (!existsSync(file) || readFileSync(file, 'utf8') !== smallFile()) writeFileSync(file, smallFile());
  await treeFixture();
  return [...coldRows(), ...(await coldCpuRows()), ...(await warmRows()), ...chunkRow()];
}
