// Issue 31: what a V8 code cache could save a cold call on Node 20 (no module.enableCompileCache there), before
// one is built (not part of run.mjs). Only scripts take vm.Script's cachedData, so each chunk's ES module syntax
// is stripped (its imports, its export list, import.meta) and the rest compiled as one function's body, the way
// a build emitted as scripts would be: fresh processes compile it with no cache and with the cache a first
// process made, and report their CPU for the compile alone; medians of --rounds (7), interleaved.
//   node bench/code-cache-estimate.mjs [--dist DIR] [--rounds N] GROUP ...   (chunk name prefixes: bin-core cli-core)
// The cache holds what the compile compiled eagerly (the top level): functions V8 compiles lazily while the module
// evaluates and the call runs are not in it, so the saving on a real call is at least this. It measures no
// evaluation, and nothing here says a kept cache is safe to use (see the report of perf31g).
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { DIST, NODE, median } from './lib.mjs';

const argv = process.argv.slice(2);
const value = (flag, fallback) => (argv.includes(flag) ? argv[argv.indexOf(flag) + 1] : fallback);
const dist = resolve(value('--dist', DIST));
const rounds = Number(value('--rounds', 7));
const groups = argv.filter((arg, index) => !arg.startsWith('--') && !['--dist', '--rounds'].includes(argv[index - 1] ?? ''));
if (groups.length === 0) {
  console.error('usage: node bench/code-cache-estimate.mjs [--dist DIR] [--rounds N] GROUP ...');
  process.exit(2);
}

// argv: FILE MODE CACHE. MODE make: compile and write the cache; none: compile; use: compile with the cache.
const CHILD = `import vm from 'node:vm';
import { readFileSync, writeFileSync } from 'node:fs';
const [file, mode, cache] = process.argv.slice(1);
const body = readFileSync(file, 'utf8')
  .replace(/import\\s*[\\w*$\\s{},]*?from\\s*"[^"]+";?/g, '')
  .replace(/export\\s*\\{[^}]*\\};?/g, '')
  .replace(/import\\.meta\\.url/g, '"file:///x"')
  .replace(/import\\.meta/g, '({})');
const code = '(function(){' + body + '\\n})';
const start = process.cpuUsage();
const script = new vm.Script(code, { filename: file, ...(mode === 'use' ? { cachedData: readFileSync(cache) } : {}) });
const used = process.cpuUsage(start);
if (mode === 'make') writeFileSync(cache, script.createCachedData());
if (mode === 'use' && script.cachedDataRejected) throw new Error('cache rejected');
console.log((used.user + used.system) / 1000);`;

const folder = mkdtempSync(join(tmpdir(), 'codeward-code-cache-'));
try {
  const files = readdirSync(join(dist, 'chunks'));
  for (const group of groups) {
    const chunk = files.find((name) => name.startsWith(`${group}-`) && name.endsWith('.js'));
    if (!chunk) throw new Error(`bench/code-cache-estimate.mjs: no chunk ${group}-*.js in ${dist}/chunks`);
    const file = join(dist, 'chunks', chunk);
    const cache = join(folder, `${group}.cache`);
    const run = (mode) => {
      const child = spawnSync(NODE, ['--input-type=module', '-e', CHILD, file, mode, cache], { encoding: 'utf8' });
      if (child.status !== 0) throw new Error(`bench/code-cache-estimate.mjs: ${group} ${mode}: ${child.stderr}`);
      return Number(child.stdout.trim());
    };
    run('make');
    const samples = { none: [], use: [] };
    for (let round = 0; round < rounds; round++) for (const mode of ['none', 'use']) samples[mode].push(run(mode));
    const none = median(samples.none);
    const use = median(samples.use);
    console.log(`${group.padEnd(10)} compile CPU: no cache ${none.toFixed(2)} ms, with a code cache ${use.toFixed(2)} ms (saves ${(none - use).toFixed(2)} ms)`);
  }
} finally {
  rmSync(folder, { recursive: true, force: true });
}
