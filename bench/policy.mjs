// 8. Permission decisions: how long the gate takes to judge a call after warm-up (target ≤ 1 ms), with
// the shell parse included for exec lines. Run directly with --inproc it is the child that measures.
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { performance } from 'node:perf_hooks';
import { FIXTURES, LIBRARY, NODE, errorRow, median, row, timed } from './lib.mjs';

const DIR = join(FIXTURES, 'policy');
const ROUNDS = 2_000;
const WARMUP = 300;
const TARGET_MS = 1;
// A mix of what agents send: shell lines (compound, redirected, immune), file writes and reads.
const CALLS = [
  ['@coder exec npm test', 'allow'],
  ['@coder exec git log --oneline | head -20 && git status', 'allow'],
  ['@coder exec npm run build > build.log 2>&1', 'ask'],
  ['@coder exec git push --force origin main', 'ask'],
  ['@coder exec rm -rf node_modules && npm ci', 'ask'],
  ['@coder write src/app.ts', 'allow'],
  ['@coder write secrets/key.txt', 'deny'],
  ['@coder read src/app.ts', 'allow'],
];

async function inProcess() {
  mkdirSync(join(DIR, '.codeward'), { recursive: true });
  const rules = [
    { pattern: '@coder exec npm *', action: 'allow' },
    { pattern: '@coder exec git *', action: 'allow' },
    { pattern: '@coder write src/**', action: 'allow' },
    { pattern: '@coder write secrets/**', action: 'deny' },
    ...Array.from({ length: 40 }, (_, i) => ({ pattern: `@coder exec tool${i} *`, action: i % 2 ? 'ask' : 'allow' })),
  ];
  writeFileSync(join(DIR, '.codeward/policy.json'), JSON.stringify({ rules }));
  const lib = await import(pathToFileURL(LIBRARY).href);
  const policy = await lib.loadPolicy({ workspaceRoot: DIR, home: DIR });
  const denials = new lib.DenialTracker();
  const parser = new lib.ShellParser();
  const explain = (call) => lib.explainCall(policy, denials, call, { parser });
  for (const [call, expected] of CALLS) {
    const { decision } = await explain(call);
    if (decision !== expected) throw new Error(`${call}: expected ${expected}, got ${decision}`);
  }
  for (let i = 0; i < WARMUP; i += 1) await explain(CALLS[i % CALLS.length][0]);
  const times = new Float64Array(ROUNDS);
  for (let i = 0; i < ROUNDS; i += 1) {
    const t0 = performance.now();
    await explain(CALLS[i % CALLS.length][0]);
    times[i] = performance.now() - t0;
  }
  process.stdout.write(JSON.stringify({ times: [...times] }));
}

export async function run() {
  const child = timed(NODE, [new URL(import.meta.url).pathname, '--inproc']);
  const name = `policy: decide a call, parse included (median of ${ROUNDS.toLocaleString('en')}, ${CALLS.length} kinds, 44 rules)`;
  if (child.status !== 0) return [errorRow(name, (child.stderr || child.stdout).trim().split('\n').slice(-3).join(' | '))];
  const { times } = JSON.parse(child.stdout);
  const value = median(times);
  return [row({ name, unit: 'ms', codeward: value, target: `≤ ${TARGET_MS} ms`, pass: value <= TARGET_MS, note: 'every decision checked against its expected allow/ask/deny first' })];
}

if (process.argv[2] === '--inproc') {
  inProcess().catch((error) => {
    process.stderr.write(`${error.stack ?? error}\n`);
    process.exit(1);
  });
}
