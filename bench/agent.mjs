// 10. Coder mode: what the agent loop adds to each turn beyond the model's own time (target ≤ 10 ms),
// measured in process against the scripted model server (real HTTP, OpenAI streaming format). Each turn
// runs four reads in parallel through the engine; the row with "loop only" leaves the tools' own time out.
import { build } from 'esbuild';
import { join } from 'node:path';
import { FIXTURES, NODE, ROOT, errorRow, median, row, timed } from './lib.mjs';

const TARGET_MS = 10;
const RUNS = 3;

export async function run() {
  const outfile = join(FIXTURES, 'agent-bench.mjs');
  await build({
    absWorkingDir: ROOT,
    entryPoints: [join(ROOT, 'bench', 'agent-entry.ts')],
    outfile,
    bundle: true,
    format: 'esm',
    platform: 'node',
    target: 'node20',
    external: ['@vscode/ripgrep', 'web-tree-sitter', 'tree-sitter-bash', '@modelcontextprotocol/sdk', 'iii-sdk'],
    banner: { js: "import { createRequire as __cwCreateRequire } from 'node:module'; const require = __cwCreateRequire(import.meta.url);" },
    logLevel: 'warning',
  });
  const samples = [];
  for (let index = 0; index < RUNS; index += 1) {
    const { ms: _ms, stdout, stderr, status } = timed(NODE, [outfile]);
    if (status !== 0) return [errorRow('agent turn overhead', stderr.trim().slice(0, 500))];
    samples.push(JSON.parse(stdout.trim().split('\n').pop()));
  }
  const overhead = median(samples.map((sample) => sample.overheadMs));
  const loopOnly = median(samples.map((sample) => sample.loopOnlyMs));
  const model = median(samples.map((sample) => sample.modelMs));
  return [
    row({ name: 'agent turn overhead (4 parallel reads)', unit: 'ms', codeward: overhead, baseline: model, ratio: overhead / model, target: `≤ ${TARGET_MS} ms`, pass: overhead <= TARGET_MS, note: `baseline = the scripted model's own time per turn; ${samples[0].turns} turns × ${RUNS} runs` }),
    row({ name: 'agent turn overhead (loop only)', unit: 'ms', codeward: loopOnly, target: `≤ ${TARGET_MS} ms`, pass: loopOnly <= TARGET_MS }),
  ];
}
