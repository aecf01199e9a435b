// The per-call cost of the write gate's home scans (issue 31, mention26): a cold `codeward exec --cmd true`
// (sandboxed) and a cold `codeward write` under --yes, with this machine's real home (HOME as it is), cold = a fresh
// CODEWARD_STATE_DIR each call (no kept scan), for one or two builds, interleaved call by call. Wall and CPU (the
// call and every process it waited for: bwrap, rg), medians. Not in npm test; run by hand:
//   node bench/home-scans.mjs cli [--before DIST] [--after dist] [--rounds 11]
//   node bench/home-scans.mjs search [--rounds 9]   (in process: ripgrep vs the in-process reader by walk size)
//   node bench/home-scans.mjs path [--rounds 9]     (in process: the PATH scan cold, and its kept stamps' check)
import { execFileSync, spawn } from 'node:child_process';
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { performance } from 'node:perf_hooks';
import { createInterface } from 'node:readline';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { CLEAN_ENV, DIST, NODE, median } from './lib.mjs';

const argv = process.argv.slice(2);
const mode = argv[0] ?? 'cli';
const value = (flag, fallback) => (argv.includes(flag) ? argv[argv.indexOf(flag) + 1] : fallback);
const rounds = Number(value('--rounds', mode === 'cli' ? 11 : 9));
const tmp = mkdtempSync(join(tmpdir(), 'cw-bench-home-scans-'));
const fmt = (ms) => ms.toFixed(1).padStart(7);

// One sample: { wall, cpu } in ms, by a python3 helper that reads its children's rusage (µs), as
// bench/startup-rows.mjs does. `fresh`: a folder removed before the call (the cold state folder).
const HELPER = `import json, resource, shutil, subprocess, sys, time
for line in sys.stdin:
    call = json.loads(line)
    if call.get('fresh'):
        shutil.rmtree(call['fresh'], ignore_errors=True)
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    start = time.perf_counter()
    run = subprocess.run(call['argv'], cwd=call['cwd'], env=call['env'], stdin=subprocess.DEVNULL, stdout=subprocess.PIPE, stderr=subprocess.DEVNULL)
    wall = time.perf_counter() - start
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    cpu = after.ru_utime + after.ru_stime - before.ru_utime - before.ru_stime
    print(json.dumps({'status': run.returncode, 'ok': b'"ok":true' in run.stdout, 'wall': wall * 1000, 'cpu': cpu * 1000}), flush=True)
`;

