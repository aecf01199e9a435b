// 13. Tokens (issue 29): what a model spends on a task. Each recorded session in bench/tokens/fixtures/
// (a real npm package with its tape tests, a one-line bug planted, the task, the model's replies in
// order) is replayed against a build: `codeward agent` runs headless (yolo, OS sandbox as configured)
// on a fresh copy of the package, the fake model answers the recorded replies, every request's prompt
// is counted with gpt-tokenizer, and afterwards the package's tests (and the symptom) must pass.
//
//   node bench/tokens.mjs [--bin PATH] [--baseline PATH] [--only NAME] [--breakdown]   (default --bin: this checkout's dist;
//   --breakdown: each request's tokens by message)
//   node bench/tokens.mjs --baseline /work/old-main/dist/bin/codeward.js    (old and new side by side)
//
// In `npm run bench` the snapshot build runs alone, or beside $CODEWARD_BENCH_TOKENS_BASELINE.
import { spawn, spawnSync } from 'node:child_process';
import { readFileSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { basename, join, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import { CLEAN_ENV, CLI, DIST, FIXTURES, NODE, ROOT, ensureDir, row } from './lib.mjs';
import { agentArgs } from './tokens/agent-args.mjs';
import { plantedCopy } from './tokens/setup.mjs';
import { breakdown } from './tokens/breakdown.mjs';
import { countPrompt, promptText, startModel } from './tokens/model.mjs';

const FIXTURE_DIR = join(ROOT, 'bench', 'tokens', 'fixtures');
const TOTAL_RATIO = 0.5; // total prompt tokens at most half the baseline's
const LAST_TOKENS = 6000; // the last request of a one-line fix in qs (484 tape tests)

export function loadFixtures(only) {
  return readdirSync(FIXTURE_DIR)
    .filter((file) => file.endsWith('.json'))
    .sort()
    .map((file) => ({ name: basename(file, '.json'), ...JSON.parse(readFileSync(join(FIXTURE_DIR, file), 'utf8')) }))
    .filter((fixture) => !only || fixture.name === only);
}

function runAgent(bin, dir, url, state) {
  return (task) => new Promise((done) => {
    const args = [bin, ...agentArgs(dir, task, url)];
    const child = spawn(NODE, args, { cwd: dir, env: { ...CLEAN_ENV, CODEWARD_STATE_DIR: state }, stdio: ['ignore', 'pipe', 'pipe'] });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (chunk) => (stdout += chunk));
    child.stderr.on('data', (chunk) => (stderr += chunk));
    child.on('close', (status) => done({ status, stdout, stderr }));
  });
}

// The package's checks after the session: each command exits 0 (and prints `expect` when given).
function solved(fixture, dir) {
  for (const check of fixture.solved) {
    const result = spawnSync('sh', ['-c', check.cmd], { cwd: dir, encoding: 'utf8', timeout: 180_000, maxBuffer: 64 * 1024 * 1024 });
    if (result.status !== 0 || (check.expect && !result.stdout.includes(check.expect))) return false;
  }
  return true;
}

export async function replaySession(bin, fixture, label) {
  const { root, dir } = plantedCopy(fixture);
  const model = await startModel(fixture.replies);
  try {
    const agent = await runAgent(bin, dir, model.url, join(root, 'state'))(fixture.task);
    const counts = model.requests.map(countPrompt);
    const last = model.requests.at(-1) ?? [];
    writeFileSync(join(ensureDir(join(FIXTURES, 'tokens', 'last')), `${fixture.name}.${label}.txt`), promptText(last));
    return {
      requests: counts.length,
      total: counts.reduce((sum, count) => sum + count.tokens, 0),
      last: counts.at(-1)?.tokens ?? 0,
      lastBytes: counts.at(-1)?.bytes ?? 0,
      breakdown: breakdown(model.requests),
      solved: solved(fixture, dir),
      exit: agent.status,
      error: agent.status === 0 ? undefined : (agent.stdout + agent.stderr).trim().slice(-400),
    };
  } finally {
    await model.close();
    rmSync(root, { recursive: true, force: true });
  }
}

// Every fixture against each build: { fixture, label: result }.
export async function measure(builds, only) {
  const results = [];
  for (const fixture of loadFixtures(only)) {
    const entry = { fixture: fixture.name, package: fixture.package };
    for (const [label, bin] of builds) entry[label] = await replaySession(bin, fixture, label);
    results.push(entry);
  }
  return results;
}

// Rows for bench/run.mjs: per task the total and the last request against the baseline when one is given.
export async function run() {
  const baseline = process.env.CODEWARD_BENCH_TOKENS_BASELINE;
  const builds = [['new', CLI], ...(baseline ? [['old', resolve(baseline)]] : [])];
  const rows = [];
  for (const entry of await measure(builds)) {
    const now = entry.new;
    const old = entry.old;
    const note = `${now.requests} requests, solved: ${now.solved}${old ? `; baseline ${old.requests} requests, solved: ${old.solved}` : ''}${now.error ? `; ${now.error}` : ''}`;
    rows.push(row({ name: `tokens ${entry.fixture}, total`, unit: 'tokens', codeward: now.total, baseline: old?.total ?? null, ratio: old ? now.total / old.total : null, target: old ? `≤ ${TOTAL_RATIO}×, solved` : 'solved', pass: now.solved && (!old || now.total <= TOTAL_RATIO * old.total), note }));
    const qs = entry.package.name === 'qs';
    rows.push(row({ name: `tokens ${entry.fixture}, last request`, unit: 'tokens', codeward: now.last, baseline: old?.last ?? null, ratio: old ? now.last / old.last : null, target: qs ? `≤ ${LAST_TOKENS}` : 'info', pass: qs ? now.last <= LAST_TOKENS : null }));
  }
  return rows;
}

function table(results, labels) {
  const lines = [['task', ...labels.flatMap((label) => [`${label} requests`, `${label} total`, `${label} last`, `${label} solved`])]];
  const sums = Object.fromEntries(labels.map((label) => [label, 0]));
  for (const entry of results) {
    lines.push([entry.fixture, ...labels.flatMap((label) => [entry[label].requests, entry[label].total, entry[label].last, entry[label].solved ? 'yes' : `NO (exit ${entry[label].exit})`])]);
    for (const label of labels) sums[label] += entry[label].total;
  }
  lines.push(['all tasks', ...labels.flatMap((label) => ['', sums[label], '', ''])]);
  const widths = lines[0].map((_, column) => Math.max(...lines.map((line) => String(line[column]).length)));
  return lines.map((line) => line.map((cell, column) => String(cell).padEnd(widths[column])).join('  ')).join('\n');
}

async function main(argv) {
  const value = (flag) => (argv.includes(flag) ? argv[argv.indexOf(flag) + 1] : undefined);
  const bin = resolve(value('--bin') ?? join(DIST, 'bin', 'codeward.js'));
  const baseline = value('--baseline');
  const builds = [...(baseline ? [['old', resolve(baseline)]] : []), ['new', bin]];
  const results = await measure(builds, value('--only'));
  const labels = builds.map(([label]) => label);
  console.log(table(results, labels));
  if (argv.includes('--breakdown')) {
    for (const entry of results) for (const label of labels) console.log(`${entry.fixture} (${label}):\n${entry[label].breakdown.join('\n')}`);
  }
  if (baseline) {
    const sum = (label) => results.reduce((total, entry) => total + entry[label].total, 0);
    console.log(`\ntotal prompt tokens new/old: ${(sum('new') / sum('old')).toFixed(3)} (target ≤ ${TOTAL_RATIO}); tokens counted with gpt-tokenizer (o200k_base) on each request's messages; last prompts in bench/.fixtures/tokens/last/`);
  }
  writeFileSync(join(ensureDir(join(FIXTURES, 'tokens')), 'results.json'), `${JSON.stringify(results, null, 2)}\n`);
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) await main(process.argv.slice(2));
