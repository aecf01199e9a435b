// Code intelligence (issue 30): outline, the code index and the repo map, in-process (engine.run through
// createEngine from the dist snapshot, in a fresh child process) and through the CLI binary, side by side.
// Fixtures: a 5,000-line TypeScript file (codeward's own sources, concatenated) and a 20,000-file repository
// made of real sources (node_modules' .js/.ts files and the Python standard library, copied under
// os.tmpdir() so no parent .gitignore hides them; removed at the end unless BENCH_CODE_INTEL_KEEP=1).
// Rows: outline cold (grammar loaded) <= 150 ms and from the index's cache <= 20 ms; index cold with 2
// threads <= 90 s, warm (nothing changed) <= 5 s, one changed file <= 0.5 s; peak RSS <= 300 MB; repo-map of
// 1 k tokens from a warm index <= 1 s; the MCP door (a real SDK client on `codeward mcp`) once: its peak RSS and one changed file. The index rows are repo-map calls (index + rank + render): the map
// itself is the warm row (the CLI's repeats the question: a kept page), and a new question each call is its own row. BENCH_CODE_INTEL_RUNS rounds (3; the cold index: BENCH_CODE_INTEL_COLD_RUNS, 2).
import { appendFileSync, cpSync, existsSync, mkdirSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import { dirname, join, relative } from 'node:path';
import { performance } from 'node:perf_hooks';
import { pathToFileURL } from 'node:url';
import { CLEAN_ENV, CLI, LIBRARY, MiB, NODE, ROOT, errorRow, median, parseEnvelope, peakRssKiB, row, timed } from './lib.mjs';

const RUNS = Number(process.env.BENCH_CODE_INTEL_RUNS ?? 3);
const COLD_RUNS = Number(process.env.BENCH_CODE_INTEL_COLD_RUNS ?? 2);
const FILES = Number(process.env.BENCH_CODE_INTEL_FILES ?? 20_000);
const BASE = join(tmpdir(), `codeward-bench-code-intel-${process.getuid?.() ?? 0}`);
const REPO = join(BASE, 'repo');
const ONE = join(BASE, 'one');
const BIG = 'big.ts';
const CHANGED = 'changed.ts';
const CODE = /\.(?:[cm]?js|ts|py)$/;

function walk(dir, out, limit) {
  let entries;
  try {
    entries = readdirSync(dir, { withFileTypes: true });
  } catch {
    return;
  }
  for (const entry of entries.sort((a, b) => (a.name < b.name ? -1 : 1))) {
    if (out.length >= limit) return;
    const path = join(dir, entry.name);
    if (entry.isDirectory()) {
      if (entry.name !== '.git' && entry.name !== '__pycache__') walk(path, out, limit);
    } else if (entry.isFile() && CODE.test(entry.name)) out.push(path);
  }
}

// The repository: real files copied in rounds (a second round under copy-2/ when the sources run out).
export function fixture() {
  const marker = join(REPO, '.complete');
  if (existsSync(marker) && readFileSync(marker, 'utf8') === String(FILES)) return { note: 'fixtures reused', files: FILES };
  rmSync(BASE, { recursive: true, force: true });
  const t0 = performance.now();
  const sources = [join(ROOT, 'node_modules'), ...readdirSync('/usr/lib').filter((name) => /^python3(\.\d+)?$/.test(name)).map((name) => join('/usr/lib', name))];
  const found = [];
  for (const source of sources) walk(source, found, FILES);
  if (found.length === 0) throw new Error('no source files to copy');
  let copied = 0;
  for (let round = 1; copied < FILES; round++) {
    for (const file of found) {
      if (copied >= FILES) break;
      const rel = file.startsWith(ROOT) ? relative(ROOT, file).replace(/^node_modules\//, 'pkgs/') : relative('/usr/lib', file);
      const target = join(REPO, `copy-${round}`, rel.replace(/(^|\/)node_modules\//g, '$1nm/'));
      mkdirSync(dirname(target), { recursive: true });
      cpSync(file, target);
      copied++;
    }
  }
  writeFileSync(join(REPO, CHANGED), 'export function changedOnce(value: number): number {\n  return value + 1;\n}\n');
  // The 5,000-line TypeScript file: codeward's sources, whole files, until 5,000 lines.
  const parts = [];
  let lines = 0;
  const src = [];
  walk(join(ROOT, 'src'), src, Infinity);
  for (const file of src.filter((path) => path.endsWith('.ts'))) {
    if (lines >= 5000) break;
    const text = readFileSync(file, 'utf8');
    parts.push(text);
    lines += text.split('\n').length;
  }
  mkdirSync(ONE, { recursive: true });
  writeFileSync(join(ONE, BIG), parts.join('\n'));
  writeFileSync(marker, String(FILES));
  return { note: `fixtures made in ${((performance.now() - t0) / 1000).toFixed(1)} s`, files: copied };
}

// Changes one file's content (a line appended): the "one changed file" case.
function change(round) {
  appendFileSync(join(REPO, CHANGED), `// change ${round} ${Date.now()}\n`);
}

const ms = (samples) => median(samples);

// The peak RSS of one call (Linux: VmHWM, reset before the call by writing 5 to /proc/self/clear_refs);
// undefined where that cannot be done (the process's max RSS, process.resourceUsage, never goes down).
function resetPeak() {
  try {
    writeFileSync('/proc/self/clear_refs', '5');
  } catch {
    // No per-call peak here.
  }
}

function peakKiB() {
  try {
    return Number(/VmHWM:\s+(\d+)/.exec(readFileSync('/proc/self/status', 'utf8'))[1]);
  } catch {
    return undefined;
  }
}

// --- Child mode: in-process through engine.run --------------------------------------------------------------

async function child(mode, state) {
  const { createEngine } = await import(pathToFileURL(LIBRARY).href);
  const env = { ...process.env, CODEWARD_STATE_DIR: state };
  const call = async (engine, cmd, args) => {
    resetPeak();
    const start = performance.now();
    const cpu = process.cpuUsage();
    const envelope = await engine.run({ cmd, args });
    const took = performance.now() - start;
    if (!envelope.ok) throw new Error(`engine.run(${cmd}) failed: ${JSON.stringify(envelope.error)}`);
    // CPU time of the whole process (all threads): the figure that means something on a loaded machine.
    return { took, cpu: process.cpuUsage(cpu).user / 1000, peakKiB: peakKiB(), data: envelope.data };
  };
  const out = {};
  if (mode === 'outline') {
    const engine = await createEngine({ workspace: ONE, env });
    const first = await call(engine, 'outline', { file: BIG });
    out.first = first.took;
    out.symbols = first.data.symbols.length;
    out.outline = [];
    for (let i = 0; i < RUNS + 2; i++) out.outline.push((await call(engine, 'outline', { file: BIG })).took);
    out.outline = out.outline.slice(2);
    // After a change (a comment appended): the parse and the queries with the engine's grammars loaded.
    const original = readFileSync(join(ONE, BIG), 'utf8');
    out.outlineChanged = [];
    try {
      for (let i = 0; i < RUNS; i++) {
        writeFileSync(join(ONE, BIG), `${original}// change ${i}\n`);
        const changed = await call(engine, 'outline', { file: BIG });
        out.outlineChanged.push(changed.took);
        (out.outlineChangedCpu ??= []).push(changed.cpu);
      }
    } finally {
      writeFileSync(join(ONE, BIG), original);
    }
  } else if (mode === 'mcp') {
    await mcpChild(state, out);
  } else {
    const engine = await createEngine({ workspace: REPO, env });
    const map = (label) => call(engine, 'repo-map', { budget: 1024 }).then((result) => {
      out[label] ??= [];
      out[label].push(result.took);
      out[`${label}Cpu`] ??= [];
      out[`${label}Cpu`].push(result.cpu);
      (out[`${label}PeakKiB`] ??= []).push(result.peakKiB);
      out[`${label}Data`] = { files: result.data.files, parsed: result.data.parsed, threads: result.data.threads, skipped: result.data.skipped.length, tokens: result.data.tokens, symbols: result.data.symbols };
      return result;
    });
    await map('cold');
    for (let i = 0; i < RUNS; i++) await map('warm');
    for (let i = 0; i < RUNS; i++) {
      change(`in-${i}`);
      const result = await map('changed');
      if (result.data.parsed !== 1) throw new Error(`one changed file: repo-map parsed ${result.data.parsed} files, not 1`);
    }
    // The process's peak over every call: resetting VmHWM before each call resets what getrusage reports too
    // (its max RSS is the mm's high-water mark while the process runs), so the calls' own peaks are counted.
    out.maxRssKiB = Math.max(process.resourceUsage().maxRSS, ...['cold', 'warm', 'changed'].flatMap((label) => out[`${label}PeakKiB`] ?? []).filter((kib) => kib !== undefined));
  }
  process.stdout.write(JSON.stringify(out));
}

// The MCP door: a real SDK client on `codeward -C REPO mcp` (the bin, its V8 flags), repo-map cold, warm and
// after one changed file; the server's peak RSS (VmHWM) and CPU (utime + stime, /proc) per call.
async function mcpChild(state, out) {
  const { Client } = await import('@modelcontextprotocol/sdk/client/index.js');
  const { StdioClientTransport } = await import('@modelcontextprotocol/sdk/client/stdio.js');
  const transport = new StdioClientTransport({ command: NODE, args: [CLI, '-C', REPO, 'mcp'], env: { ...CLEAN_ENV, CODEWARD_STATE_DIR: state }, cwd: REPO, stderr: 'ignore' });
  const client = new Client({ name: 'bench-code-intel', version: '1' }, { capabilities: {} });
  await client.connect(transport);
  const proc = (name) => readFileSync(`/proc/${transport.pid}/${name}`, 'utf8');
  const cpu = () => {
    const fields = proc('stat').split(') ')[1].split(' ');
    return (Number(fields[11]) + Number(fields[12])) * 10;
  };
  const map = async (label) => {
    const before = cpu();
    const start = performance.now();
    const result = await client.callTool({ name: 'repo-map', arguments: { budget: 1024 } }, undefined, { timeout: 1_800_000 });
    const took = performance.now() - start;
    if (result.isError) throw new Error(`mcp repo-map: ${JSON.stringify(result.content).slice(0, 400)}`);
    (out[label] ??= []).push(took);
    (out[`${label}Cpu`] ??= []).push(cpu() - before);
    return result.structuredContent?.data;
  };
  try {
    await map('cold');
    for (let i = 0; i < RUNS; i++) await map('warm');
    for (let i = 0; i < RUNS; i++) {
      change(`mcp-${i}`);
      const data = await map('changed');
      if (data?.parsed !== 1) throw new Error(`one changed file: the MCP door's repo-map parsed ${data?.parsed} files, not 1`);
    }
    out.maxRssKiB = Number(/VmHWM:\s+(\d+)/.exec(proc('status'))[1]);
  } finally {
    await client.close();
  }
}

function runChild(mode, state) {
  const result = timed(NODE, [join(ROOT, 'bench', 'code-intel.mjs'), '--child', mode, state], { env: CLEAN_ENV });
  if (result.status !== 0) throw new Error(`in-process ${mode} child exited ${result.status}: ${result.stderr.trim().slice(-800)}`);
  return JSON.parse(result.stdout);
}

// --- CLI --------------------------------------------------------------------------------------------------------

// CPU (user + system) of the children this process has waited for, in ms (Linux: /proc/self/stat cutime and
// cstime, in clock ticks of 10 ms); NaN elsewhere. The figure that means something on a loaded machine.
function childrenCpuMs() {
  try {
    const fields = readFileSync('/proc/self/stat', 'utf8').split(') ')[1].split(' ');
    return (Number(fields[13]) + Number(fields[14])) * 10;
  } catch {
    return NaN;
  }
}

function cli(cwd, state, args, check) {
  const env = { ...CLEAN_ENV, CODEWARD_STATE_DIR: state };
  const before = childrenCpuMs();
  const { kib, result } = peakRssKiB(NODE, [CLI, '-C', cwd, '--json', ...args], { cwd, env });
  const cpu = childrenCpuMs() - before;
  const { envelope, error } = parseEnvelope(result);
  if (error) throw new Error(`codeward ${args.join(' ')}: ${error}`);
  const problem = check?.(envelope.data);
  if (problem) throw new Error(`codeward ${args.join(' ')}: ${problem}`);
  return { ms: result.ms, cpu, kib, data: envelope.data };
}

export async function run() {
  const rows = [];
  const load = [loadavg()];
  let made;
  try {
    made = fixture();
  } catch (error) {
    return [errorRow('code intel: fixtures', error.stack ?? String(error))];
  }
  const states = join(BASE, 'state');
  const fresh = (name) => {
    const dir = join(states, name);
    rmSync(dir, { recursive: true, force: true });
    mkdirSync(dir, { recursive: true });
    return dir;
  };
  const inProc = { cold: [], warm: [], changed: [], rss: [], coldCpu: [], warmCpu: [], changedCpu: [], coldPeakKiB: [], warmPeakKiB: [], changedPeakKiB: [] };
  const viaCli = { cold: [], warm: [], asked: [], changed: [], rss: [], outline: [], coldCpu: [], warmCpu: [], askedCpu: [], changedCpu: [], changedRss: [], coldRss: [] };
  let outline;
  let viaMcp;
  let dataNote = '';
  try {
    outline = runChild('outline', fresh('outline'));
    for (let i = 0; i < RUNS; i++) viaCli.outline.push(cli(ONE, join(states, 'outline'), ['outline', '--file', BIG]).ms);
    // Cold rounds alternate: in-process, then the CLI, each on a fresh state folder.
    for (let round = 0; round < COLD_RUNS; round++) {
      const inside = runChild('index', fresh(`in-${round}`));
      inProc.cold.push(...inside.cold);
      inProc.warm.push(...inside.warm);
      inProc.changed.push(...inside.changed);
      for (const key of ['coldCpu', 'warmCpu', 'changedCpu', 'coldPeakKiB', 'warmPeakKiB', 'changedPeakKiB']) inProc[key].push(...inside[key].filter((value) => value !== undefined));
      inProc.rss.push(inside.maxRssKiB);
      dataNote = `${inside.coldData.files} files indexed, ${inside.coldData.skipped} skipped, ${inside.coldData.threads} threads; map ${inside.warmData.tokens} tokens, ${inside.warmData.symbols} symbols`;
      const state = fresh(`cli-${round}`);
      const cold = cli(REPO, state, ['repo-map', '--budget', '1024']);
      viaCli.cold.push(cold.ms);
      viaCli.coldCpu.push(cold.cpu);
      viaCli.rss.push(cold.kib);
      viaCli.coldRss.push(cold.kib);
      for (let i = 0; i < RUNS; i++) {
        const warm = cli(REPO, state, ['repo-map', '--budget', '1024'], (data) => (data.parsed === 0 ? undefined : `warm run parsed ${data.parsed} files`));
        viaCli.warm.push(warm.ms);
        viaCli.warmCpu.push(warm.cpu);
        viaCli.rss.push(warm.kib);
      }
      // A new question each time (no kept page): the warm index loaded and the graph built by a new process.
      for (let i = 0; i < RUNS; i++) {
        const asked = cli(REPO, state, ['repo-map', '--budget', '1024', '--names', `bench${round}x${i}`], (data) => (data.parsed === 0 ? undefined : `parsed ${data.parsed} files`));
        viaCli.asked.push(asked.ms);
        viaCli.askedCpu.push(asked.cpu);
      }
      for (let i = 0; i < RUNS; i++) {
        change(`cli-${round}-${i}`);
        const changed = cli(REPO, state, ['repo-map', '--budget', '1024'], (data) => (data.parsed === 1 ? undefined : `parsed ${data.parsed} files, not 1`));
        viaCli.changed.push(changed.ms);
        viaCli.changedCpu.push(changed.cpu);
        viaCli.changedRss.push(changed.kib);
      }
    }
    // The MCP door once (a cold index of its own): the same engine as in-process, behind the bin's V8 flags.
    viaMcp = runChild('mcp', fresh('mcp'));
  } catch (error) {
    rows.push(errorRow('code intel', error.stack ?? String(error)));
    return rows;
  }
  load.push(loadavg());
  const loadNote = `load average ${load.map((each) => each.map((value) => value.toFixed(2)).join('/')).join(' → ')}; ${made.note}; ${dataNote}`;
  const both = (name, key, targetMs, note) => {
    const cpu = `CPU (all threads) median ${Math.round(ms(inProc[`${key}Cpu`]))} ms`;
    rows.push(row({ name: `${name}, in-process`, unit: 'ms', codeward: ms(inProc[key]), target: `<= ${targetMs} ms`, pass: ms(inProc[key]) <= targetMs, samples: { codeward: inProc[key] }, note: note ? `${cpu}; ${note}` : cpu }));
    rows.push(row({ name: `${name}, CLI`, unit: 'ms', codeward: ms(viaCli[key]), target: `<= ${targetMs} ms`, pass: ms(viaCli[key]) <= targetMs, samples: { codeward: viaCli[key] }, note: `CPU (user+sys, the whole process) median ${Math.round(ms(viaCli[`${key}Cpu`]))} ms` }));
  };
  rows.push(row({ name: 'outline 5k-line TS, in-process (engine.run; the same text: from the outline cache)', unit: 'ms', codeward: ms(outline.outline), target: '<= 20 ms', pass: ms(outline.outline) <= 20, samples: { codeward: outline.outline }, note: `${outline.symbols} symbols; first call ${outline.first.toFixed(0)} ms` }));
  rows.push(row({ name: 'outline 5k-line TS after a change, in-process (engine.run)', unit: 'ms', codeward: ms(outline.outlineChanged), target: '<= 150 ms', pass: ms(outline.outlineChanged) <= 150, samples: { codeward: outline.outlineChanged }, note: `CPU median ${Math.round(ms(outline.outlineChangedCpu))} ms (the file's previous tree kept: an incremental reparse)` }));
  rows.push(row({ name: 'outline 5k-line TS, CLI (whole process)', unit: 'ms', codeward: ms(viaCli.outline), target: 'info', samples: { codeward: viaCli.outline } }));
  both(`index ${made.files} files cold (repo-map)`, 'cold', 90_000, loadNote);
  both('index warm, nothing changed (repo-map 1k tokens)', 'warm', 1_000);
  rows.push(row({ name: 'index warm, a new question each call (no kept map page), CLI', unit: 'ms', codeward: ms(viaCli.asked), target: '<= 1000 ms', pass: ms(viaCli.asked) <= 1000, samples: { codeward: viaCli.asked }, note: `CPU (user+sys) median ${Math.round(ms(viaCli.askedCpu))} ms` }));
  both('index, one changed file (repo-map)', 'changed', 500);
  const peak = Math.max(...inProc.rss) / 1024;
  const cliPeak = Math.max(...viaCli.rss) / 1024;
  // Each call's own peak (VmHWM reset before it): which call sets the process's peak.
  const perCall = ['cold', 'warm', 'changed'].filter((key) => inProc[`${key}PeakKiB`].length > 0)
    .map((key) => `${key} ${inProc[`${key}PeakKiB`].map((kib) => Math.round(kib / 1024)).join('/')}`).join('; ');
  rows.push(row({ name: 'index peak RSS, in-process', unit: 'MiB', codeward: peak, target: '<= 300 MB', pass: peak * MiB <= 300e6, note: perCall === '' ? undefined : `each call's own peak (MiB): ${perCall}` }));
  for (const key of ['warm', 'changed']) {
    const peaks = inProc[`${key}PeakKiB`];
    if (peaks.length === 0) continue;
    const most = Math.max(...peaks) / 1024;
    rows.push(row({ name: `index peak RSS of a ${key === 'warm' ? 'warm call' : 'one-changed-file call'} after the cold one, in-process`, unit: 'MiB', codeward: most, target: '<= 300 MB', pass: most * MiB <= 300e6, samples: { codeward: peaks.map((kib) => kib / 1024) } }));
  }
  rows.push(row({ name: 'index peak RSS, CLI', unit: 'MiB', codeward: cliPeak, target: '<= 300 MB', pass: cliPeak * MiB <= 300e6, note: `each call a process: cold ${viaCli.coldRss.map((kib) => Math.round(kib / 1024)).join('/')} MiB, one changed file ${(Math.max(...viaCli.changedRss) / 1024).toFixed(0)} MiB` }));
  const mcpPeak = viaMcp.maxRssKiB / 1024;
  const mcpCpu = (key) => Math.round(ms(viaMcp[`${key}Cpu`]));
  rows.push(row({ name: 'index peak RSS, MCP door (SDK client, codeward mcp)', unit: 'MiB', codeward: mcpPeak, target: '<= 300 MB', pass: mcpPeak * MiB <= 300e6, note: `cold ${(viaMcp.cold[0] / 1000).toFixed(1)} s wall, ${(viaMcp.coldCpu[0] / 1000).toFixed(1)} s CPU; warm ${Math.round(ms(viaMcp.warm))} ms (CPU ${mcpCpu('warm')} ms); one changed file ${Math.round(ms(viaMcp.changed))} ms (CPU ${mcpCpu('changed')} ms)` }));
  rows.push(row({ name: 'index, one changed file (repo-map), MCP door', unit: 'ms', codeward: ms(viaMcp.changed), target: '<= 500 ms', pass: ms(viaMcp.changed) <= 500, samples: { codeward: viaMcp.changed }, note: `CPU (the server process) median ${mcpCpu('changed')} ms` }));
  if (process.env.BENCH_CODE_INTEL_KEEP !== '1') rmSync(BASE, { recursive: true, force: true });
  return rows;
}

if (process.argv[2] === '--child') {
  await child(process.argv[3], process.argv[4]);
} else if (process.argv[1] !== undefined && import.meta.url === pathToFileURL(process.argv[1]).href) {
  for (const r of await run()) console.log(`${r.name}: ${r.codeward} ${r.unit} (${r.pass === null ? 'info' : r.pass ? 'PASS' : 'FAIL'}) ${r.note ?? r.error ?? ''}`);
}