async function cli() {
  const builds = Object.fromEntries(Object.entries({ before: value('--before'), after: value('--after', DIST) }).filter(([, dist]) => dist).map(([side, dist]) => [side, resolve(dist)]));
  const ws = join(tmp, 'ws');
  mkdirSync(join(ws, 'src'), { recursive: true });
  writeFileSync(join(ws, 'src/a.ts'), 'export const a = 1;\n');
  writeFileSync(join(ws, 'package.json'), '{"name":"x","scripts":{"test":"vitest"}}\n');
  execFileSync('git', ['init', '-q', ws]);
  const helper = spawn('python3', ['-c', HELPER], { stdio: ['pipe', 'pipe', 'inherit'] });
  const replies = createInterface({ input: helper.stdout })[Symbol.asyncIterator]();
  const cases = [['node -e 0', [NODE, '-e', '0'], undefined]];
  for (const [side, dist] of Object.entries(builds)) {
    const bin = join(dist, 'bin', 'codeward.js');
    const state = join(tmp, `state-${side}`);
    cases.push([`exec ${side}`, [NODE, bin, '-C', ws, '--json', '--sandbox', 'workspace-write', 'exec', '--cmd', 'true', '--yes'], state]);
    cases.push([`write ${side}`, [NODE, bin, '-C', ws, '--json', '--yes', 'write', '--path', 'src/b.ts', '--content', 'export const b = 2;\n'], state]);
  }
  const samples = Object.fromEntries(cases.map(([name]) => [name, []]));
  const load = loadavg()[0];
  for (let round = 0; round < rounds + 2; round += 1) {
    for (const [name, command, state] of round % 2 ? [...cases].reverse() : cases) {
      const env = { ...CLEAN_ENV, CODEWARD_NO_SERVE: '1', ...(state ? { CODEWARD_STATE_DIR: state } : {}) };
      helper.stdin.write(`${JSON.stringify({ argv: command, cwd: ws, env, fresh: state })}\n`);
      const reply = JSON.parse((await replies.next()).value);
      if (reply.status !== 0 || (state && !reply.ok)) throw new Error(`bench/home-scans.mjs: ${name} failed (exit ${reply.status})`);
      if (round >= 2) samples[name].push(reply);
    }
  }
  helper.stdin.end();
  const med = (name, key) => median(samples[name].map((one) => one[key]));
  console.log(`HOME=${process.env.HOME}; load ${load.toFixed(2)} -> ${loadavg()[0].toFixed(2)}; ${rounds} rounds; medians, cold (state folder removed before each call)`);
  console.log('| row | build | wall ms | CPU ms | CPU ÷ node -e 0 |');
  console.log('| --- | --- | ---: | ---: | ---: |');
  for (const [name] of cases) {
    const [row, side = ''] = name.startsWith('node') ? [name] : name.split(' ');
    console.log(`| ${row} | ${side} | ${fmt(med(name, 'wall'))} | ${fmt(med(name, 'cpu'))} | ${(med(name, 'cpu') / med('node -e 0', 'cpu')).toFixed(2)}× |`);
  }
  if (builds.before && builds.after) for (const row of ['exec', 'write']) console.log(`${row}: after/before CPU ${(med(`${row} after`, 'cpu') / med(`${row} before`, 'cpu')).toFixed(3)}, wall ${(med(`${row} after`, 'wall') / med(`${row} before`, 'wall')).toFixed(3)}`);
}

// The sources named, bundled for an in-process measure.
async function bundle(exports) {
  const { build } = await import('esbuild');
  const SRC = fileURLToPath(new URL('../src/', import.meta.url));
  const entry = join(tmp, 'entry.ts');
  writeFileSync(entry, Object.entries(exports).map(([file, names]) => `export { ${names.join(', ')} } from ${JSON.stringify(join(SRC, file))};`).join('\n'));
  const outfile = join(fileURLToPath(new URL('.fixtures/home-scans/', import.meta.url)), 'lib.mjs');
  await build({ entryPoints: [entry], bundle: true, platform: 'node', format: 'esm', outfile, packages: 'external', logLevel: 'silent', absWorkingDir: fileURLToPath(new URL('..', import.meta.url)) });
  return import(`${pathToFileURL(outfile).href}?${Date.now()}`);
}

// The CPU of this process's waited-for children so far (ms; /proc/self/stat cutime + cstime, 10 ms ticks: summed
// over the rounds) and its own (ms).
const childCpu = () => {
  const fields = readFileSync('/proc/self/stat', 'utf8').split(') ')[1].split(' ');
  return (Number(fields[13]) + Number(fields[14])) * 10;
};
const ownCpu = () => {
  const { user, system } = process.cpuUsage();
  return (user + system) / 1000;
};

