// Bundled by bench/agent.mjs: the agent loop in process against the scripted model server (real HTTP,
// OpenAI streaming wire format), timing what the loop adds to each turn beyond the model's answer.
import { performance } from 'node:perf_hooks';
import { mkdtemp, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { AgentLoop } from '../src/agent/loop/agent.js';
import { aiSdkClient, type ModelClient } from '../src/agent/model/client.js';
import { createLanguageModel } from '../src/agent/model/create.js';
import { buildSystemPrompt } from '../src/agent/prompt/system.js';
import { createEngine } from '../src/setup.js';
import { startModelServer } from '../test/helpers/model-server.js';

const TURNS = Number(process.env['BENCH_TURNS'] ?? 60);

export async function measure(): Promise<{ turns: number; overheadMs: number; loopOnlyMs: number; modelMs: number }> {
  const root = await mkdtemp(join(tmpdir(), 'codeward-bench-agent-'));
  const files = Array.from({ length: 4 }, (_, index) => `file${index}.ts`);
  for (const name of files) await writeFile(join(root, name), `export const value = ${'1 + '.repeat(200)}1;\n`.repeat(50));
  const turn = (index: number): string =>
    `<reasoning>\nStep ${index}.\n1. Read the files\n2. Summarise\n</reasoning>\n` +
    files.map((name) => `<tool_call name="@coder" args='{"cmd":"read","args":{"file":"${name}","start":${index % 40 + 1},"end":${index % 40 + 5}}}' />`).join('\n');
  const server = await startModelServer({ replies: [...Array.from({ length: TURNS }, (_, index) => turn(index)), 'done'] });
  const config = { provider: 'openai' as const, model: 'bench', baseUrl: server.openaiBaseUrl, apiKey: 'x', stream: true, maxRetries: 0 };
  const inner = aiSdkClient(await createLanguageModel(config), config);
  let modelMs = 0;
  const model: ModelClient = {
    label: inner.label,
    async complete(request) {
      const start = performance.now();
      try {
        return await inner.complete(request);
      } finally {
        modelMs += performance.now() - start;
      }
    },
  };
  const engine = await createEngine({ workspace: root, env: { HOME: root, CODEWARD_STATE_DIR: join(root, '.state') }, permissions: { yes: false, home: root } });
  // Wall time of each turn's tool phase (calls run in parallel, so their durations do not add up).
  let toolMs = 0;
  let phaseStart: number | undefined;
  let phaseEnd = 0;
  const loop = new AgentLoop({
    engine,
    model,
    system: buildSystemPrompt({ workspaceRoot: root, contextFiles: [], registry: engine.registry }),
    env: {},
    maxTurns: TURNS + 5,
    stagnationLimit: TURNS + 5,
    emit: (event) => {
      if (event.type === 'tool_call' && phaseStart === undefined) phaseStart = performance.now();
      else if (event.type === 'tool_result') phaseEnd = performance.now();
      else if (event.type === 'request' && phaseStart !== undefined) {
        toolMs += phaseEnd - phaseStart;
        phaseStart = undefined;
      }
    },
  });
  const start = performance.now();
  const outcome = await loop.run('read the files');
  const total = performance.now() - start;
  await server.close();
  if (!outcome.ok) throw new Error(`bench run failed: ${outcome.result}`);
  const turns = outcome.turns;
  return { turns, overheadMs: (total - modelMs) / turns, loopOnlyMs: (total - modelMs - toolMs) / turns, modelMs: modelMs / turns };
}

const result = await measure();
process.stdout.write(`${JSON.stringify(result)}\n`);
