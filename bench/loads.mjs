// Issue 31: which modules a cold call loads, and what they weigh. Not part of run.mjs (it measures no time).
//   node bench/loads.mjs [--dist DIR] [--top N] [--json] [read|exec|tree|search ...]
// Runs each call once as a real process of the built binary (DIR/bin/codeward.js; dist/ by default) on a
// small temporary workspace, with a module loader hook (`--import`) that records every ES module file loaded
// and, at exit, every CommonJS file in require's cache. dist/modules.json (written by scripts/build.mjs) names
// the sources each bundle file holds and the bytes each puts there, so the load is reported by source: the
// bundle files and bytes, the heaviest folders and sources, and the packages left outside the bundle.
import { spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { CLEAN_ENV, DIST, NODE } from './lib.mjs';

// The calls measured (also bench/startup-ab.mjs's), each on the workspace smallWorkspace writes.
export const CALLS = {
  read: ['read', '--file', 'small.txt'],
  exec: ['--sandbox', 'workspace-write', 'exec', '--cmd', 'true', '--yes'],
  // A line with a real program (issue 31's third row): its option tables and the sandbox's git view.
  'exec-git': ['--sandbox', 'workspace-write', 'exec', '--cmd', 'git status', '--yes'],
  tree: ['tree'],
  search: ['search', '--term', 'billing'],
  help: ['--help'],
};

const HOOK = `import { appendFileSync } from 'node:fs';
import { createRequire, register } from 'node:module';
const record = process.env.CODEWARD_BENCH_LOADS;
register('data:text/javascript,' + encodeURIComponent(\`
import { appendFileSync } from 'node:fs';
export async function load(url, context, next) {
  if (url.startsWith('file:')) appendFileSync(\${JSON.stringify(record)}, url + '\\\\n');
  return next(url, context);
}\`));
const cache = createRequire(import.meta.url).cache;
process.on('exit', () => appendFileSync(record, Object.keys(cache).map((file) => 'file://' + file + '\\n').join('')));
`;

export function smallWorkspace(dir) {
  mkdirSync(join(dir, 'src'), { recursive: true });
  writeFileSync(join(dir, 'small.txt'), 'hello\n');
  writeFileSync(join(dir, 'src', 'billing.ts'), 'export const billing = 1;\n');
  return dir;
}

// A small project as a person has one: its own git repository with one commit, under the machine's temporary
// folder. Not under bench/.fixtures: that is inside codeward's own checkout, whose enclosing repository (its linked
// worktrees, unreachable objects, tracked secrets) every call then checks, and whose commits by others change it
// between rounds (perf34: exec 2.89x there against 2.64x in a project of its own).
export function projectWorkspace(prefix) {
  return asProject(smallWorkspace(mkdtempSync(join(tmpdir(), `codeward-bench-${prefix}-`))));
}

// `dir` made its own git repository with one commit (the files it holds).
function asProject(dir) {
  const git = (...args) => spawnSync('git', ['-C', dir, '-c', 'user.name=bench', '-c', 'user.email=bench@example.invalid', ...args], { stdio: 'ignore' });
  git('init', '-q');
  git('add', '-A');
  git('commit', '-qm', 'project');
  return dir;
}

function options(argv) {
  const value = (flag, fallback) => (argv.includes(flag) ? argv[argv.indexOf(flag) + 1] : fallback);
  const skip = new Set(['--dist', '--top'].flatMap((flag) => (argv.includes(flag) ? [argv.indexOf(flag), argv.indexOf(flag) + 1] : [])));
  const names = argv.filter((word, index) => !skip.has(index) && !word.startsWith('--'));
  for (const name of names) if (!CALLS[name]) throw new Error(`bench/loads.mjs: unknown call ${name} (one of ${Object.keys(CALLS).join(', ')})`);
  return { dist: resolve(value('--dist', DIST)), top: Number(value('--top', 15)), json: argv.includes('--json'), names: names.length ? names : Object.keys(CALLS) };
}

// The folder a source is counted under: a package (node_modules/NAME or @scope/NAME) or src/AREA.
function folderOf(source) {
  const inPackage = source.match(/node_modules\/((?:@[^/]+\/)?[^/]+)/);
  if (inPackage) return `node_modules/${inPackage[1]}`;
  return source.split('/').slice(0, 2).join('/');
}

function sumBy(entries, key) {
  const sums = new Map();
  for (const [name, bytes] of entries) sums.set(key(name), (sums.get(key(name)) ?? 0) + bytes);
  return [...sums].sort((a, b) => b[1] - a[1]);
}

// One call's load: the bundle files, the sources they hold (bytes in the bundle) and the outside files.
function loadsOf(name, { dist, work, hook }) {
  const record = join(work, `${name}.loads`);
  writeFileSync(record, '');
  const env = { ...CLEAN_ENV, NODE_OPTIONS: `--import ${hook}`, CODEWARD_BENCH_LOADS: record, CODEWARD_NO_SERVE: '1' };
  const run = spawnSync(NODE, [join(dist, 'bin', 'codeward.js'), '-C', join(work, 'ws'), '--json', ...CALLS[name]], { env, encoding: 'utf8' });
  if (run.status !== 0) throw new Error(`bench/loads.mjs: ${name} exited ${run.status}: ${run.stdout.slice(0, 300)} ${run.stderr.slice(0, 300)}`);
  const modules = JSON.parse(readFileSync(join(dist, 'modules.json'), 'utf8'));
  const files = [...new Set(readFileSync(record, 'utf8').split('\n').filter((url) => url.startsWith('file:')).map((url) => fileURLToPath(url)))];
  const inDist = files.filter((file) => file.startsWith(`${dist}/`));
  const sources = inDist.flatMap((file) => Object.entries(modules[file.slice(dist.length + 1)] ?? {})).filter(([, bytes]) => bytes > 0);
  const outside = files.filter((file) => !file.startsWith(`${dist}/`)).map((file) => [file.replace(/^.*\/node_modules\//, 'node_modules/'), statSync(file).size]);
  return {
    call: name,
    distFiles: inDist.length,
    // A chunk the build made a script (scripts/script-chunks.mjs) counts with its script, which its facade runs.
    distBytes: inDist.reduce((sum, file) => sum + statSync(file).size + (statSync(`${file}.script`, { throwIfNoEntry: false })?.size ?? 0), 0),
    sourceBytes: sources.reduce((sum, [, bytes]) => sum + bytes, 0),
    folders: sumBy(sources, folderOf),
    sources: sources.sort((a, b) => b[1] - a[1]),
    outside: outside.sort((a, b) => b[1] - a[1]),
  };
}

const kb = (bytes) => `${(bytes / 1024).toFixed(1)} KB`;

function print(load, top) {
  console.log(`\n${load.call}: ${load.distFiles} dist files, ${kb(load.distBytes)} (${load.sources.length} sources, ${kb(load.sourceBytes)} of their code); ${load.outside.length} files outside the bundle, ${kb(load.outside.reduce((sum, [, bytes]) => sum + bytes, 0))}`);
  const list = (title, entries) => {
    console.log(`  ${title}`);
    for (const [name, bytes] of entries.slice(0, top)) console.log(`    ${kb(bytes).padStart(10)}  ${name}`);
  };
  list('heaviest folders', load.folders);
  list('heaviest sources', load.sources);
  if (load.outside.length) list('outside the bundle', load.outside);
}

export function main(argv = process.argv.slice(2)) {
  const opts = options(argv);
  const work = mkdtempSync(join(tmpdir(), 'codeward-loads-'));
  try {
    // A project of its own (a git repository): `exec-git` runs `git status` in it.
    asProject(smallWorkspace(join(work, 'ws')));
    const hook = join(work, 'hook.mjs');
    writeFileSync(hook, HOOK);
    const loads = opts.names.map((name) => loadsOf(name, { dist: opts.dist, work, hook }));
    if (opts.json) console.log(JSON.stringify(loads, null, 1));
    else for (const load of loads) print(load, opts.top);
    return loads;
  } finally {
    rmSync(work, { recursive: true, force: true });
  }
}

if (process.argv[1] && resolve(process.argv[1]) === fileURLToPath(import.meta.url)) main();
