// Issue 31: what a call pays before it does its work, per command class, EVERY acceptance row side by side in one
// interleaved run, wall and CPU of each sample. Cold processes: `read` of a 1 KiB file, `exec true` and
// `exec python3 w.py` (a real program writing a file), each sandboxed and `--sandbox off` (the jailed in-place run)
// against `node -e 0`; `tree` of the 20,000-file listing fixture against `rg --files`: cold (a fresh state folder:
// walks and keeps), nothing changed (kept), one file made or removed in turn, and served by `codeward serve`;
// `search` with its default caps against the full `rg --json` scan; `read` answered by `codeward serve` against
// `node -e 0`. Then BENCH_STARTUP_PLUGIN_CALLS (200) ChatCLI plugin-door calls in a row, warm against cold, and
// how many chunk files a cold `read` opens (strace, when present). Every output is checked first. CPU = user+sys
// of the call and every process it waited for (+ the server's threads when served), which a loaded machine does not
// skew as it does wall time.
import { spawnSync } from 'node:child_process';
import { chmodSync, cpSync, existsSync, mkdtempSync, readFileSync, rmSync, unlinkSync, writeFileSync } from 'node:fs';
import { loadavg } from 'node:os';
import { join } from 'node:path';
import { rgPath } from '@vscode/ripgrep';
import { CLEAN_ENV, CLI, FIXTURES, NODE, ROOT, ensureDir, errorRow, median, row, serverCpu, startServe, timed } from './lib.mjs';
import { smallFile } from './cold-start.mjs';
import { RG_ARGS } from './search.mjs';
import { cpuSampler } from './cpu-sample.mjs';

const DATA = join(FIXTURES, 'startup');
const STATE = join(FIXTURES, 'startup-state');
const TREE = join(FIXTURES, 'tree');
const TREE_COPY = join(FIXTURES, 'startup-tree-copy');
const RUNS = Number(process.env['BENCH_STARTUP_RUNS'] ?? 15);
const PLUGIN_CALLS = Number(process.env['BENCH_STARTUP_PLUGIN_CALLS'] ?? 200);
// BENCH_STARTUP_PLUGIN_ONLY=1: only the plugin-door rows (no tree fixture, no cold rows).
const PLUGIN_ONLY = process.env['BENCH_STARTUP_PLUGIN_ONLY'] === '1';
const TARGETS = { read: 1.8, exec: 2.8, tree: 2.2, search: 1.1, warmRead: 1.3, plugin: 2 };
const LISTING_RG = ['--files', '--no-require-git', '--no-ignore-parent', '--no-ignore-global', '--no-ignore-exclude', '--no-messages'];
// No warm engine for the cold rows; the warm rows use the server started below (its own state folder).
const COLD = { ...CLEAN_ENV, CODEWARD_NO_SERVE: '1' };
const WARM = { ...CLEAN_ENV, CODEWARD_STATE_DIR: STATE, XDG_RUNTIME_DIR: '', CODEWARD_NO_SERVE: '' };
// The kept tree rows: nothing changed, and one file made or removed in turn before each call (their own state folders).
const KEPT = { ...COLD, CODEWARD_STATE_DIR: join(FIXTURES, 'startup-kept') };
const CHANGED = { ...COLD, CODEWARD_STATE_DIR: join(FIXTURES, 'startup-changed') };

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

// The script of the `exec python3 w.py` rows (also bench/startup-rows.mjs's), in `dir`: it writes one file.
export function writePy(dir) {
  const script = join(dir, 'w.py');
  const text = "with open('w.txt', 'w') as out:\n    out.write('written\\n')\n";
  if (!existsSync(script) || readFileSync(script, 'utf8') !== text) writeFileSync(script, text);
}