// ripgrep against the in-process reader over walks of N files of one size: what decides IN_PROCESS.
async function search() {
  const lib = await bundle({ 'permissions/home-mention-walk.ts': ['walkMentions'], 'permissions/home-mention-search.ts': ['readEach', 'rgEach', 'rgBinary'], 'permissions/home-mentions.ts': ['mentionPattern'] });
  const rg = lib.rgBinary();
  console.log(`load ${loadavg()[0].toFixed(2)}; ${rounds} rounds; medians (CPU of rg: its children's total over the rounds / rounds)`);
  console.log('| files | bytes each | total KiB | in process wall ms | in process CPU ms | rg wall ms | rg CPU ms (rg + spawn) | rg ÷ in process (CPU) |');
  console.log('| ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: |');
  // `every`: each file names the workspace (every file decoded and matched: the in-process reader's worst case).
  const sizes = argv.includes('--sizes') ? JSON.parse(value('--sizes')) : [[16, 1024], [256, 1024], [1024, 1024], [2048, 1024], [4096, 1024], [256, 8192], [1024, 4096], [64, 65536], [256, 16384]];
  for (const [count, size, every] of sizes.flatMap(([count, size]) => [[count, size, false], [count, size, true]])) {
    const home = join(tmp, `h-${count}-${size}-${every}`);
    const root = join(home, 'code', 'ws');
    mkdirSync(root, { recursive: true });
    const line = 'setting = value # a comment of a configuration file\n';
    for (let i = 0; i < count; i++) {
      const at = join(home, '.config', `app${i % 32}`, `f${i}.conf`);
      mkdirSync(join(at, '..'), { recursive: true });
      const text = line.repeat(Math.ceil(size / line.length)).slice(0, size - 40);
      writeFileSync(at, every || i % 16 === 0 ? `${text}\nrun ${root}/tools/x${i}.sh\n` : text);
    }
    const walk = lib.walkMentions(home, [root], new Map());
    const { pattern, trigger, needles } = lib.mentionPattern(home, [root]);
    const inProcess = { wall: [], cpu: [] }, byRg = { wall: [] };
    let rgChildren = 0;
    const found = [0, 0];
    for (let round = 0; round < rounds + 1; round++) {
      let start = performance.now(), cpu = ownCpu();
      found[0] = lib.readEach(walk.files, pattern, needles, trigger).length;
      if (round > 0) {
        inProcess.wall.push(performance.now() - start);
        inProcess.cpu.push(ownCpu() - cpu);
      }
      start = performance.now();
      cpu = ownCpu();
      const children = childCpu();
      found[1] = lib.rgEach(rg, walk.files, pattern, trigger).mentions.length;
      if (round > 0) {
        byRg.wall.push(performance.now() - start);
        rgChildren += childCpu() - children + (ownCpu() - cpu);
      }
    }
    if (found[0] !== found[1]) throw new Error(`bench/home-scans.mjs: the readers differ (${found})`);
    const rgCpu = rgChildren / rounds;
    console.log(`| ${count}${every ? ' (each names the workspace)' : ''} | ${size} | ${((count * size) / 1024).toFixed(0)} | ${fmt(median(inProcess.wall))} | ${fmt(median(inProcess.cpu))} | ${fmt(median(byRg.wall))} | ${fmt(rgCpu)} | ${(rgCpu / median(inProcess.cpu)).toFixed(1)} |`);
  }
}

// The PATH scan of this machine's PATH (path-links.ts): cold, and the check of its kept stamps (one stat per stamped
// folder, one lstat per path looked up itself), with what it stamps.
async function path() {
  const lib = await bundle({ 'permissions/path-links.ts': ['pathFolders', 'pathLinksInto'], 'permissions/kept-across.ts': ['stampsOf'], 'permissions/home-links.ts': ['stillLooked'] });
  const folders = lib.pathFolders(process.env.PATH);
  const cold = [], warm = [];
  let scan;
  for (let round = 0; round < rounds + 1; round++) {
    let start = performance.now();
    scan = lib.pathLinksInto(folders, [join(tmp, 'ws')]);
    if (round > 0) cold.push(performance.now() - start);
    start = performance.now();
    lib.stampsOf(scan.listed);
    lib.stillLooked([...scan.looked]);
    if (round > 0) warm.push(performance.now() - start);
  }
  console.log(`load ${loadavg()[0].toFixed(2)}; PATH folders ${folders.length}; stamped folders ${scan.listed.length}; paths looked up themselves ${scan.looked.size}`);
  console.log(`stamped: ${scan.listed.join(' ')}`);
  console.log(`cold scan ${fmt(median(cold))} ms; kept check ${fmt(median(warm))} ms (medians of ${rounds})`);
}

try {
  if (mode === 'cli') await cli();
  else if (mode === 'path') await path();
  else if (mode === 'search') await search();
  else throw new Error(`bench/home-scans.mjs: unknown mode ${mode}`);
} finally {
  rmSync(tmp, { recursive: true, force: true });
}