function coldCases() {
  return [
    { name: 'node', command: NODE, args: ['-e', '0'], cwd: DATA, env: COLD },
    { name: 'read', command: NODE, args: [CLI, '-C', DATA, '--json', 'read', '--file', 'small.txt'], cwd: DATA, env: COLD, check: envelopeOk },
    { name: 'exec', command: NODE, args: [CLI, '-C', DATA, '--json', '--sandbox', 'workspace-write', 'exec', '--cmd', 'true', '--yes'], cwd: DATA, env: COLD, check: envelopeOk },
    // issue 26 COST / issue 31: the `--sandbox off` run is the sandbox's own in-place run with the whole root read-only
    // (jail36) plus the write gate's walk around it (no bar of its own: compared with node -e 0 like the sandboxed row).
    { name: 'exec off', command: NODE, args: [CLI, '-C', DATA, '--json', '--sandbox', 'off', 'exec', '--cmd', 'true', '--yes'], cwd: DATA, env: COLD, check: envelopeOk },
    // A line that starts a real program and writes a file (w.py, writePy), sandboxed and jailed.
    { name: 'exec py', command: NODE, args: [CLI, '-C', DATA, '--json', '--sandbox', 'workspace-write', 'exec', '--cmd', 'python3 w.py', '--yes'], cwd: DATA, env: COLD, check: envelopeOk },
    { name: 'exec py off', command: NODE, args: [CLI, '-C', DATA, '--json', '--sandbox', 'off', 'exec', '--cmd', 'python3 w.py', '--yes'], cwd: DATA, env: COLD, check: envelopeOk },
    { name: 'tree', command: NODE, args: [CLI, '-C', TREE, '--json', 'tree', '--max-entries', '1000000'], cwd: TREE, env: KEPT, check: envelopeOk },
    { name: 'rg --files', command: rgPath, args: LISTING_RG, cwd: TREE, env: COLD, check: ok },
    { name: 'search', command: NODE, args: [CLI, '-C', TREE, '--json', 'search', '--term', 'billing'], cwd: TREE, env: COLD, check: envelopeOk },
    { name: 'rg --json', command: rgPath, args: RG_ARGS, cwd: TREE, env: COLD, check: ok },
  ];
}

const COLD_ROWS = [
  ['cold read 1 KiB vs node -e 0', 'read', 'node', TARGETS.read],
  ['cold exec true (sandboxed) vs node -e 0', 'exec', 'node', TARGETS.exec],
  ['cold exec true (--sandbox off: the jailed in-place run) vs node -e 0', 'exec off', 'node', TARGETS.exec],
  ['cold exec python3 w.py (sandboxed; writes a file) vs node -e 0', 'exec py', 'node', TARGETS.exec],
  ['cold exec python3 w.py (--sandbox off: jailed) vs node -e 0', 'exec py off', 'node', TARGETS.exec],
  ['tree of 20,000 files, cold (first call: walks, keeps) vs rg --files', 'tree cold', 'rg --files', TARGETS.tree],
  ['tree, nothing changed (kept) vs rg --files', 'tree', 'rg --files', TARGETS.tree],
  ['tree, one file changed vs rg --files', 'tree one changed', 'rg --files', TARGETS.tree],
  ['tree, served (codeward serve, nothing changed) vs rg --files', 'tree served', 'rg --files', TARGETS.tree],
  ['search, default caps vs full rg --json', 'search', 'rg --json', TARGETS.search],
  ['warm read (codeward serve) vs node -e 0', 'warm read', 'node', TARGETS.warmRead],
];

// Every cold and warm row in ONE interleaved run, wall AND CPU of each sample (bench/cpu-sample.mjs: the call and
// every process it waited for; a served call adds its server's CPU meanwhile). Each case is first run and checked
// (the kept and served trees must equal a fresh walk; a warm read must be answered warm), then RUNS rounds, the
// order reversed every other round. The load average at the start and end is in each row's note.
async function sideBySide(servers) {
  // The changed row runs on a copy of the tree: the file it makes and removes changes no folder the other rows keep.
  if (!existsSync(join(TREE_COPY, 'packages'))) cpSync(TREE, TREE_COPY, { recursive: true });
  const toggled = join(TREE_COPY, 'packages/auth/src/bench-startup-toggle.ts');
  const toggle = () => (existsSync(toggled) ? unlinkSync(toggled) : writeFileSync(toggled, 'export const toggled = 1;\n'));
  const fresh = ensureDir(join(FIXTURES, 'startup-fresh'));
  const treeArgs = [CLI, '-C', TREE, '--json', 'tree', '--max-entries', '1000000'];
  const cases = [
    ...coldCases(),
    { name: 'tree cold', command: NODE, args: treeArgs, cwd: TREE, env: COLD, before: () => ({ ...COLD, CODEWARD_STATE_DIR: mkdtempSync(join(fresh, 's-')) }) },
    { name: 'tree one changed', command: NODE, args: [CLI, '-C', TREE_COPY, ...treeArgs.slice(3)], cwd: TREE_COPY, env: CHANGED, before: () => (toggle(), CHANGED) },
    { name: 'tree served', command: NODE, args: treeArgs, cwd: TREE, env: WARM, server: servers.tree },
    { name: 'warm read', command: NODE, args: [CLI, '--json', 'read', '--file', 'small.txt'], cwd: DATA, env: WARM, server: servers.data },
  ];
  for (const env of [KEPT, CHANGED]) {
    rmSync(env.CODEWARD_STATE_DIR, { recursive: true, force: true });
    chmodSync(ensureDir(env.CODEWARD_STATE_DIR), 0o700);
  }
  const sampler = cpuSampler();
  const samples = Object.fromEntries(cases.map((c) => [c.name, { wall: [], cpu: [] }]));
  let load;
  try {
    // checked once (twice for the kept trees: the first call keeps)
    const walked = JSON.parse(timed(NODE, treeArgs, { cwd: TREE, env: { ...COLD, CODEWARD_STATE_DIR: mkdtempSync(join(fresh, 's-')) } }).stdout).data;
    for (const c of cases) {
      const env = c.before?.() ?? c.env;
      for (let again = 0; again < (c.name.startsWith('tree') ? 2 : 1); again += 1) {
        const args = c.server ? [c.args[0], '--debug-timing', ...c.args.slice(1)] : c.args;
        const r = timed(c.command, args, { cwd: c.cwd, env });
        const problem = c.check?.(r) ?? (r.status === 0 ? undefined : `exit ${r.status}`) ?? (c.server && !/^timing: warm engine call/m.test(r.stderr) ? 'not answered by the warm engine' : undefined);
        if (problem) return [errorRow(`startup: ${c.name}`, `${problem} — stderr: ${r.stderr.trim().slice(0, 400)}`)];
        if (c.name.startsWith('tree') && c.name !== 'tree one changed' && JSON.stringify(JSON.parse(r.stdout).data) !== JSON.stringify(walked)) return [errorRow(`startup: ${c.name}`, 'not the answer of a fresh walk')];
      }
    }
    load = loadavg()[0];
    for (let round = 0; round < RUNS + 1; round += 1) {
      // the first round warms the file cache and is dropped
      for (const c of round % 2 ? [...cases].reverse() : cases) {
        const env = c.before?.() ?? c.env;
        const serverBefore = c.server ? serverCpu(c.server.pid) : 0;
        const one = await sampler.sample(c.command, c.args, c.cwd, env);
        if (one.status !== 0) return [errorRow(`startup: ${c.name}`, `exit ${one.status}`)];
        if (c.server) one.cpu += serverCpu(c.server.pid) - serverBefore;
        if (env.CODEWARD_STATE_DIR?.startsWith(fresh)) rmSync(env.CODEWARD_STATE_DIR, { recursive: true, force: true });
        if (round >= 1) for (const key of ['wall', 'cpu']) samples[c.name][key].push(one[key]);
      }
    }
  } finally {
    sampler.close();
    if (existsSync(toggled)) unlinkSync(toggled);
    rmSync(fresh, { recursive: true, force: true });
  }
  const note = `load average ${load.toFixed(2)} -> ${loadavg()[0].toFixed(2)}; ${RUNS} rounds, all rows interleaved`;
  return ['wall', 'cpu'].flatMap((key) => COLD_ROWS.map(([name, a, b, target]) => ({
    ...ratioRow(`startup${key === 'cpu' ? ' CPU' : ''}: ${name}`, { [a]: samples[a][key], [b]: samples[b][key] }, a, b, target),
    note: key === 'cpu' ? `CPU ms (user+sys, children included; + the server's when served); ${note}` : `wall ms; ${note}`,
  })));
}

// The wrapper docs/chatcli-plugin.md installs (its heredoc, run by sh with $CODEWARD this checkout's snapshot
// folder): it starts node without NODE_EXTRA_CA_CERTS, which codeward hands on to what it runs, and hands a call to
// the warm engine through its perl client (dist/bin/warm-call.pl). `nodeOnly`: the same wrapper without the perl
// line (the wrapper of stops 57-61: every call starts node, whose own client hands it over).
function pluginWrapper(nodeOnly = false) {
  const heredoc = /^cat > ~\/\.chatcli\/plugins\/coder <<EOF\n[\s\S]*?\nEOF$/m.exec(readFileSync(join(ROOT, 'docs', 'chatcli-plugin.md'), 'utf8'))?.[0];
  if (!heredoc) throw new Error('docs/chatcli-plugin.md: no wrapper heredoc');
  const wrapper = join(FIXTURES, nodeOnly ? 'startup-coder-node' : 'startup-coder');
  const text = nodeOnly ? heredoc.replace(/^.*warm-call\.pl.*\n/m, '') : heredoc;
  const written = spawnSync('sh', ['-c', text.replace('~/.chatcli/plugins/coder', '"$TARGET"')], { env: { PATH: CLEAN_ENV.PATH, CODEWARD: join(CLI, '..', '..', '..'), TARGET: wrapper }, encoding: 'utf8' });
  if (written.status !== 0) throw new Error(`plugin wrapper: ${written.stderr}`);
  chmodSync(wrapper, 0o755);
  return wrapper;
}

// PLUGIN_CALLS plugin-door reads in a row, through the documented wrapper as ChatCLI runs it, in blocks that
// alternate the sides: cold (CODEWARD_NO_SERVE=1), warm through the perl client, warm through node's client (the
// wrapper without its perl line). Each side's wall and CPU (the call's processes + the server's meanwhile) summed.
// Checked first: each side's answer, and that the perl side answers with no node to start (a `node` that fails).
async function pluginCalls(server) {
  const sides = {
    cold: { wrapper: pluginWrapper(), env: { ...COLD, CODEWARD_CHATCLI_PLUGIN: '1' } },
    perl: { wrapper: pluginWrapper(), env: { ...WARM, CODEWARD_CHATCLI_PLUGIN: '1' }, server },
    node: { wrapper: pluginWrapper(true), env: { ...WARM, CODEWARD_CHATCLI_PLUGIN: '1' }, server },
  };
  const noNode = ensureDir(join(FIXTURES, 'startup-no-node'));
  writeFileSync(join(noNode, 'node'), '#!/bin/sh\nexit 99\n');
  chmodSync(join(noNode, 'node'), 0o755);
  for (const [name, side] of [...Object.entries(sides), ['perl without node', { ...sides.perl, env: { ...sides.perl.env, PATH: `${noNode}:${sides.perl.env.PATH}` } }]]) {
    const r = timed(side.wrapper, ['read', 'small.txt'], { cwd: DATA, env: side.env });
    if (r.status !== 0 || !r.stdout.includes('line 16')) throw new Error(`plugin-door ${name} call failed (exit ${r.status}): ${r.stderr.slice(0, 300)}`);
  }
  const totals = Object.fromEntries(Object.keys(sides).map((name) => [name, { wall: 0, cpu: 0 }]));
  const block = Math.max(1, Math.min(20, PLUGIN_CALLS));
  const sampler = cpuSampler();
  const load = loadavg()[0];
  try {
    for (let done = 0; done < PLUGIN_CALLS; done += block) {
      for (const [name, side] of Object.entries(sides)) {
        for (let call = 0; call < Math.min(block, PLUGIN_CALLS - done); call += 1) {
          const serverBefore = side.server ? serverCpu(side.server.pid) : 0;
          const one = await sampler.sample(side.wrapper, ['read', 'small.txt'], DATA, side.env);
          if (one.status !== 0) throw new Error(`plugin-door ${name} call: exit ${one.status}`);
          totals[name].wall += one.wall;
          totals[name].cpu += one.cpu + (side.server ? serverCpu(side.server.pid) - serverBefore : 0);
        }
      }
    }
  } finally {
    sampler.close();
  }
  return { totals, note: `load average ${load.toFixed(2)} -> ${loadavg()[0].toFixed(2)}; ${PLUGIN_CALLS} calls a side, blocks of ${block} interleaved` };
}
// The warm engines (codeward serve) on DATA and TREE, their state folder fresh; stopped at the end.
async function withServers(work) {
  rmSync(STATE, { recursive: true, force: true });
  const servers = { data: await startServe(CLI, DATA, WARM), ...(PLUGIN_ONLY ? {} : { tree: await startServe(CLI, TREE, WARM) }) };
  try {
    return await work(servers);
  } finally {
    for (const server of Object.values(servers)) server.kill('SIGTERM');
  }
}

// The plugin door's rows: the perl client (the documented wrapper) and node's client, each against cold, wall and CPU.
async function pluginRows(server) {
  const { totals, note } = await pluginCalls(server);
  return [['perl', 'warm (perl client)'], ['node', 'warm through node\'s client']].flatMap(([side, label]) => ['wall', 'cpu'].map((key) => {
    const ratio = totals.cold[key] / totals[side][key];
    return row({ name: `startup${key === 'cpu' ? ' CPU' : ''}: ${PLUGIN_CALLS} plugin-door calls, ${label} vs cold (speed-up)`, unit: 'ms', codeward: totals[side][key], baseline: totals.cold[key], ratio, target: `≥ ${TARGETS.plugin}×`, pass: ratio >= TARGETS.plugin, note: `${key === 'cpu' ? 'CPU ms (the call\'s processes + the server\'s)' : 'wall ms'}; ${note}` });
  }));
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
  writePy(DATA);
  if (!PLUGIN_ONLY) await treeFixture();
  return [...(await withServers(async (servers) => [...(PLUGIN_ONLY ? [] : await sideBySide(servers)), ...(await pluginRows(servers.data))])), ...chunkRow()];
}
